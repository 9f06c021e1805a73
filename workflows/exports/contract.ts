import { type CsvDialect } from '../../domain/exports/csv-dialect';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** How the export was asked for: the api waits (sync), pushes over Socket.IO (async), or a schedule fired it. */
export type ExportMode = 'sync' | 'async' | 'scheduled';

/** What to export, already validated by the api: fields are valid keys of the entity, in order. */
export interface ExportPayload extends Record<string, unknown> {
  ownerId: string;
  orgId: string;
  entity: ExportEntity;
  format: ExportFormat;
  fields: string[];
  csvDialect: CsvDialect;
  /** IANA zone the dates are written in (the owner's preference). */
  timeZone: string;
  mode: ExportMode;
  /** export_jobs row of an async or scheduled export. */
  exportJobId?: string;
  scheduledExportId?: string;
  /** Scheduled exports with send_email: where the link goes. */
  emailRecipient?: string | null;
}

/** The file an export made: passed between activities by key, never by content. */
export interface RenderedExport {
  key: string;
  filename: string;
  contentType: string;
  rowCount: number;
  sizeBytes: number;
  fileObjectId: string;
}

/** What the export job returns (and job_runs.result keeps); links are signed when asked for, since they expire. */
export interface ExportResult {
  key: string;
  filename: string;
  rowCount: number;
  sizeBytes: number;
}

/** An export, one run per request (a user asking twice wants two files). Key: the owner id. */
export const EXPORT_JOB = defineJob<ExportPayload>({
  jobName: 'export',
  taskQueue: TASK_QUEUES.exports,
  workflowType: 'exportWorkflow',
  workflowId: (ownerId) => jobId('export', ownerId),
  rerun: 'new-run',
});

/** A scheduled export's fire: the template and the owner's preferences are read at run time. */
export interface ScheduledExportPayload extends Record<string, unknown> {
  scheduledExportId: string;
}

/**
 * One run per fire of a scheduled export's Temporal Schedule. Key: the fire's workflow id
 * (schedule id plus fire time), so a retried or duplicated fire runs the export once.
 */
export const SCHEDULED_EXPORT_JOB = defineJob<ScheduledExportPayload>({
  jobName: 'export.scheduled',
  taskQueue: TASK_QUEUES.exports,
  workflowType: 'scheduledExportWorkflow',
  workflowId: (fireId) => jobId('scheduled-export', fireId),
  rerun: 'return-existing',
});

/** The Temporal Schedule of a scheduled export: one per scheduled_exports row. */
export function scheduledExportScheduleId(scheduledExportId: string): string {
  return jobId('scheduled-export', scheduledExportId);
}

/** The rendering activity (activities/exports): rows to a file in object storage. */
export interface ExportRenderActivities {
  renderExport(input: { jobRunId: string; payload: ExportPayload }): Promise<RenderedExport>;
}

/** Socket.IO events pushed to the owner's room when an async export ends. */
export const EXPORT_EVENTS = { completed: 'export.completed', failed: 'export.failed' } as const;

/** The owner's Socket.IO room: every connection of that user, on any api process. */
export function ownerRoom(userId: string): string {
  return `user:${userId}`;
}

/** Rendering errors that no retry can fix: Temporal gives up at once. */
export const EXPORT_NON_RETRYABLE = ['export_too_large', 'invalid_export'] as const;

/** What happens to an export once rendered (activities/export-delivery.ts). */
export interface ExportDeliveryActivities {
  /** Closes the export_jobs row and counts the export's metrics, once per job run. */
  recordExportOutcome(input: {
    jobRunId: string;
    payload: ExportPayload;
    file?: RenderedExport;
    error?: { message: string; type: string };
    seconds: number;
  }): Promise<void>;
  /** Tells the owner's Socket.IO room that the export is ready, or failed. */
  notifyExportOwner(input: { jobRunId: string; ownerId: string; file?: RenderedExport; error?: string }): Promise<void>;
  /** Mails the link of a scheduled export to its recipient. */
  emailExportLink(input: { jobRunId: string; payload: ExportPayload; file: RenderedExport }): Promise<void>;
  /** The payload of a scheduled export's fire, or null when the schedule no longer exists. */
  prepareScheduledExport(input: { jobRunId: string; scheduledExportId: string }): Promise<ExportPayload | null>;
}
