import { type Logger } from 'pino';
import { type Registry } from 'prom-client';
import { type Sequelize } from 'sequelize-typescript';
import { type CleanupDeps } from '../activities/cleanup';
import { type Config } from '../lib/config';
import { createS3Client } from '../lib/s3';
import { createCleanupMetrics } from '../lib/metrics/cleanup-metrics';

/** The cleanup activities' real dependencies: the worker's pool, an S3 client, its metrics registry. */
export function buildCleanupDeps({ config, sequelize, logger, registry }: { config: Config; sequelize: Sequelize; logger: Logger; registry: Registry }): CleanupDeps {
  return {
    sequelize,
    s3: createS3Client(config),
    bucket: config.S3_BUCKET,
    logger,
    metrics: createCleanupMetrics(registry),
    exportRetentionHours: config.EXPORT_RETENTION_HOURS,
  };
}
