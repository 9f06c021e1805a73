import { type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type CleanupMetrics } from '../../lib/metrics/cleanup-metrics';

/** What the cleanup activities need; the worker builds the real ones, tests may pass others. */
export interface CleanupDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger: Logger;
  metrics?: CleanupMetrics;
  /** EXPORT_RETENTION_HOURS: the export-file cleanup's age threshold when the payload sets none. */
  exportRetentionHours: number;
}
