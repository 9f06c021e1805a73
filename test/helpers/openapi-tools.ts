import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { repoRoot, tsxCommand } from '../setup/paths';

/**
 * What a client of the api does with /api/docs, run on the live document: Redocly's linter,
 * openapi-typescript's generator and the TypeScript compiler, each as the studio app runs it.
 * Each call works in a scratch folder under .data/ (the repository's node_modules resolve there).
 */

/** One finding of `redocly lint --format json`. */
export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

// The CLI's anonymous usage report and its update check would reach out from every test run.
const quietRedocly = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

/** Runs `node <args>` on this test's Node.js; resolves with what it printed, whatever its exit code. */
async function runNode(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** A scratch folder under .data/, removed by the caller. */
export function scratchDir(prefix: string): string {
  const parent = path.join(repoRoot, '.data');
  fs.mkdirSync(parent, { recursive: true });
  return fs.mkdtempSync(path.join(parent, prefix));
}

/**
 * `redocly lint` with the repository's redocly.yaml (recommended rules) and its ignore file,
 * which are keyed by the name the document is written under here: `openapi.json`.
 */
export async function redoclyLint(dir: string, document: unknown): Promise<LintProblem[]> {
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml'])
    fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  const cli = path.join(repoRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const run = await runNode(
    [cli, 'lint', 'openapi.json', '--format', 'json', '--max-problems', '10000'],
    dir,
    quietRedocly,
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint printed no report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  return (JSON.parse(run.stdout.slice(start)) as { problems: LintProblem[] }).problems;
}

/** `openapi-typescript openapi.json -o <out>`: the paths and operations types a typed client is built on. */
export async function generateClientTypes(dir: string, document: unknown, out: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
  const cli = path.join(repoRoot, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  const run = await runNode([cli, 'openapi.json', '-o', out], dir);
  if (run.code !== 0 || !fs.existsSync(path.join(dir, out)))
    throw new Error(`openapi-typescript failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
}

/**
 * Type-checks one file as an app compiles its client (strict, ES modules resolved as a bundler
 * does, Node's globals for the part the test runs); answers the diagnostics as `file:line: message`,
 * none when it compiles.
 */
export function typeCheck(file: string): string[] {
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    {
      strict: true,
      noEmit: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom'],
      types: ['node'],
      skipLibCheck: true,
    },
    path.dirname(file),
  );
  if (errors.length > 0) return errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const program = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** Runs a TypeScript file under tsx with the given environment; answers what it printed. */
export async function runTypeScript(file: string, env: Record<string, string>): Promise<string> {
  const run = await runNode(tsxCommand(file)[1], repoRoot, env);
  if (run.code !== 0)
    throw new Error(`${path.basename(file)} failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}
