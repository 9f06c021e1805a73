import { type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type closeExportJob } from '../db/commands/close-export-job';
import { type markScheduledExportRun } from '../db/commands/mark-scheduled-export-run';
import { type openScheduledExportJob } from '../db/commands/open-scheduled-export-job';
import { type findDefaultExportTemplate, type findExportTemplateOrNull } from '../db/queries/export-templates';
import { type findScheduledExportById } from '../db/queries/scheduled-exports';
import { type findStudio } from '../db/queries/studios';
import { resolveExportFields } from '../domain/exports/fields';
import { type ExportMetrics } from '../lib/metrics/export-metrics';
import { downloadLink } from '../lib/s3-links';
import {
  EXPORT_EVENTS,
  type ExportDeliveryActivities,
  ownerRoom,
  type ExportPayload,
  type RenderedExport,
} from '../workflows/exports/contract';
import { type Bound } from './db-deps';

/** Where async export events go: a room on every api process (Socket.IO's PostgreSQL emitter). */
export interface RoomEmitter {
  to(room: string): { emit(event: string, data: unknown): unknown };
}

/** export_jobs and the scheduled exports' reads (db/commands/export-jobs.ts, db/queries/). */
export interface ExportDeliveryDb {
  closeExportJob: Bound<typeof closeExportJob>;
  markScheduledExportRun: Bound<typeof markScheduledExportRun>;
  openScheduledExportJob: Bound<typeof openScheduledExportJob>;
  findScheduledExportById: Bound<typeof findScheduledExportById>;
  findStudio: Bound<typeof findStudio>;
  findExportTemplateOrNull: Bound<typeof findExportTemplateOrNull>;
  findDefaultExportTemplate: Bound<typeof findDefaultExportTemplate>;
}

export interface ExportDeliveryDeps extends ExportDeliveryDb {
  logger: Logger;
  /** Signs links for S3_PUBLIC_ENDPOINT. */
  publicS3: S3Client;
  bucket: string;
  /** Lifetime of the links pushed to the app (the spec's 3600 s cap). */
  linkTtlSeconds: number;
  /** Lifetime of the links mailed by scheduled exports: the documented week-long case. */
  emailLinkTtlSeconds: number;
  emitter: RoomEmitter;
  mailer: Transporter;
  mailFrom: string;
  metrics?: ExportMetrics;
}

/**
 * The payload of a scheduled export's fire, read now: the template (when set) supplies format
 * and fields, the owner's preferences the zone and csv dialect. Creates the fire's export_jobs
 * row once per job run. Null when the schedule was deleted or paused since.
 */
async function scheduledExportPayload(
  deps: ExportDeliveryDeps,
  { jobRunId, scheduledExportId }: { jobRunId: string; scheduledExportId: string },
): Promise<ExportPayload | null> {
  const scheduled = await deps.findScheduledExportById(scheduledExportId);
  if (!scheduled || !scheduled.is_active) return null;
  const owner = await deps.findStudio(scheduled.owner_id);
  const template = scheduled.export_template_id
    ? await deps.findExportTemplateOrNull(owner.id, scheduled.export_template_id)
    : null;
  const format = template?.format ?? scheduled.format;
  const entity = template?.entity ?? scheduled.entity;
  // No template and no fields of its own: the owner's default template now, else every key (spec: Exports rule 2).
  const fallback =
    template || scheduled.selected_fields.length
      ? undefined
      : await deps.findDefaultExportTemplate(owner.id, entity, format);
  let fields: string[];
  try {
    fields = resolveExportFields(
      entity,
      template ? template.selected_fields : scheduled.selected_fields.length ? scheduled.selected_fields : undefined,
      fallback?.selected_fields,
    );
  } catch (err) {
    throw ApplicationFailure.nonRetryable((err as Error).message, 'invalid_export');
  }
  const exportJobId = await deps.openScheduledExportJob(jobRunId, {
    ownerId: owner.id,
    entity,
    format,
    fields,
    scheduledExportId: scheduled.id,
  });
  return {
    ownerId: owner.id,
    orgId: owner.id,
    entity,
    format,
    fields,
    csvDialect: owner.csv_dialect,
    timeZone: owner.time_zone,
    mode: 'scheduled',
    exportJobId,
    scheduledExportId: scheduled.id,
    emailRecipient: scheduled.send_email ? scheduled.email_recipient : null,
  };
}

