import fs from 'node:fs';
import path from 'node:path';

// Outside domain/regimes/ and domain/addons/, no code branches on a country the service has a
// regime for (issue 42, docs/architecture.md, "Regimes and add-ons"): it asks the regime of the
// country (domain/regimes/index.ts: regimeOf, studioRegimeOf, provides) instead. A grep, kept as a
// test: a quoted code of a served country ('FR', "GB"), one used as an object key (`US: …`) or in a
// regular expression's alternation (`US|CA`), and the names of the old French switch
// (issuedUnderFrenchLaw, frenchRules). Comments are not code and are left out.
const root = path.resolve(__dirname, '../../..');
const FOLDERS = ['api', 'activities', 'db', 'domain', 'lib', 'workers', 'workflows', 'services'];
const CODES = '(?:FR|GB|IE|CA|AU|US)';
const BRANCH = new RegExp(
  [
    `['"\`]${CODES}['"\`]`,
    `(?:^|[^A-Za-z0-9_.$'"])${CODES}\\s*:(?!:)`,
    `\\b${CODES}\\|`,
    `\\|${CODES}\\b`,
    '\\bissuedUnderFrenchLaw\\b',
    '\\bfrenchRules\\b',
  ].join('|'),
);

/** Where a country may be named: the regimes and their add-ons. */
const HOME = ['domain/regimes/', 'domain/addons/'];

/** Not branches: data that names countries for another purpose. Each says why it stays. */
const NOT_BRANCHES: Readonly<Record<string, string>> = {
  'domain/countries.ts': "the table of countries' names in French and English, read into their codes",
  'domain/invoicing/peppol-endpoint.ts':
    "Peppol's code list of VAT schemes by VAT prefix (twelve countries, Greece as EL)",
};
/** Frozen or seed data: migrations state their data as they ran; the demo studio's clients live somewhere. */
const DATA = ['db/migrations/', 'db/seed/'];

/**
 * Files that still branch on a country, each left to do (issue 42). This list may only shrink: a
 * file that no longer branches must leave it (the last test says so).
 */
const LEFT_TO_DO: Readonly<Record<string, string>> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|mjs|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The code of a file without its comments (block comments, and line comments outside strings as far as a line tells). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .join('\n');
}

/** Every line of code outside the regimes that branches on a country: `file:line: text`. */
function branches(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of FOLDERS.flatMap(sourceFiles)) {
    if ([...HOME, ...DATA].some((prefix) => file.startsWith(prefix)) || NOT_BRANCHES[file]) continue;
    const lines = withoutComments(fs.readFileSync(path.join(root, file), 'utf8')).split('\n');
    const hits = lines.flatMap((line, i) => (BRANCH.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    if (hits.length > 0) found.set(file, hits);
  }
  return found;
}

describe('country branches outside domain/regimes/ and its add-ons', () => {
  const found = branches();

  it('finds none but the files left to do', () => {
    const unexpected = [...found].filter(([file]) => !LEFT_TO_DO[file]).flatMap(([, hits]) => hits);
    expect(unexpected).toEqual([]);
  });

  it('keeps the list of files left to do short: each still branches', () => {
    expect(Object.keys(LEFT_TO_DO).filter((file) => !found.has(file))).toEqual([]);
  });

  it('catches a branch written the usual ways, and not a comment', () => {
    for (const code of [
      "if (country === 'FR') return;",
      'const french = [null, "FR"].includes(code);',
      "const ZONES = { GB: 'Europe/London' };",
      'const TYPED = /^(?:US|CA|AU)$/;',
      'if (issuedUnderFrenchLaw(country)) return;',
    ])
      expect(BRANCH.test(withoutComments(code))).toBe(true);
    for (const code of [
      "// a French studio ('FR') keeps its rules",
      'const regime = studioRegimeOf(company?.company_country);',
      "const url = 'https://example.org/FR';",
      'const kind = regime.vatKind;',
    ])
      expect(BRANCH.test(withoutComments(code))).toBe(false);
  });
});
