import { type CsvEncoding, type ImportFormat } from '../../domain/imports/file-format';
import { type RowAction } from '../../domain/imports/import-plan';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** One import, as checked by the api: the upload is already in object storage under temp/. */
export interface ImportPayload extends Record<string, unknown> {
  ownerId: string;
  entity: ImportEntity;
  format: ImportFormat;
  /** temp/imports/... key of the uploaded file. */
  uploadKey: string;
  /** The file name as uploaded, for the error file's name. */
  filename: string;
  /** A csv's encoding, found by the api on the whole upload, so the worker decodes as it streams. */
  encoding?: CsvEncoding;
  updateExisting: boolean;
  /** A custom mapping already checked against the entity's target fields; else auto-detected. */
  mapping?: Record<string, string>;
  rowActions?: Record<string, RowAction>;
  /** Preview: plan and report, write nothing. */
  preview: boolean;
  /** IANA zone the sessions' start dates are matched in (the owner's preference). */
  timeZone: string;
  requestId?: string;
}

/** A failing row: its file line, why, and the row as read (spec: Import result). */
export interface ImportRowError {
  line: number;
  message: string;
  row: Record<string, string>;
}

/** The spec's import result, plus the error file's object key (the api signs a link to it). */
export interface ImportResult {
  imported: number;
  skipped: number;
  total: number;
  totalRows: number;
  /** The first failing rows (at most 1 000, about 1 MB); every one of them is in the error file. */
  errors: ImportRowError[];
  /** How many rows failed; more than `errors` lists when `errorsTruncated`. */
  errorCount: number;
  errorsTruncated: boolean;
  warnings: { line: number; message: string }[];
  mapping: Record<string, string>;
  created: number;
  updated: number;
  errorFile: { key: string; filename: string } | null;
}

/** One preview line (spec: Import preview), with the diff of a suggested update. */
export interface ImportPreviewItem {
  line: number;
  firstName: string;
  lastName: string;
  reason: string;
  suggestedAction: RowAction;
  existingContactId?: string;
  changes?: Record<string, { from: string | null; to: string }>;
}

export interface ImportPreview {
  /** The first lines (at most 1 000, about 1 MB); `summary` counts every line. */
  items: ImportPreviewItem[];
  itemsTruncated: boolean;
  summary: { create: number; update: number; skip: number };
  mapping: Record<string, string>;
  totalRows: number;
}

/**
 * An import. Key: a hash of the owner, the file's bytes and the options, so a double submit of
 * the same upload returns the first run's result instead of importing twice.
 */
export const IMPORT_JOB = defineJob<ImportPayload>({
  jobName: 'import',
  taskQueue: TASK_QUEUES.imports,
  workflowType: 'importWorkflow',
  workflowId: (key) => jobId('import', key),
  rerun: 'return-existing',
});

/** Errors no retry can heal (a file that cannot be read, no recognisable column). */
export const IMPORT_NON_RETRYABLE = ['validation_failed'] as const;

/** The activity (activities/imports): reads the upload, validates, plans, writes in batches. */
export interface ImportActivities {
  runImport(input: { jobRunId: string; payload: ImportPayload }): Promise<ImportResult | ImportPreview>;
}
