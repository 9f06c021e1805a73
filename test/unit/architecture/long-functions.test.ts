import fs from 'node:fs';
import path from 'node:path';
import { lintTexts } from '../../helpers/lint-texts';
import { repoRoot } from '../../setup/paths';

// eslint.config.mjs holds every function to 80 lines (blank lines and comments not counted),
// outside migrations and tests (issue 42): no file of the service is exempt any more.

const LIMIT = 'max-lines-per-function';

/** A function of `lines` lines in all, its opening and closing lines included. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`).join('\n');
  return `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
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

it('holds every file of the service to it, the last files split included: only tests and migrations are exempt', async () => {
  const config = fs.readFileSync(path.join(repoRoot, 'eslint.config.mjs'), 'utf8');
  expect(config).not.toMatch(/LONG_FUNCTIONS_LEFT/);
  const files = ['api/app.ts', 'api/client/document-pages-router.ts', 'workers/main.ts', 'bench/issue.ts'];
  const results = await lintTexts(files.map((filePath) => ({ filePath, code: functionOf(81) })));
  expect(results.map((messages) => messages.filter((m) => m.ruleId === LIMIT).length)).toEqual(files.map(() => 1));
});
