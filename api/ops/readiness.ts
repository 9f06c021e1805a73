import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Connection } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { pingDatabase } from '../../db/queries/ping';
import { withTimeout } from '../../lib/with-timeout';

export type CheckResult = { status: 'up' } | { status: 'down'; error: string };

/** Fails a check that takes longer than `ms`, so /ready answers even when a dependency hangs. */
async function within(ms: number, check: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await withTimeout(check(), ms, 'check');
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: (err as Error).message };
  }
}

export interface ReadinessDeps {
  sequelize: Sequelize;
  temporal: Connection;
  temporalNamespace: string;
  s3: S3Client;
  bucket: string;
}

/** Database, Temporal and storage, checked in parallel. */
export async function checkReadiness(deps: ReadinessDeps, timeoutMs = 2_000) {
  const [database, temporal, storage] = await Promise.all([
    within(timeoutMs, () => pingDatabase(deps.sequelize)),
    within(timeoutMs, () => deps.temporal.workflowService.describeNamespace({ namespace: deps.temporalNamespace })),
    within(timeoutMs, () => deps.s3.send(new HeadBucketCommand({ Bucket: deps.bucket }))),
  ]);
  const ready = [database, temporal, storage].every((c) => c.status === 'up');
  return { ready, checks: { database, temporal, storage } };
}
