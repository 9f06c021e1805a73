import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import pino from 'pino';
import { createImportActivities, type ImportDeps } from '../../../../activities/imports/run-import';
import { type ImportWrite } from '../../../../db/commands/write-import-batch';
import { type WrittenLine } from '../../../../db/queries/import-matches';
import { type ImportPayload } from '../../../../workflows/imports/contract';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = (attempt: number) =>
  new MockActivityEnvironment({ attempt, heartbeatTimeoutMs: 60_000 }, { logger: new DefaultLogger('ERROR') });

const CSV =
  'First Name,Last Name,Email\nLéa,Dupont,lea@example.com\nMax,Martin,not-an-email\nAnn,Lee,ann@example.com\n';

/** import_row_writes as the database keeps them: the lines a job run wrote, found again by a retry. */
function fakeDb(overrides: Partial<ImportDeps> = {}) {
  const writeLog = new Map<number, WrittenLine>();
  const writes: ImportWrite[] = [];
  const db = {
    writtenLines: jest.fn(async () => new Map(writeLog)),
    findImportCandidates: jest.fn(async () => []),
    ownedIds: jest.fn(async () => new Set<string>()),
    listNameableSessionTypes: jest.fn(async () => []),
    writeImportLines: jest.fn(async (input: { writes: ImportWrite[] }) => {
      writes.push(...input.writes);
      for (const w of input.writes) writeLog.set(w.line, { id: w.id, action: w.action });
      return { created: input.writes.length, changed: 0, refused: [], rowByRow: false };
    }),
    ...overrides,
  };
  return { db: db as unknown as Pick<ImportDeps, keyof typeof db>, writes, writeLog };
}

const payload: ImportPayload = {
  ownerId: 'owner-1',
  entity: 'contacts',
  format: 'csv',
  uploadKey: 'temp/imports/owner-1/upload.csv',
  filename: 'clients.csv',
  encoding: 'utf-8',
  updateExisting: false,
  preview: false,
  timeZone: 'Europe/Paris',
};

function setUp(dbOverrides: Partial<ImportDeps> = {}, csv = CSV) {
  const { s3, puts } = fakeS3({ getBody: csv });
  const { db, writes, writeLog } = fakeDb(dbOverrides);
  const activities = createImportActivities({ ...db, s3, bucket: 'studio', logger: pino({ level: 'silent' }) });
  return { activities, db, writes, writeLog, puts };
}

describe('runImport with fake deps', () => {
  it('creates the valid contacts, lists the failing row and stores it in the error file', async () => {
    const { activities, writes, puts } = setUp();
    const result = await env(1).run(activities.runImport, { jobRunId: 'job-1', payload });

    expect(result).toMatchObject({
      imported: 2,
      created: 2,
      updated: 0,
      skipped: 1,
      totalRows: 3,
      errorCount: 1,
      errors: [expect.objectContaining({ line: 3 })],
      errorFile: { key: 'temp/imports/job-1/errors-clients.csv', filename: 'errors-clients.csv' },
    });
    expect(writes.map((w) => [w.line, w.action, w.values.email])).toEqual([
      [2, 'create', 'lea@example.com'],
      [4, 'create', 'ann@example.com'],
    ]);
    expect(puts.map((p) => p.input.Key)).toEqual(['temp/imports/job-1/errors-clients.csv']);
  });

  it('refuses for good (non-retryable) a file without data rows, and writes nothing', async () => {
    const { activities, writes } = setUp({}, 'First Name,Last Name,Email\n');
    const failure = await env(1)
      .run(activities.runImport, { jobRunId: 'job-1', payload })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'validation_failed', nonRetryable: true });
    expect(writes).toEqual([]);
  });

  it('lets a database failure through for Temporal to retry', async () => {
    const { activities } = setUp({
      writeImportLines: jest.fn(async () => {
        throw new Error('deadlock detected');
      }) as never,
    });
    const failure = await env(1)
      .run(activities.runImport, { jobRunId: 'job-1', payload })
      .catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(ApplicationFailure);
    expect((failure as Error).message).toBe('deadlock detected');
  });

  it('a retry (attempt 2) of the same job run writes no line twice and reuses the ids it wrote', async () => {
    const { activities, writes, db } = setUp();
    const first = await env(1).run(activities.runImport, { jobRunId: 'job-1', payload });
    const ids = writes.map((w) => w.id);
    const retry = await env(2).run(activities.runImport, { jobRunId: 'job-1', payload });

    expect(db.writtenLines).toHaveBeenLastCalledWith('job-1');
    expect(writes.map((w) => w.id)).toEqual(ids);
    expect(retry).toMatchObject({ created: (first as { created: number }).created, errorCount: 1 });
  });
});
