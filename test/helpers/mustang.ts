import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureMustangCli } from '../../scripts/fetch-mustang-cli';

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

/**
 * Validates a Factur-X pdf or a CII XML with the Mustang CLI, offline (the jar is fetched once per
 * machine, scripts/fetch-mustang-cli.ts), on the JDK the workflow tests already need.
 */
export async function mustangValidate(bytes: Buffer, name: string): Promise<MustangReport> {
  const jar = ensureMustangCli();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mustang-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  try {
    // The CLI exits non-zero for an invalid file: its report on stdout is what counts.
    const { stdout } = await promisify(execFile)(
      'java',
      [
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-jar',
        jar,
        '--action',
        'validate',
        '--source',
        file,
        '--no-notices',
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return parseMustangReport(stdout.slice(stdout.indexOf('<?xml')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
