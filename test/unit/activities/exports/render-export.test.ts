import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import pino from 'pino';
import { type ClientBase } from 'pg';
import { createExportRenderActivities, type ExportRenderDb } from '../../../../activities/exports/render-export';
import { type Chromium } from '../../../../lib/chromium';
import { type ExportPayload } from '../../../../workflows/exports/contract';
import { CopyOutRecords } from '../../../../db/queries/exports/copy-out-records';
import { fakeS3 } from '../../../helpers/fake-s3';
import { copyOutBytes, fakeCopyConnection } from '../../../helpers/pg-copy-out';

const SCHEDULED_AT = Date.parse('2026-11-22T10:00:00Z');
const env = (attempt: number) =>
  new MockActivityEnvironment({ attempt, scheduledTimestampMs: SCHEDULED_AT }, { logger: new DefaultLogger('ERROR') });

const OWNER = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ORG = '7a1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const JOB_RUN = '8b1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const payload: ExportPayload = {
  ownerId: OWNER,
  orgId: ORG,
  entity: 'sessions',
  format: 'csv',
  fields: ['title'],
  csvDialect: 'rfc4180',
  timeZone: 'Europe/Paris',
  mode: 'async',
};

/** The render's db: one connection, a COPY that yields two csv rows, file_objects keyed by object key. */
function fakeDb(overrides: Partial<ExportRenderDb> = {}) {
  const fileObjects = new Map<string, string>();
  const client = {} as ClientBase;
  const db: ExportRenderDb = {
    withConnection: jest.fn(async (work) => work(client)) as ExportRenderDb['withConnection'],
    isKnownTimeZone: jest.fn(async (zone: string) => zone === 'Europe/Paris'),
    upsertExportFileObject: jest.fn(async (row: { key: string }) => {
      if (!fileObjects.has(row.key)) fileObjects.set(row.key, `file-${fileObjects.size + 1}`);
      return fileObjects.get(row.key)!;
    }) as never,
    copyCsvRows: jest.fn(async (_client, _query, output, consume) => {
      const copy = new CopyOutRecords('COPY', output);
      copy.submit(fakeCopyConnection([copyOutBytes(['title\n', 'Mariage\n', 'Baptême\n'])]).connection);
      await consume(copy);
      return 2;
    }) as never,
    countExportRows: jest.fn(),
    findExportCompanyName: jest.fn(),
    readRowBatches: jest.fn(),
    ...overrides,
  };
  return { db, fileObjects };
}

function setUp(dbOverrides: Partial<ExportRenderDb> = {}) {
  const { s3, objects } = fakeS3();
  const { db, fileObjects } = fakeDb(dbOverrides);
  const activities = createExportRenderActivities({
    db,
    s3,
    bucket: 'studio',
    chromium: {} as Chromium,
    logger: pino({ level: 'silent' }),
    pdf: { maxRows: 1000, chunkRows: 100 },
  });
  return { activities, db, objects, fileObjects };
}

describe('renderExport with fake deps', () => {
  it('streams the csv with CRLF record ends and a BOM into the export key and records its file object', async () => {
    const { activities, db, objects } = setUp();
    const rendered = await env(1).run(activities.renderExport, { jobRunId: JOB_RUN, payload });

    expect(rendered).toMatchObject({
      key: expect.stringMatching(new RegExp(`^exports/${OWNER}/${JOB_RUN}/sessions-2026-11-22\\.csv$`)),
      contentType: expect.stringContaining('text/csv'),
      rowCount: 2,
      fileObjectId: 'file-1',
    });
    const body = objects.get((rendered as { key: string }).key)!;
    expect(body).toBe('\ufefftitle\r\nMariage\r\nBaptême\r\n');
    expect((rendered as { sizeBytes: number }).sizeBytes).toBe(Buffer.byteLength(body));
    expect(db.upsertExportFileObject).toHaveBeenCalledWith(
      expect.objectContaining({ orgId: ORG, bucket: 'studio', createdBy: OWNER, sizeBytes: Buffer.byteLength(body) }),
    );
  });

  it('refuses an unknown time zone for good (validation_failed, non-retryable) before reading a row', async () => {
    const { activities, db, objects } = setUp();
    const failure = await env(1)
      .run(activities.renderExport, { jobRunId: JOB_RUN, payload: { ...payload, timeZone: 'Mars/Olympus_Mons' } })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'validation_failed', nonRetryable: true });
    expect(db.withConnection).not.toHaveBeenCalled();
    expect(objects.size).toBe(0);
  });

  it('lets a failed read through for Temporal to retry, and records no file object', async () => {
    const { activities, db } = setUp({
      copyCsvRows: jest.fn(async () => {
        throw new Error('canceling statement due to statement timeout');
      }) as never,
    });
    const failure = await env(1)
      .run(activities.renderExport, { jobRunId: JOB_RUN, payload })
      .catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(ApplicationFailure);
    expect((failure as Error).message).toContain('statement timeout');
    expect(db.upsertExportFileObject).not.toHaveBeenCalled();
  });

  it('a retry (attempt 2) writes the same key and updates the same file object', async () => {
    const { activities, objects, fileObjects } = setUp();
    const first = await env(1).run(activities.renderExport, { jobRunId: JOB_RUN, payload });
    const retry = await env(2).run(activities.renderExport, { jobRunId: JOB_RUN, payload });
    expect(retry).toEqual(first);
    expect(objects.size).toBe(1);
    expect(fileObjects.size).toBe(1);
  });
});
