import { lintTexts } from '../../helpers/lint-texts';

// The layer rules of eslint.config.mjs, checked on in-memory examples: each violating one must be
// refused, the clean one passed (docs/architecture.md, "The api layer").
const EXAMPLES = {
  modelImport: {
    filePath: 'api/x/router.ts',
    code: `import { Contact } from '../../db/models/Contact';\nexport const n = () => Contact.count();\n`,
  },
  modelTypeImport: {
    filePath: 'api/x/presenter.ts',
    code: `import { type Contact } from '../../db/models/Contact';\nexport const f = (c: Contact) => c.id;\n`,
  },
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
  ormValueImport: {
    filePath: 'api/x/router.ts',
    code: `import { Sequelize } from 'sequelize-typescript';\nexport const s = new Sequelize('postgres://x');\n`,
  },
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
  // Below api/ (issue 18, section 2).
  activityModelImport: {
    filePath: 'activities/x/run.ts',
    code: `import { Contact } from '../../db/models/Contact';\nexport const n = () => Contact.count();\n`,
  },
  libModelTypeImport: {
    filePath: 'lib/jobs/x.ts',
    code: `import { type JobRun } from '../../db/models/JobRun';\nexport const id = (r: JobRun) => r.id;\n`,
  },
  activityOrmValue: {
    filePath: 'activities/x.ts',
    code: `import { Op } from 'sequelize';\nexport const where = { status: { [Op.in]: ['A'] } };\n`,
  },
  workerSql: {
    filePath: 'workers/x.ts',
    code: [
      `import { type Sequelize } from 'sequelize-typescript';`,
      `export const rows = (deps: { sequelize: Sequelize }) => deps.sequelize.query('SELECT 1');`,
      `export const one = (sequelize: Sequelize) => sequelize.query('SELECT 1');`,
      '',
    ].join('\n'),
  },
  libSql: {
    filePath: 'lib/metrics/x.ts',
    code: `import { type Sequelize } from 'sequelize-typescript';\nexport const rows = (sequelize: Sequelize) => sequelize.query('SELECT 1');\n`,
  },
  activityWorkflowBody: {
    filePath: 'activities/x.ts',
    code: `import { exportWorkflow } from '../workflows/exports/workflow';\nexport const w = exportWorkflow;\n`,
  },
  libWorkflowBody: {
    filePath: 'lib/jobs/x.ts',
    code: `import { type LaunchJobInput } from '../../workflows/job-run/launch-job';\nexport const f = (i: LaunchJobInput) => i.jobName;\n`,
  },
  apiWorkflowBody: {
    filePath: 'api/x/router.ts',
    code: `import { exportWorkflow } from '../../workflows/exports/workflow';\nexport const w = exportWorkflow;\n`,
  },
  workflowActivityType: {
    filePath: 'workflows/x/workflow.ts',
    code: `import type { CleanupActivities } from '../../activities/cleanup';\nexport type A = CleanupActivities;\n`,
  },
  workflowContractType: {
    filePath: 'workflows/x/workflow.ts',
    code: `import type { CleanupActivities } from '../cleanup/contract';\nexport type A = CleanupActivities;\n`,
  },
  dbTemporalAndJobs: {
    filePath: 'db/commands/x.ts',
    code: [
      `import { type Client } from '@temporalio/client';`,
      `import { startJob } from '../../lib/jobs/start-job';`,
      `export const f = (c: Client) => [c, startJob];`,
      '',
    ].join('\n'),
  },
  dbUpperLayers: {
    filePath: 'db/queries/x.ts',
    code: [
      `import { a } from '../../api/x/router';`,
      `import { b } from '../../workers/main';`,
      `import { c } from '../../activities/x';`,
      `import { EXPORT_JOB } from '../../workflows/exports/contract';`,
      `export const all = [a, b, c, EXPORT_JOB];`,
      '',
    ].join('\n'),
  },
  // Issue 29: an activity takes its db/ functions through deps; it names them as types only.
  activityDbValueImport: {
    filePath: 'activities/x/run.ts',
    code: [
      `import { closeExportJob } from '../../db/commands/close-export-job';`,
      `import { findUser, type GuardUser } from '../../db/queries/users';`,
      `export const f = (u: GuardUser) => [u, closeExportJob, findUser];`,
      '',
    ].join('\n'),
  },
  cleanActivity: {
    filePath: 'activities/x/run.ts',
    code: [
      `import { type Sequelize } from 'sequelize-typescript';`,
      `import { type Transaction } from 'sequelize';`,
      `import { type closeExportJob } from '../../db/commands/close-export-job';`,
      `import type { findUser } from '../../db/queries/users';`,
      `import { type UserRow } from '../../db/rows';`,
      `import { ValidationError } from '../../domain/errors';`,
      `import { startJob } from '../../lib/jobs/start-job';`,
      `import { EXPORT_JOB } from '../../workflows/exports/contract';`,
      `import { JOB_CONTRACTS } from '../../workflows/contracts';`,
      `export interface Deps { closeExportJob: typeof closeExportJob; findUser: typeof findUser }`,
      `export const f = (s: Sequelize, t: Transaction, u: UserRow, d: Deps) => [s, t, u, d, ValidationError, startJob, EXPORT_JOB, JOB_CONTRACTS];`,
      '',
    ].join('\n'),
  },
  // Issue 29: no network call while a transaction or a row lock is held.
  dbCallbackInTransaction: {
    filePath: 'db/commands/x.ts',
    code: [
      `import { type Sequelize } from 'sequelize-typescript';`,
      `export function dispatchBatch(sequelize: Sequelize, dispatch: (ids: string[]) => Promise<string[]>) {`,
      `  return sequelize.transaction(async () => dispatch(['1']));`,
      `}`,
      `export const refund = async (sequelize: Sequelize, refunder?: (id: string) => Promise<string>) => refunder?.('x');`,
      '',
    ].join('\n'),
  },
  dbPureCallback: {
    filePath: 'db/commands/x.ts',
    code: `export function record(name: (id: string) => string): string {\n  return name('1');\n}\n`,
  },
  // Issue 42: a migration is frozen, it imports no live code.
  migrationLiveCode: {
    filePath: 'db/migrations/2099.01.01T00.00.00.x.ts',
    code: [
      `import { countryCode } from '../../domain/countries';`,
      `import { appendLedgerRecords } from '../commands/append-ledger-record';`,
      `import { Invoice } from '../models/Invoice';`,
      `import { startJob } from '../../lib/jobs/start-job';`,
      `import pino from 'pino';`,
      `export const f = () => [countryCode, appendLedgerRecords, Invoice, startJob, pino];`,
      '',
    ].join('\n'),
  },
  migrationFrozenCopyEscape: {
    filePath: 'db/migrations/frozen/2099.01.01T00.00.00.x.ts',
    code: `import { toHundredths } from '../../../domain/invoicing/money';\nexport const f = toHundredths;\n`,
  },
  cleanMigration: {
    filePath: 'db/migrations/2099.01.01T00.00.00.x.ts',
    code: [
      `import { createHash } from 'node:crypto';`,
      `import { QueryTypes, type Transaction } from 'sequelize';`,
      `import { type Sequelize } from 'sequelize-typescript';`,
      `import { type MigrationParams } from 'umzug';`,
      `import { toHundredths } from './frozen/2099.01.01T00.00.00.x';`,
      `import { type Migration, runSql } from '../migrator';`,
      `export type T = [Transaction, Sequelize, MigrationParams<unknown>, Migration];`,
      `export const f = () => [createHash, QueryTypes, toHundredths, runSql];`,
      '',
    ].join('\n'),
  },
  regimeByName: {
    filePath: 'db/commands/x.ts',
    code: `import { GB } from '../../domain/regimes/gb';\nimport { FR_VAT } from '../../domain/regimes/fr/identities';\nexport const f = () => [GB, FR_VAT];\n`,
  },
  domainRegimeByName: {
    filePath: 'domain/invoicing/x.ts',
    code: `import { CA } from '../regimes/ca';\nexport const f = () => CA;\n`,
  },
  cleanRegimeUse: {
    filePath: 'api/x/router.ts',
    code: `import { provides, studioRegimeOf } from '../../domain/regimes';\nimport { documentLaw } from '../../domain/regimes/document-law';\nexport const f = (c: string) => [provides(studioRegimeOf(c), 'fec'), documentLaw];\n`,
  },
  registryNamesRegimes: {
    filePath: 'domain/regimes/index.ts',
    code: `import { FR } from './fr';\nimport { GB } from './gb';\nexport const REGIMES = [FR, GB];\n`,
  },
  // Issue 42: services/ sit between the callers and db/.
  serviceUpperLayers: {
    filePath: 'services/invoicing/x.ts',
    code: [
      `import { presentInvoice } from '../../api/invoicing/presenter';`,
      `import { createActivities } from '../../activities/invoicing/document-pdf';`,
      `import { Invoice } from '../../db/models/Invoice';`,
      `import { type Sequelize } from 'sequelize-typescript';`,
      `export const f = (sequelize: Sequelize) => [presentInvoice, createActivities, Invoice, sequelize.query('SELECT 1')];`,
      '',
    ].join('\n'),
  },
  belowServices: {
    filePath: 'db/commands/x.ts',
    code: `import { issueInvoice } from '../../services/invoicing/issue-invoice';\nexport const f = issueInvoice;\n`,
  },
  libServices: {
    filePath: 'lib/jobs/x.ts',
    code: `import { issueInvoice } from '../../services/invoicing/issue-invoice';\nexport const f = issueInvoice;\n`,
  },
  activityServiceValue: {
    filePath: 'activities/x/run.ts',
    code: `import { issueInvoice } from '../../services/invoicing/issue-invoice';\nexport const f = issueInvoice;\n`,
  },
  cleanService: {
    filePath: 'services/invoicing/x.ts',
    code: [
      `import { type Sequelize } from 'sequelize-typescript';`,
      `import { writeInvoiceIssue } from '../../db/commands/issue-invoice';`,
      `import { findInvoiceIssueDraft } from '../../db/queries/invoice-issue-draft';`,
      `import { type InvoiceRow } from '../../db/rows';`,
      `import { NotFoundError } from '../../domain/errors';`,
      `import { studioRegimeOf } from '../../domain/regimes';`,
      `import { startJob } from '../../lib/jobs/start-job';`,
      `import { DOCUMENT_PDF_JOB } from '../../workflows/invoicing/contract';`,
      `export const f = (s: Sequelize, r: InvoiceRow) => [s, r, writeInvoiceIssue, findInvoiceIssueDraft, NotFoundError, studioRegimeOf, startJob, DOCUMENT_PDF_JOB];`,
      '',
    ].join('\n'),
  },
  cleanDbCommand: {
    filePath: 'db/commands/x.ts',
    code: `import { QueryTypes } from 'sequelize';\nimport { ConflictError } from '../../domain/errors';\nimport { JobRun } from '../models/JobRun';\nexport const f = () => [QueryTypes.SELECT, ConflictError, JobRun];\n`,
  },
};

