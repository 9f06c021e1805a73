// The three cleanup jobs against the real stack: the real worker process registers their
// Temporal Schedules; each test seeds objects and rows of chosen ages, fires the schedule as ops
// would from the Web UI, waits for the job_runs row, and checks exactly what is gone.
import crypto from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { Op } from 'sequelize';
import { JobRun } from '../../../db/models/JobRun';
import { createS3Client } from '../../../lib/s3';
import { freePort } from '../../../scripts/stack/wait';
import { CLEANUP_SCHEDULES, type CleanupSummary } from '../../../workflows/cleanup/contract';
import { buildContact } from '../../factories/contacts';
import { buildUser, type TestUser } from '../../factories/users';
import {
  backdateObject,
  backdateUpload,
  objectExists,
  putObject,
  startAbandonedUpload,
  uploadsInProgress,
} from '../../helpers/stored-objects';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';

const HOUR = 3600;
const DAY = 24 * HOUR;

let t: TestApp;
let s3: ReturnType<typeof createS3Client>;
let worker: WorkerProcess;
let metricsPort: number;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  s3 = createS3Client(t.config);
  user = await buildUser(t.app);
  metricsPort = await freePort();
  worker = await startWorkerProcess(
    'workers/main.ts',
    path.join(testStackDir, 'logs', `cleanup-worker-${process.pid}.log`),
    'worker started',
    180_000,
    {
      LOG_LEVEL: 'info',
      WORKER_METRICS_PORT: String(metricsPort),
      EXPORT_RETENTION_HOURS: '24',
    },
  );
}, 300_000);
afterAll(async () => {
  await worker?.kill('SIGTERM');
  s3.destroy();
  await t.close();
});

const bucket = () => t.config.S3_BUCKET;
const orgId = () => (user.body.user as { org_id: string }).org_id;
const exists = (key: string) => objectExists(s3, bucket(), key);

/** An object under `key`, made to look `ageSeconds` old. */
async function seedObject(key: string, ageSeconds: number): Promise<string> {
  await putObject(s3, bucket(), key);
  if (ageSeconds > 0) backdateObject(bucket(), key, ageSeconds);
  return key;
}

/** A file_objects row for `key`, created `ageSeconds` ago. */
async function seedRow(
  key: string,
  ageSeconds: number,
  extra: { entity_type?: string; entity_id?: string } = {},
): Promise<string> {
  const [rows] = await t.sequelize.query(
    `INSERT INTO file_objects (org_id, bucket, key, content_type, size_bytes, entity_type, entity_id, created_at)
     VALUES ($1, $2, $3, 'text/csv', 10, $4, $5, now() - make_interval(secs => $6)) RETURNING id`,
    { bind: [orgId(), bucket(), key, extra.entity_type ?? null, extra.entity_id ?? null, ageSeconds] },
  );
  return (rows as { id: string }[])[0].id;
}
const rowExists = async (id: string) =>
  ((await t.sequelize.query('SELECT 1 FROM file_objects WHERE id = $1', { bind: [id] }))[0] as unknown[]).length === 1;

/** Fires a cleanup schedule now and waits for its job run to complete; returns the run's summary. */
async function runCleanup(jobType: string): Promise<CleanupSummary> {
  const schedule = CLEANUP_SCHEDULES.find((s) => s.contract.jobName === `cleanup.${jobType}`)!;
  const since = new Date();
  await t.temporal.client.schedule.getHandle(schedule.scheduleId).trigger();
  const run = await eventually(
    `the ${jobType} job run to finish`,
    async () => {
      const found = await JobRun.findOne({
        where: { job_name: schedule.contract.jobName, started_at: { [Op.gte]: since } },
        order: [['started_at', 'DESC']],
      });
      return found && found.status !== 'RUNNING' ? found : undefined;
    },
    120_000,
  );
  expect(run).toMatchObject({ status: 'COMPLETED', in_dlq: false });
  expect(run.workflow_id.startsWith(`cleanup:${jobType}:`)).toBe(true);
  return run.result as CleanupSummary;
}

describe('the cleanup schedules', () => {
  it.each(CLEANUP_SCHEDULES.map((s) => [s.scheduleId, s.cron, s.contract.jobName]))(
    '%s is registered by the worker with cron %s',
    async (scheduleId, cron, jobName) => {
      const description = await t.temporal.client.schedule.getHandle(scheduleId).describe();
      expect(description.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: 'launchJobWorkflow',
        taskQueue: 'maintenance',
        args: [{ jobName, payload: {} }],
      });
      expect(cronOf(description.spec)).toBe(cron);
    },
  );
});

