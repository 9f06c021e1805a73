import { execFile } from 'node:child_process';
import { repoRoot } from '../setup/paths';

/**
 * Lints in-memory examples with the project's eslint.config.mjs, each as if it were the file at
 * `filePath` (relative to the repo), and resolves with each one's errors. ESLint's Node API runs in
 * test/helpers/lint-text.mjs (new ESLint({ overrideConfigFile }).lintText(code, { filePath })), a
 * process of its own because it loads the config with import().
 */
export function lintTexts(
  examples: { code: string; filePath: string }[],
): Promise<{ ruleId: string; message: string }[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [`${repoRoot}/test/helpers/lint-text.mjs`],
      { cwd: repoRoot, maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${err.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
    child.stdin!.end(JSON.stringify(examples));
  });
}
