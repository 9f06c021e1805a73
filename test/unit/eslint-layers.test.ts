import { execFile } from 'node:child_process';
import path from 'node:path';

// The layer rules of eslint.config.mjs, checked on in-memory examples: each violating one must be
// refused, the clean one passed (docs/architecture.md, "The api layer"). ESLint's Node API runs in
// test/helpers/lint-text.mjs (new ESLint({ overrideConfigFile }).lintText(code, { filePath })),
// a process of its own because it loads the config with import().
const root = path.resolve(__dirname, '../..');

function lintTexts(examples: { code: string; filePath: string }[]): Promise<{ ruleId: string; message: string }[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(root, 'test/helpers/lint-text.mjs')], { cwd: root, maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin!.end(JSON.stringify(examples));
  });
}

const EXAMPLES = {
  modelImport: { filePath: 'api/x/router.ts', code: `import { Contact } from '../../db/models/Contact';\nexport const n = () => Contact.count();\n` },
  modelTypeImport: { filePath: 'api/x/presenter.ts', code: `import { type Contact } from '../../db/models/Contact';\nexport const f = (c: Contact) => c.id;\n` },
  rawQuery: {
    filePath: 'api/x/router.ts',
    code: [
      `import { type Sequelize } from 'sequelize-typescript';`,
      `import { QueryTypes } from 'sequelize';`,
      `export const rows = (sequelize: Sequelize) => sequelize.query('SELECT 1', { type: QueryTypes.SELECT });`,
      `export const ping = (deps: { sequelize: Sequelize }) => deps.sequelize.query('SELECT 1');`,
      '',
    ].join('\n'),
  },
  ormValueImport: { filePath: 'api/x/router.ts', code: `import { Sequelize } from 'sequelize-typescript';\nexport const s = new Sequelize('postgres://x');\n` },
  cleanRouter: {
    filePath: 'api/x/router.ts',
    code: [
      `import { Router } from 'express';`,
      `import { type Sequelize } from 'sequelize-typescript';`,
      `import { createContact } from '../../db/commands/contacts';`,
      `import { findContact } from '../../db/queries/contacts';`,
      `import { type ContactRow } from '../../db/rows';`,
      `const present = (c: ContactRow) => ({ id: c.id });`,
      `export function build({ sequelize }: { sequelize: Sequelize }): Router {`,
      `  const router = Router();`,
      `  router.get('/api/contacts/:id', async (req, res) => { res.json(present(await findContact('owner', req.params.id))); });`,
      `  router.post('/api/contacts', async (req, res) => { res.status(201).json(present(await createContact(sequelize, 'owner', req.body))); });`,
      `  return router;`,
      `}`,
      '',
    ].join('\n'),
  },
  dbQuery: {
    filePath: 'db/queries/x.ts',
    code: `import { QueryTypes } from 'sequelize';\nimport { Contact } from '../models/Contact';\nexport const n = () => Contact.sequelize!.query('SELECT 1', { type: QueryTypes.SELECT });\n`,
  },
};

let errors: Record<keyof typeof EXAMPLES, string[]>;

beforeAll(async () => {
  const names = Object.keys(EXAMPLES) as (keyof typeof EXAMPLES)[];
  const results = await lintTexts(names.map((name) => EXAMPLES[name]));
  errors = Object.fromEntries(names.map((name, i) => [name, results[i].map((m) => `${m.ruleId}: ${m.message}`)])) as typeof errors;
}, 60_000);

describe('eslint layer rules for api/', () => {
  it('refuses a model import', () => {
    expect(errors.modelImport).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
  });

  it('refuses a model imported only as a type (presenters take db/rows types)', () => {
    expect(errors.modelTypeImport).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
  });

  it('refuses sequelize, QueryTypes and raw queries', () => {
    expect(errors.rawQuery.filter((e) => e.startsWith('@typescript-eslint/no-restricted-imports'))).toHaveLength(1);
    // The two query calls and QueryTypes (its import and its use).
    expect(errors.rawQuery.filter((e) => e.startsWith('no-restricted-syntax')).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a value import of sequelize-typescript', () => {
    expect(errors.ormValueImport).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
  });

  it('passes a router that validates, calls db/ and presents', () => {
    expect(errors.cleanRouter).toEqual([]);
  });

  it('leaves db/ free to use models and SQL', () => {
    expect(errors.dbQuery).toEqual([]);
  });
});
