import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureOfficialRules, officialRulesDir } from '../../scripts/fetch-official-rules';
import { compiledJavaClasses } from './java-classes';

/** The validation sets (phive's VES ids) the tests hold the service's e-invoices to. */
export const OFFICIAL_RULES = {
  /** CEN EN 16931 schematron, CII (Factur-X's XML). */
  en16931Cii: 'eu.cen.en16931:cii:1.3.16',
  /** CEN EN 16931 schematron, UBL invoice. */
  en16931Ubl: 'eu.cen.en16931:ubl:1.3.16',
  /** OpenPeppol BIS Billing 3 (its own rules and the CEN rules it carries), UBL invoice. */
  peppolInvoice: 'eu.peppol.bis3:invoice:2026.5',
} as const;

/** One finding of a rule set: fatal for phive's error and fatal_error levels. */
export interface OfficialFinding {
  level: string;
  fatal: boolean;
  rule: string | null;
  text: string;
  location: string | null;
}

export interface OfficialReport {
  ves: string;
  name: string;
  findings: OfficialFinding[];
}

const SOURCE = path.join(__dirname, 'phive', 'ValidateEInvoices.java');

/**
 * Validates a batch of e-invoice XML files against the named official rule sets in one JVM
 * (test/helpers/phive/ValidateEInvoices.java, the rules fetched once per machine by
 * scripts/fetch-official-rules.ts), and answers each file's findings, in order.
 */
export async function officialRulesValidate(
  files: readonly { name: string; xml: string; ves: string }[],
): Promise<OfficialReport[]> {
  const lib = ensureOfficialRules();
  const jars = fs
    .readdirSync(lib)
    .filter((f) => f.endsWith('.jar'))
    .map((f) => path.join(lib, f));
  const classes = compiledJavaClasses(SOURCE, officialRulesDir(), jars.join(path.delimiter));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'official-rules-'));
  try {
    const lines = files.map((f, i) => {
      const file = path.join(dir, `${i}-${f.name.replace(/[^\w.-]/g, '_')}`);
      fs.writeFileSync(file, f.xml);
      return `${f.ves}\t${file}`;
    });
    const run = promisify(execFile)(
      'java',
      [
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-cp',
        [classes, ...jars].join(path.delimiter),
        'ValidateEInvoices',
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
    );
    run.child.stdin?.end(`${lines.join('\n')}\n`);
    const { stdout } = await run;
    const results = JSON.parse(stdout) as { ves: string; unknownVes?: boolean; findings: OfficialFinding[] }[];
    return results.map((r, i) => {
      if (r.unknownVes) throw new Error(`phive knows no validation set ${r.ves}`);
      return { ves: r.ves, name: files[i].name, findings: r.findings };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fatal findings of a batch, as "name (ves): [rule] text" lines, for an assertion's message. */
export const fatalFindings = (reports: readonly OfficialReport[]): string[] =>
  reports.flatMap((r) => r.findings.filter((f) => f.fatal).map((f) => `${r.name} (${r.ves}): ${f.text}`));
