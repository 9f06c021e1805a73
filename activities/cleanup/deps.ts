import { type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type deleteFileObjectRows } from '../../db/commands/delete-file-object-rows';
import { type deleteOrphanFileObjectBatch } from '../../db/commands/delete-orphan-file-object-batch';
import { type deleteStaleFileObjectRows } from '../../db/commands/delete-stale-file-object-rows';
import { type countOrphanFileObjects, type referencedObjectKeys } from '../../db/queries/storage-cleanup';
import { type Bound } from '../db-deps';
import { type CleanupMetrics } from '../../lib/metrics/cleanup-metrics';

/** What the cleanup activities need; the worker builds the real ones, tests may pass others. */
export interface CleanupDeps {
  /** file_objects reads and deletes (db/queries and db/commands storage-cleanup.ts), the handle bound. */
  countOrphanFileObjects: Bound<typeof countOrphanFileObjects>;
  deleteOrphanFileObjectBatch: Bound<typeof deleteOrphanFileObjectBatch>;
  referencedObjectKeys: Bound<typeof referencedObjectKeys>;
  deleteFileObjectRows: Bound<typeof deleteFileObjectRows>;
  deleteStaleFileObjectRows: Bound<typeof deleteStaleFileObjectRows>;
  s3: S3Client;
  bucket: string;
  logger: Logger;
  metrics?: CleanupMetrics;
  /** EXPORT_RETENTION_HOURS: the export-file cleanup's age threshold when the payload sets none. */
  exportRetentionHours: number;
}