describe('export file cleanup (daily)', () => {
  it('deletes temporary objects past EXPORT_RETENTION_HOURS with their rows, and nothing fresh or permanent', async () => {
    const u = user.id;
    const oldExport = await seedObject(`exports/${u}/old-${crypto.randomUUID()}.csv`, 25 * HOUR);
    const oldExportRow = await seedRow(oldExport, 25 * HOUR, { entity_type: 'export' });
    const [jobRows] = await t.sequelize.query(
      `INSERT INTO export_jobs (owner_id, entity, format, status, file_object_id) VALUES ($1, 'contacts', 'csv', 'COMPLETED', $2) RETURNING id`,
      { bind: [u, oldExportRow] },
    );
    const exportJobId = (jobRows as { id: string }[])[0].id;
    const oldTemp = await seedObject(`temp/${u}/old-${crypto.randomUUID()}.tmp`, 25 * HOUR);
    const oldReport = await seedObject(`pdfs/ai-reports/${u}/old-${crypto.randomUUID()}.pdf`, 25 * HOUR);
    const freshExport = await seedObject(`exports/${u}/fresh-${crypto.randomUUID()}.csv`, 23 * HOUR);
    const freshRow = await seedRow(freshExport, 23 * HOUR, { entity_type: 'export' });
    const oldInvoice = await seedObject(`pdfs/invoices/${u}/old-${crypto.randomUUID()}.pdf`, 30 * DAY);
    const oldAvatar = await seedObject(`avatars/${u}/old-${crypto.randomUUID()}.png`, 30 * DAY);
    // A row whose object was already removed by hand: the row goes too.
    const ghostRow = await seedRow(`exports/${u}/ghost-${crypto.randomUUID()}.csv`, 25 * HOUR, {
      entity_type: 'export',
    });
    // Uploads a killed worker left unfinished: aborted past the retention, kept while recent.
    const abandoned = await startAbandonedUpload(s3, bucket(), `exports/${u}/killed-${crypto.randomUUID()}.csv`);
    backdateUpload(bucket(), abandoned, 25 * HOUR);
    const recent = await startAbandonedUpload(s3, bucket(), `exports/${u}/running-${crypto.randomUUID()}.csv`);

    const summary = await runCleanup('export-files');

    const uploads = await uploadsInProgress(s3, bucket(), `exports/${u}/`);
    expect(uploads).toContain(recent);
    expect(uploads).not.toContain(abandoned);

    expect(summary).toMatchObject({ jobType: 'export-files', minAgeSeconds: 24 * HOUR, keptPermanent: 0 });
    expect(summary.deleted).toBeGreaterThanOrEqual(4);
    for (const key of [oldExport, oldTemp, oldReport]) expect(await exists(key)).toBe(false);
    for (const key of [freshExport, oldInvoice, oldAvatar]) expect(await exists(key)).toBe(true);
    expect(await rowExists(oldExportRow)).toBe(false);
    expect(await rowExists(ghostRow)).toBe(false);
    expect(await rowExists(freshRow)).toBe(true);
    // The export job keeps its history; only its file is gone.
    const [[job]] = (await t.sequelize.query('SELECT status, file_object_id FROM export_jobs WHERE id = $1', {
      bind: [exportJobId],
    })) as [{ status: string; file_object_id: string | null }[], unknown];
    expect(job).toEqual({ status: 'COMPLETED', file_object_id: null });
  });
});

describe('orphan file object cleanup (weekly)', () => {
  it('deletes rows older than 7 days that nothing references, with their objects; the permanent rule wins over the orphan rule', async () => {
    const u = user.id;
    const session = await request(t.app).post('/api/sessions').set(as(user)).send({ title: 'Séance orpheline' });
    const key = (name: string) => `uploads/${u}/${name}-${crypto.randomUUID()}`;
    const orphanKey = await seedObject(key('orphan'), 8 * DAY);
    const orphan = await seedRow(orphanKey, 8 * DAY);
    const youngKey = await seedObject(key('young'), 2 * DAY);
    const young = await seedRow(youngKey, 2 * DAY);
    const documentedKey = await seedObject(key('documented'), 8 * DAY);
    const documented = await seedRow(documentedKey, 8 * DAY);
    await t.sequelize.query(
      `INSERT INTO documents (owner_id, uploaded_by, file_object_id, name) VALUES ($1, $1, $2, 'Contrat')`,
      { bind: [u, documented] },
    );
    const exportedKey = await seedObject(key('exported'), 8 * DAY);
    const exported = await seedRow(exportedKey, 8 * DAY);
    await t.sequelize.query(
      `INSERT INTO export_jobs (owner_id, entity, format, status, file_object_id) VALUES ($1, 'sessions', 'csv', 'COMPLETED', $2)`,
      { bind: [u, exported] },
    );
    // Orphans by the spec's rule, protected by the permanent rule:
    const attachedKey = await seedObject(key('attached'), 8 * DAY);
    const attached = await seedRow(attachedKey, 8 * DAY, { entity_type: 'session', entity_id: session.body.id });
    const quoteKey = await seedObject(`pdfs/quotes/${u}/${crypto.randomUUID()}.pdf`, 8 * DAY);
    const quote = await seedRow(quoteKey, 8 * DAY);
    const legacyKey = await seedObject(`session-files/${session.body.id}/${crypto.randomUUID()}.jpg`, 8 * DAY);
    const legacy = await seedRow(legacyKey, 8 * DAY);
    await t.sequelize.query(`INSERT INTO session_files (session_id, file_name, key) VALUES ($1, 'photo.jpg', $2)`, {
      bind: [session.body.id, legacyKey],
    });

    const summary = await runCleanup('orphan-file-objects');

    expect(summary).toMatchObject({ jobType: 'orphan-file-objects', minAgeSeconds: 7 * DAY });
    expect(summary.keptPermanent).toBeGreaterThanOrEqual(3);
    expect(await rowExists(orphan)).toBe(false);
    expect(await exists(orphanKey)).toBe(false);
    for (const id of [young, documented, exported, attached, quote, legacy]) expect(await rowExists(id)).toBe(true);
    for (const k of [youngKey, documentedKey, exportedKey, attachedKey, quoteKey, legacyKey])
      expect(await exists(k)).toBe(true);
  });
});