/** Records, pushes and mails what an export made. Each activity is safe to retry. */
export function createExportDeliveryActivities(deps: ExportDeliveryDeps): ExportDeliveryActivities {
  const link = (file: Pick<RenderedExport, 'key' | 'filename'>, seconds: number) =>
    downloadLink(deps.publicS3, deps.bucket, file, seconds);

  return {
    /**
     * Closes the export_jobs row and counts the export's metrics, once per job run: a retry of this
     * activity finds the row already final for its run and stops. A replay is another job run
     * (same payload, same export_jobs row): its outcome replaces the failed run's.
     */
    async recordExportOutcome(input: {
      jobRunId: string;
      payload: ExportPayload;
      file?: RenderedExport;
      error?: { message: string; type: string };
      seconds: number;
    }): Promise<void> {
      const { payload, file, error } = input;
      if (payload.exportJobId) {
        const outcome = file
          ? { fileObjectId: file.fileObjectId, rowCount: file.rowCount }
          : { error: error?.message.slice(0, 10_000) ?? 'Export failed' };
        if (!(await deps.closeExportJob(payload.exportJobId, input.jobRunId, outcome))) return;
      }
      if (payload.scheduledExportId) await deps.markScheduledExportRun(payload.scheduledExportId);
      if (file) deps.metrics?.completed(payload.entity, payload.format, input.seconds, file.sizeBytes);
      else deps.metrics?.failed(payload.entity, payload.format, input.seconds, error?.type ?? 'render_failed');
    },

    /** Pushes `export.completed` (with a fresh link) or `export.failed` to the owner's room on every api process. */
    async notifyExportOwner(input: {
      jobRunId: string;
      ownerId: string;
      file?: RenderedExport;
      error?: string;
    }): Promise<void> {
      const room = ownerRoom(input.ownerId);
      if (input.file)
        deps.emitter.to(room).emit(EXPORT_EVENTS.completed, {
          jobRunId: input.jobRunId,
          ...(await link(input.file, deps.linkTtlSeconds)),
        });
      else
        deps.emitter
          .to(room)
          .emit(EXPORT_EVENTS.failed, { jobRunId: input.jobRunId, error: input.error ?? 'Export failed' });
    },

    /** Mails the link of a scheduled export to its recipient. */
    async emailExportLink(input: { jobRunId: string; payload: ExportPayload; file: RenderedExport }): Promise<void> {
      const recipient = input.payload.emailRecipient;
      if (!recipient) return;
      const { url } = await link(input.file, deps.emailLinkTtlSeconds);
      const days = Math.round(deps.emailLinkTtlSeconds / 86_400);
      const text = `Your scheduled export of ${input.payload.entity} (${input.file.rowCount} rows) is ready:\n\n${url}\n\nThe link works for ${days} days.`;
      await deps.mailer.sendMail({
        from: deps.mailFrom,
        to: recipient,
        subject: `Scheduled export: ${input.payload.entity}, ${input.file.filename}`,
        text,
        // The same id on a retried send lets mail systems drop the duplicate.
        messageId: `<export-${input.jobRunId}@studio.local>`,
      });
      deps.logger.info({ jobRunId: input.jobRunId, to: recipient, key: input.file.key }, 'Scheduled export mailed');
    },

    /** The payload of a scheduled export's fire, read now (scheduledExportPayload). */
    prepareScheduledExport: (input) => scheduledExportPayload(deps, input),
  };
}

export type { ExportDeliveryActivities } from '../workflows/exports/contract';