let errors: Record<keyof typeof EXAMPLES, string[]>;

beforeAll(async () => {
  const names = Object.keys(EXAMPLES) as (keyof typeof EXAMPLES)[];
  const results = await lintTexts(names.map((name) => EXAMPLES[name]));
  errors = Object.fromEntries(
    names.map((name, i) => [name, results[i].map((m) => `${m.ruleId}: ${m.message}`)]),
  ) as typeof errors;
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

describe('eslint layer rules below api/', () => {
  const restricted = (list: string[]) => list.filter((e) => e.startsWith('@typescript-eslint/no-restricted-imports'));
  const sql = (list: string[]) => list.filter((e) => e.startsWith('no-restricted-syntax'));

  it('refuses a model import in activities/ and a model type in lib/', () => {
    expect(errors.activityModelImport).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
    expect(errors.libModelTypeImport).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
  });

  it('refuses a value import of sequelize in activities/', () => {
    expect(errors.activityOrmValue).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
  });

  it('refuses sequelize.query in workers/ and lib/', () => {
    expect(sql(errors.workerSql)).toHaveLength(2);
    expect(sql(errors.libSql)).toHaveLength(1);
  });

  it('refuses a workflow body in activities/, lib/ and api/ (contracts only)', () => {
    expect(restricted(errors.activityWorkflowBody)).toHaveLength(1);
    expect(restricted(errors.libWorkflowBody)).toHaveLength(1);
    expect(restricted(errors.apiWorkflowBody)).toHaveLength(1);
  });

  it("refuses an activity type imported by a workflow from activities/, and passes it from the capability's contract", () => {
    expect(restricted(errors.workflowActivityType)).toHaveLength(1);
    expect(errors.workflowContractType).toEqual([]);
  });

  it('refuses Temporal and lib/jobs in db/', () => {
    expect(restricted(errors.dbTemporalAndJobs)).toHaveLength(2);
  });

  it('refuses api/, workers/, activities/ and workflows/ in db/', () => {
    expect(restricted(errors.dbUpperLayers)).toHaveLength(4);
  });

  it('refuses a value import from db/commands or db/queries in activities/ (deps carry them)', () => {
    expect(restricted(errors.activityDbValueImport)).toHaveLength(2);
  });

  it('passes an activity that names db/ functions as types (its deps), lib/jobs, domain and a contract', () => {
    expect(errors.cleanActivity).toEqual([]);
  });

  it('refuses api/, activities/, a model and SQL in services/', () => {
    expect(restricted(errors.serviceUpperLayers)).toHaveLength(3);
    expect(sql(errors.serviceUpperLayers)).toHaveLength(1);
  });

  it('refuses services/ in db/ and lib/, and as a value in activities/ (deps carry them)', () => {
    expect(restricted(errors.belowServices)).toHaveLength(1);
    expect(restricted(errors.libServices)).toHaveLength(1);
    expect(restricted(errors.activityServiceValue)).toHaveLength(1);
  });

  it('passes a service on db/ queries and commands, rows, domain, the registry, lib/jobs and a contract', () => {
    expect(errors.cleanService).toEqual([]);
  });

  it('passes a db/ command on models, SQL and domain', () => {
    expect(errors.cleanDbCommand).toEqual([]);
  });

  it('refuses a db/ function that takes an async callback (it would run inside the transaction)', () => {
    expect(errors.dbCallbackInTransaction).toEqual([
      expect.stringMatching(/^no-restricted-syntax: db\/ functions take no callback/),
      expect.stringMatching(/^no-restricted-syntax: db\/ functions take no callback/),
    ]);
  });

  it('passes a db/ function given a plain synchronous function (a name, a parser)', () => {
    expect(errors.dbPureCallback).toEqual([]);
  });
});

describe('eslint rule for db/migrations/ (frozen: no live code)', () => {
  const restricted = (list: string[]) => list.filter((e) => e.startsWith('@typescript-eslint/no-restricted-imports'));

  it('refuses domain, commands, models, lib and any other package in a migration', () => {
    expect(restricted(errors.migrationLiveCode)).toHaveLength(5);
  });

  it('refuses live code reached from a frozen copy', () => {
    expect(restricted(errors.migrationFrozenCopyEscape)).toHaveLength(1);
  });

  it('passes node built-ins, sequelize, umzug, the migrator and a frozen copy', () => {
    expect(errors.cleanMigration).toEqual([]);
  });
});

describe('eslint rule for the regimes (the core asks the registry)', () => {
  const restricted = (list: string[]) => list.filter((e) => e.startsWith('@typescript-eslint/no-restricted-imports'));

  it('refuses a regime imported by name in db/ and in domain/ outside the regimes', () => {
    expect(restricted(errors.regimeByName)).toHaveLength(2);
    expect(restricted(errors.domainRegimeByName)).toHaveLength(1);
  });

  it('passes the registry and the shared regime modules in the core, and the regimes named by the registry', () => {
    expect(errors.cleanRegimeUse).toEqual([]);
    expect(errors.registryNamesRegimes).toEqual([]);
  });
});
