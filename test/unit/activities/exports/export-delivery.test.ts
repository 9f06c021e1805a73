import { type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import pino from 'pino';
import { createExportDeliveryActivities, type ExportDeliveryDeps } from '../../../../activities/export-delivery';
import { type ExportMetrics } from '../../../../lib/metrics/export-metrics';
import { type ExportPayload, type RenderedExport } from '../../../../workflows/exports/contract';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const payload: ExportPayload = {
  ownerId: 'owner-1',
  orgId: 'owner-1',
  entity: 'sessions',
  format: 'csv',
  fields: ['title'],
  csvDialect: 'rfc4180',
  timeZone: 'Europe/Paris',
  mode: 'scheduled',
  exportJobId: 'export-job-1',
  scheduledExportId: 'scheduled-1',
};
const file: RenderedExport = {
  key: 'exports/owner-1/run-1/sessions-2026-11-22.csv',
  filename: 'sessions-2026-11-22.csv',
  contentType: 'text/csv',
  rowCount: 2,
  sizeBytes: 40,
  fileObjectId: 'file-1',
};
const scheduled = {
  id: 'scheduled-1',
  owner_id: 'owner-1',
  is_active: true,
  export_template_id: null,
  format: 'excel',
  entity: 'contacts',
  selected_fields: ['first_name', 'email'],
  send_email: true,
  email_recipient: 'ops@example.com',
};

/** export_jobs: a row is closed once per job run (closeExportJob answers false when it already was). */
function setUp(overrides: Partial<ExportDeliveryDeps> = {}) {
  const closed = new Set<string>();
  const metrics = { completed: jest.fn(), failed: jest.fn() } as unknown as ExportMetrics;
  const deps: ExportDeliveryDeps = {
    logger: pino({ level: 'silent' }),
    publicS3: {} as S3Client,
    bucket: 'studio',
    linkTtlSeconds: 3600,
    emailLinkTtlSeconds: 604_800,
    emitter: { to: jest.fn(() => ({ emit: jest.fn() })) },
    mailer: { sendMail: jest.fn() } as unknown as Transporter,
    mailFrom: 'exports@example.com',
    metrics,
    closeExportJob: jest.fn(async (id: string, jobRunId: string) => {
      if (closed.has(`${id}/${jobRunId}`)) return false;
      closed.add(`${id}/${jobRunId}`);
      return true;
    }) as never,
    markScheduledExportRun: jest.fn(async () => undefined),
    openScheduledExportJob: jest.fn(async () => 'export-job-9'),
    findScheduledExportById: jest.fn(async () => scheduled) as never,
    findStudio: jest.fn(async () => ({
      id: 'owner-1',
      csv_dialect: 'excel-fr',
      time_zone: 'Europe/Paris',
    })) as never,
    findExportTemplateOrNull: jest.fn(async () => null),
    findDefaultExportTemplate: jest.fn(async () => null),
    ...overrides,
  };
  return { activities: createExportDeliveryActivities(deps), deps, metrics };
}

describe('export delivery activities with fake deps', () => {
  it("recordExportOutcome closes the export job with the file, marks the schedule's run and counts the export", async () => {
    const { activities, deps, metrics } = setUp();
    await env(1).run(activities.recordExportOutcome, { jobRunId: 'run-1', payload, file, seconds: 3 });
    expect(deps.closeExportJob).toHaveBeenCalledWith('export-job-1', 'run-1', { fileObjectId: 'file-1', rowCount: 2 });
    expect(deps.markScheduledExportRun).toHaveBeenCalledWith('scheduled-1');
    expect(metrics.completed).toHaveBeenCalledWith('sessions', 'csv', 3, 40);
  });

  it("prepareScheduledExport reads the schedule and the owner's preferences now and opens the fire's export job", async () => {
    const { activities, deps } = setUp();
    expect(
      await env(1).run(activities.prepareScheduledExport, { jobRunId: 'run-2', scheduledExportId: 'scheduled-1' }),
    ).toEqual({
      ownerId: 'owner-1',
      orgId: 'owner-1',
      entity: 'contacts',
      format: 'excel',
      fields: ['first_name', 'email'],
      csvDialect: 'excel-fr',
      timeZone: 'Europe/Paris',
      mode: 'scheduled',
      exportJobId: 'export-job-9',
      scheduledExportId: 'scheduled-1',
      emailRecipient: 'ops@example.com',
    });
    expect(deps.openScheduledExportJob).toHaveBeenCalledWith('run-2', expect.objectContaining({ entity: 'contacts' }));
  });

  it('prepareScheduledExport refuses for good (invalid_export, non-retryable) fields the entity lacks, and opens nothing', async () => {
    const { activities, deps } = setUp({
      findScheduledExportById: jest.fn(async () => ({ ...scheduled, selected_fields: ['password_hash'] })) as never,
    });
    const failure = await env(1)
      .run(activities.prepareScheduledExport, { jobRunId: 'run-2', scheduledExportId: 'scheduled-1' })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'invalid_export', nonRetryable: true });
    expect(deps.openScheduledExportJob).not.toHaveBeenCalled();
  });

  it('a retry (attempt 2) of recordExportOutcome finds the job closed for its run and counts nothing twice', async () => {
    const { activities, deps, metrics } = setUp();
    await env(1).run(activities.recordExportOutcome, { jobRunId: 'run-1', payload, file, seconds: 3 });
    await env(2).run(activities.recordExportOutcome, { jobRunId: 'run-1', payload, file, seconds: 3 });
    expect(metrics.completed).toHaveBeenCalledTimes(1);
    expect(deps.markScheduledExportRun).toHaveBeenCalledTimes(1);
  });
});
