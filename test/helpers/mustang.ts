import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureMustangCli, mustangCliDir } from '../../scripts/fetch-mustang-cli';
import { compiledJavaClasses } from './java-classes';
import { within } from './stack-launcher';

/** What the Mustang validator says of one file: its overall status, and each error and warning it reports (PDF/A and XML). */
export interface MustangReport {
  status: 'valid' | 'invalid';
  /** The PDF/A part (veraPDF): the flavour it checked and whether it is compliant; null for an XML file. */
  pdfa: { flavour: string; compliant: boolean; failedAssertions: string } | null;
  errors: string[];
  warnings: string[];
  /** The report itself, for the test's log. */
  xml: string;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads the XML report `--action validate` prints (its structure: docs/e-invoicing.md, "How it is tested"). */
export function parseMustangReport(xml: string): MustangReport {
  const messages = (tag: 'error' | 'warning') =>
    [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
      unescape(m[1]).replace(/\s+/g, ' ').trim(),
    );
  const pdf =
    /ValidationResult \[flavour=([^,]+), totalAssertions=\d+, assertions=\[([\s\S]*?)\], isCompliant=(true|false)\]/.exec(
      xml,
    );
  const summaries = [...xml.matchAll(/<summary status="(valid|invalid)"\s*\/>/g)];
  return {
    status: summaries.length > 0 && summaries[summaries.length - 1][1] === 'valid' ? 'valid' : 'invalid',
    pdfa: pdf ? { flavour: pdf[1], compliant: pdf[3] === 'true', failedAssertions: pdf[2].trim() } : null,
    errors: messages('error'),
    warnings: messages('warning'),
    xml,
  };
}

const RUNNER = path.join(__dirname, 'mustang', 'ValidateWithMustang.java');
const BEGIN = '<<<mustang report>>>';
const END = '<<<mustang end>>>';

/** The test file's Mustang: one JVM, started at the first file, asked one file at a time. */
interface MustangJvm {
  ask: (file: string) => Promise<string>;
  stop: () => Promise<void>;
}

let jvm: MustangJvm | undefined;

function startMustangJvm(): MustangJvm {
  const jar = ensureMustangCli();
  const child = spawn(
    'java',
    [
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-cp',
      [compiledJavaClasses(RUNNER, mustangCliDir(), jar), jar].join(path.delimiter),
      'ValidateWithMustang',
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  let buffered = '';
  const waiting: { resolve: (report: string) => void; reject: (err: Error) => void }[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf(END); end >= 0; end = buffered.indexOf(END)) {
      const report = buffered.slice(buffered.indexOf(BEGIN) + BEGIN.length, end).trim();
      buffered = buffered.slice(end + END.length);
      waiting.shift()?.resolve(report);
    }
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      for (const w of waiting.splice(0)) w.reject(new Error(`Mustang's JVM exited with ${code}`));
      if (jvm?.ask === ask) jvm = undefined;
      resolve();
    }),
  );
  // One file at a time, in the order asked.
  let turn: Promise<unknown> = Promise.resolve();
  const ask = (file: string) => {
    const answer = turn.then(
      () =>
        new Promise<string>((resolve, reject) => {
          waiting.push({ resolve, reject });
          child.stdin.write(`${file}\n`);
        }),
    );
    turn = answer.catch(() => undefined);
    return answer;
  };
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  return { ask, stop };
}

// The JVM lives as long as the test file that uses it.
if (typeof afterAll === 'function') afterAll(() => jvm?.stop());

/**
 * Validates a Factur-X pdf or a CII XML with Mustang's validator (the CLI's `--action validate
 * --no-notices`), offline (the jar is fetched once per machine, scripts/fetch-mustang-cli.ts), on
 * the JDK the workflow tests already need: in one JVM per test file
 * (test/helpers/mustang/ValidateWithMustang.java), started at its first file, instead of a JVM for
 * each file (about 4 s of CPU each; docs/testing.md, "Where the time goes").
 */
export async function mustangValidate(bytes: Buffer, name: string): Promise<MustangReport> {
  jvm ??= startMustangJvm();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mustang-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  try {
    const report = await within(`Mustang's report on ${name}`, jvm.ask(file), 180_000);
    if (report.startsWith('<failure>')) throw new Error(`Mustang could not validate ${name}: ${report}`);
    return parseMustangReport(report.slice(Math.max(0, report.indexOf('<?xml'))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
