import { type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type Registry } from 'prom-client';
import { type Sequelize } from 'sequelize-typescript';
import { type CleanupDeps } from '../activities/cleanup';
import { type Config } from '../lib/config';
import { deleteFileObjectRows } from '../db/commands/delete-file-object-rows';
import { deleteOrphanFileObjectBatch } from '../db/commands/delete-orphan-file-object-batch';
import { deleteStaleFileObjectRows } from '../db/commands/delete-stale-file-object-rows';
import { countOrphanFileObjects, referencedObjectKeys } from '../db/queries/storage-cleanup';
import { createCleanupMetrics } from '../lib/metrics/cleanup-metrics';
import { bindDb } from './bind-db';

/** The cleanup activities' real dependencies: the worker's pool, S3 client and metrics registry. */
export function buildCleanupDeps({
  config,
  sequelize,
  s3,
  logger,
  registry,
}: {
  config: Config;
  sequelize: Sequelize;
  s3: S3Client;
  logger: Logger;
  registry: Registry;
}): CleanupDeps {
  return {
    ...bindDb(sequelize, {
      countOrphanFileObjects,
      deleteOrphanFileObjectBatch,
      referencedObjectKeys,
      deleteFileObjectRows,
      deleteStaleFileObjectRows,
    }),
    s3,
    bucket: config.S3_BUCKET,
    logger,
    metrics: createCleanupMetrics(registry),
    exportRetentionHours: config.EXPORT_RETENTION_HOURS,
  };
}
