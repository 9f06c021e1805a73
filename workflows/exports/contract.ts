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
