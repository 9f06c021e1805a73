import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createCleanupActivities, type CleanupDeps } from '../../../../activities/cleanup';
import { createMemoryLogger } from '../../../fixtures/memory-logger';
import { fakeS3 } from '../../../helpers/fake-s3';

/**
 * file_objects as the cleanup sees it: orphan rows, each batch deleted and committed before the
 * objects are asked for (db/commands/storage-cleanup.ts: no transaction open while S3 is called).
 */
function setUp({ refuse = new Set<string>(), attempt = 1 } = {}) {
  const rows = new Set(['session-files/s/a.jpg', 'session-files/s/b.jpg']);
  const { s3, deleted } = fakeS3({ refuse });
  const { logger, lines } = createMemoryLogger();
  const deps: CleanupDeps = {
    s3,
    bucket: 'studio',
    logger,
    exportRetentionHours: 24,
    countOrphanFileObjects: jest.fn(async () => ({ scanned: rows.size + 1, kept: 1 })),
    deleteOrphanFileObjectBatch: jest.fn(async ({ limit }) => {
      const batch = [...rows].slice(0, limit);
      for (const key of batch) rows.delete(key);
      return batch;
    }),
    referencedObjectKeys: jest.fn(async () => new Set<string>()),
    deleteFileObjectRows: jest.fn(async () => undefined),
    deleteStaleFileObjectRows: jest.fn(async () => []),
  };
  const env = (n = attempt) =>
    new MockActivityEnvironment({ attempt: n, heartbeatTimeoutMs: 60_000 }, { logger: new DefaultLogger('ERROR') });
  return { activities: createCleanupActivities(deps), deps, rows, deleted, lines, env, refuse };
}

describe('deleteOrphanFileObjects with fake deps', () => {
  it('deletes the orphan rows with their objects and reports what it scanned and kept', async () => {
    const { activities, deps, rows, deleted, env } = setUp();
    const summary = await env().run(activities.deleteOrphanFileObjects, { minAgeSeconds: 3600 });

    expect(summary).toEqual({
      jobType: 'orphan-file-objects',
      scanned: 3,
      deleted: 2,
      keptPermanent: 1,
      minAgeSeconds: 3600,
    });
    expect(deleted).toEqual(['session-files/s/a.jpg', 'session-files/s/b.jpg']);
    expect(rows.size).toBe(0);
    const scope = (deps.countOrphanFileObjects as jest.Mock).mock.calls[0][0];
    expect(scope.bucket).toBe('studio');
    expect(scope.permanent).toContain('pdfs/invoices/%');
    expect(Date.now() - scope.cutoff.getTime()).toBeGreaterThanOrEqual(3600 * 1000);
  });

  it('fails the pass when storage refuses an object; its row is gone, the object left to the orphan-objects pass', async () => {
    const { activities, rows, deleted, env } = setUp({ refuse: new Set(['session-files/s/b.jpg']) });
    await expect(env().run(activities.deleteOrphanFileObjects, {})).rejects.toThrow(
      'Storage refused to delete 1 objects; the orphan-objects pass removes them',
    );
    expect(rows.size).toBe(0);
    expect(deleted).toEqual(['session-files/s/a.jpg']);
  });

  it('a retry (attempt 2) after a refused batch finds no orphan row left and deletes nothing twice', async () => {
    const { activities, deps, deleted, env, refuse } = setUp({ refuse: new Set(['session-files/s/b.jpg']) });
    await expect(env(1).run(activities.deleteOrphanFileObjects, {})).rejects.toThrow();
    refuse.clear();

    const retry = await env(2).run(activities.deleteOrphanFileObjects, {});
    expect(retry).toMatchObject({ deleted: 0, scanned: 1 });
    expect(deps.deleteOrphanFileObjectBatch).toHaveBeenCalledTimes(2);
    expect(deleted).toEqual(['session-files/s/a.jpg']);
  });
});