describe('orphan object cleanup (monthly)', () => {
  it('deletes objects older than 7 days under session-files/ and contact-files/ that no row names, and keeps documents/', async () => {
    const contact = await buildContact(t.app, user);
    const folder = crypto.randomUUID();
    const orphanSessionFile = await seedObject(`session-files/${folder}/orphan.jpg`, 8 * DAY);
    const orphanContactFile = await seedObject(`contact-files/${folder}/orphan.pdf`, 8 * DAY);
    const orphanDocument = await seedObject(`documents/${folder}/orphan.pdf`, 8 * DAY);
    const youngOrphan = await seedObject(`session-files/${folder}/young.jpg`, 6 * DAY);
    const knownContactFile = await seedObject(`contact-files/${folder}/known.pdf`, 8 * DAY);
    await t.sequelize.query(`INSERT INTO contact_files (contact_id, file_name, key) VALUES ($1, 'known.pdf', $2)`, {
      bind: [contact.id, knownContactFile],
    });
    const recordedSessionFile = await seedObject(`session-files/${folder}/recorded.jpg`, 8 * DAY);
    await seedRow(recordedSessionFile, 0, { entity_type: 'session' });

    const summary = await runCleanup('orphan-objects');

    expect(summary).toMatchObject({ jobType: 'orphan-objects', minAgeSeconds: 7 * DAY });
    expect(summary.keptPermanent).toBeGreaterThanOrEqual(1);
    expect(await exists(orphanSessionFile)).toBe(false);
    expect(await exists(orphanContactFile)).toBe(false);
    for (const key of [orphanDocument, youngOrphan, knownContactFile, recordedSessionFile])
      expect(await exists(key)).toBe(true);
  });
});

describe('cleanup metrics', () => {
  it('are served by the worker on its metrics port', async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    for (const jobType of ['export-files', 'orphan-file-objects', 'orphan-objects']) {
      expect(text).toMatch(
        new RegExp(`cleanup_jobs_total\\{[^}]*job_type="${jobType}"[^}]*status="completed"[^}]*\\} [1-9]`),
      );
      expect(text).toMatch(new RegExp(`cleanup_files_deleted_total\\{[^}]*job_type="${jobType}"[^}]*\\} [1-9]`));
      expect(text).toMatch(new RegExp(`cleanup_duration_seconds_count\\{[^}]*job_type="${jobType}"`));
      expect(text).toMatch(new RegExp(`cleanup_files_scanned_total\\{[^}]*job_type="${jobType}"`));
    }
    expect(text).toContain('# TYPE cleanup_errors_total counter');
  });
});

type Range = { start: number | string; end: number | string; step?: number };
const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

/**
 * The cron a schedule's spec describes: Temporal stores crons as structured calendars, so the
 * calendar is read back into the five fields (a full range is `*`, a single value its number).
 */
function cronOf(spec: unknown): string {
  const { calendars } = spec as { calendars: Record<string, Range[]>[] };
  expect(calendars).toHaveLength(1);
  const [calendar] = calendars;
  const field = (name: string, first: number, last: number, names?: string[]) => {
    const ranges = calendar[name];
    expect(ranges).toHaveLength(1);
    const [start, end] = [ranges[0].start, ranges[0].end].map((v) =>
      typeof v === 'string' ? names!.indexOf(v) + (names === MONTHS ? 1 : 0) : v,
    );
    if (start === first && end === last) return '*';
    expect(start).toBe(end);
    return String(start);
  };
  expect(field('second', 0, 59)).toBe('0');
  return [
    field('minute', 0, 59),
    field('hour', 0, 23),
    field('dayOfMonth', 1, 31),
    field('month', 1, 12, MONTHS),
    field('dayOfWeek', 0, 6, DAYS),
  ].join(' ');
}
