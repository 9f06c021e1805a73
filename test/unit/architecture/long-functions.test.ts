import fs from 'node:fs';
import path from 'node:path';
import { lintTexts } from '../../helpers/lint-texts';
import { repoRoot } from '../../setup/paths';

// eslint.config.mjs holds every function to 80 lines (blank lines and comments not counted),
// outside migrations and tests; LONG_FUNCTIONS_LEFT names the files not yet split (issue 42).

const LIMIT = 'max-lines-per-function';

/** A function of `lines` lines in all, its opening and closing lines included. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`).join('\n');
  return `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

function filesLeft(): string[] {
  const config = fs.readFileSync(path.join(repoRoot, 'eslint.config.mjs'), 'utf8');
  const list = /export const LONG_FUNCTIONS_LEFT = \[([^\]]*)\]/.exec(config)![1];
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

it('refuses a function of 81 lines, passes one of 80, and leaves tests and migrations alone', async () => {
  const [over, at, inTest, inMigration] = await lintTexts([
    { filePath: 'lib/example/long.ts', code: functionOf(81) },
    { filePath: 'lib/example/long.ts', code: functionOf(80) },
    { filePath: 'test/unit/example/long.test.ts', code: functionOf(120) },
    { filePath: 'db/migrations/2099.01.01T00.00.00.example.ts', code: functionOf(120) },
  ]);
  expect(over.filter((m) => m.ruleId === LIMIT)).toEqual([
    expect.objectContaining({ message: expect.stringContaining('too many lines (81). Maximum allowed is 80') }),
  ]);
  expect(at.filter((m) => m.ruleId === LIMIT)).toEqual([]);
  expect(inTest.filter((m) => m.ruleId === LIMIT)).toEqual([]);
  expect(inMigration.filter((m) => m.ruleId === LIMIT)).toEqual([]);
});

it('lists only files that still hold a function over 80 lines: a file split leaves the list', async () => {
  const files = filesLeft();
  expect(files.length).toBeGreaterThan(0);
  // Each file's code linted as a file of the same folder that is not on the list.
  const results = await lintTexts(
    files.map((file) => ({
      filePath: file.replace(/\.(ts|mjs)$/, '.unlisted.$1'),
      code: fs.readFileSync(path.join(repoRoot, file), 'utf8'),
    })),
  );
  const split = files.filter((_, i) => !results[i].some((m) => m.ruleId === LIMIT));
  expect(split).toEqual([]);
});
