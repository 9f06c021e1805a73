import { createHash } from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { findUserPreferences } from '../../db/queries/users';
import { DomainError } from '../../domain/errors';
import { parseCustomMapping } from '../../domain/imports/custom-mapping';
import { detectImportFormat } from '../../domain/imports/file-format';
import { type RowAction } from '../../domain/imports/import-plan';
import { resolveImportMapping } from '../../domain/imports/resolve-mapping';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { type Config } from '../../lib/config';
import { checkUpload } from '../../lib/imports/read-upload';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import {
  IMPORT_JOB,
  type ImportPayload,
  type ImportPreview,
  type ImportResult,
} from '../../workflows/imports/contract';

// A 10 MB file imports in seconds; the wait is generous, and a longer run is still in job_runs.
const WAIT_SECONDS = 300;

/** The uploaded file, as the upload reader gives it. */
export interface ImportUpload {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/** How to import: a preview or for real, update existing records or not, a custom mapping, per-line choices. */
export interface ImportOptions {
  preview: boolean;
  updateExisting: boolean;
  mapping?: string;
  rowActions?: Record<string, RowAction>;
}

/**
 * Imports a file: checks it (type, readable, a usable column), stores it, runs the import job and
 * waits for its answer. The check comes first, so an unreadable, empty or unrecognised file is a
 * 400 before any job: a csv up to its first data row only, a spreadsheet whole
 * (lib/imports/read-upload.ts). The job's key is the file and the options: the same upload twice
 * meets one job.
 */
export async function importFile(
  sequelize: Sequelize,
  deps: { temporal: Client; s3: S3Client; config: Pick<Config, 'S3_BUCKET'> },
  user: { id: string; orgId: string },
  entity: ImportEntity,
  file: ImportUpload,
  options: ImportOptions,
  requestId?: string,
): Promise<ImportResult | ImportPreview> {
  const format = detectImportFormat(file.originalname, file.mimetype, file.buffer.subarray(0, 8));
  const mapping = options.mapping === undefined ? undefined : parseCustomMapping(entity, options.mapping);
  const head = await checkUpload(format, file.buffer);
  resolveImportMapping(entity, head.headers, mapping);
  // The member's own zone reads the file's dates: the spreadsheet is theirs (docs/teams.md).
  const owner = await findUserPreferences(sequelize, user.id);
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        user.orgId,
        entity,
        options.preview,
        options.updateExisting,
        mapping ?? null,
        options.rowActions ?? null,
        owner.time_zone,
      ]),
    )
    .update(file.buffer)
    .digest('hex');
  const uploadKey = `temp/imports/${user.orgId}/${hash}.${format}`;
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.config.S3_BUCKET,
      Key: uploadKey,
      Body: file.buffer,
      ContentType: file.mimetype,
    }),
  );
  const payload: ImportPayload = {
    ownerId: user.orgId,
    entity,
    format,
    uploadKey,
    filename: file.originalname,
    ...(head.encoding ? { encoding: head.encoding } : {}),
    updateExisting: options.updateExisting,
    preview: options.preview,
    timeZone: owner.time_zone,
    requestId,
    ...(mapping ? { mapping } : {}),
    ...(options.rowActions ? { rowActions: options.rowActions } : {}),
  };
  const run = await startJob(sequelize, deps.temporal, IMPORT_JOB, `${user.orgId}:${hash}`, payload, {
    orgId: user.orgId,
    userId: user.id,
    requestId,
  });
  return waitForJob<ImportResult | ImportPreview>(deps.temporal, run, {
    seconds: WAIT_SECONDS,
    what: 'import',
    late: (job) =>
      new DomainError('import_timeout', `The import is still running after ${WAIT_SECONDS} s`, { jobRunId: job.id }),
    failed: (reason, job) => new DomainError('import_failed', `The import failed: ${reason}`, { jobRunId: job.id }),
  });
}
