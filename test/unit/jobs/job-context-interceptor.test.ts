import { type Context } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import { DefaultLogger } from '@temporalio/worker';
import { createJobRunActivities } from '../../../activities/job-runs';
import { studioSetting } from '../../../db/studio-context';
import { JobContextInterceptor, RecentJobRuns } from '../../../workers/job-context-interceptor';
import { buildJobRunRecord, FakeJobRunStore } from '../../fixtures/fake-job-run-store';
import { createMemoryLogger } from '../../fixtures/memory-logger';

/** An activity environment like the worker's: the interceptor around the activity, on a fake store. */
function activityEnv(
  store: FakeJobRunStore,
  attempt: number,
  activityType: string,
  nonRetryableErrorTypes: string[] = [],
  recent?: RecentJobRuns,
) {
  const { logger, lines } = createMemoryLogger();
  const env = new MockActivityEnvironment(
    {
      workflowExecution: { workflowId: 'test:wf-1', runId: 'temporal-run-1' },
      attempt,
      activityType,
      retryPolicy: { maximumAttempts: 3, nonRetryableErrorTypes },
    },
    // The SDK's 'Activity failed' warnings are expected here; only the interceptor's lines are under test.
    {
      interceptors: [(ctx: Context) => ({ inbound: new JobContextInterceptor(ctx, logger, store, recent) })],
      logger: new DefaultLogger('ERROR'),
    },
  );
  return { env, logger, lines };
}

const printerOnFire = async () => {
  throw new Error('Printer 7 is on fire');
};

describe('JobContextInterceptor', () => {
  it("raises the run's attempt and logs 'Job failed' with willRetry while attempts remain, and no 'Job started'", async () => {
    const store = new FakeJobRunStore(buildJobRunRecord());
    const { env, lines } = activityEnv(store, 2, 'printInvoice');

    await expect(env.run(printerOnFire)).rejects.toThrow('Printer 7 is on fire');
    expect(store.rows.get('run-1')!.attempt).toBe(2);
    expect(lines().map((l) => l.msg)).toEqual(['Job failed']);
    expect(lines()[0]).toMatchObject({
      level: 50,
      jobId: 'test:wf-1',
      jobName: 'test.job',
      jobRunId: 'run-1',
      requestId: 'req-1',
      error: 'Printer 7 is on fire',
      attempt: 2,
      willRetry: true,
    });
  });

  it('says willRetry false on the last attempt and for a non-retryable failure', async () => {
    const last = activityEnv(new FakeJobRunStore(buildJobRunRecord()), 3, 'printInvoice');
    await expect(last.env.run(printerOnFire)).rejects.toThrow();
    expect(last.lines()[0]).toMatchObject({ msg: 'Job failed', attempt: 3, willRetry: false });

    const fatal = activityEnv(new FakeJobRunStore(buildJobRunRecord()), 1, 'printInvoice');
    await expect(
      fatal.env.run(() => Promise.reject(ApplicationFailure.nonRetryable('No such printer', 'not_found'))),
    ).rejects.toThrow();
    expect(fatal.lines()[0]).toMatchObject({ msg: 'Job failed', attempt: 1, willRetry: false });

    // A failure whose type the activity's retry policy lists is not retried either (the export's export_too_large).
    const listed = activityEnv(new FakeJobRunStore(buildJobRunRecord()), 1, 'renderExport', ['export_too_large']);
    await expect(
      listed.env.run(() =>
        Promise.reject(ApplicationFailure.create({ message: 'Too many rows', type: 'export_too_large' })),
      ),
    ).rejects.toThrow();
    expect(listed.lines()[0]).toMatchObject({ msg: 'Job failed', attempt: 1, willRetry: false });
    const other = activityEnv(new FakeJobRunStore(buildJobRunRecord()), 1, 'renderExport', ['export_too_large']);
    await expect(
      other.env.run(() =>
        Promise.reject(ApplicationFailure.create({ message: 'S3 is down', type: 'storage_unavailable' })),
      ),
    ).rejects.toThrow();
    expect(other.lines()[0]).toMatchObject({ msg: 'Job failed', attempt: 1, willRetry: true });
  });

  it('gives bookkeeping activities the log context but writes no job lines of its own for them', async () => {
    const store = new FakeJobRunStore(buildJobRunRecord());
    const { env, logger, lines } = activityEnv(store, 1, 'startJobRun');
    const { startJobRun } = createJobRunActivities({ logger, store });

    await env.run(startJobRun, { jobRunId: 'run-1' });
    expect(lines().map((l) => l.msg)).toEqual(['Job started']);
    // The correlation ids come from the interceptor's log context.
    expect(lines()[0]).toMatchObject({
      requestId: 'req-1',
      workflowId: 'test:wf-1',
      runId: 'temporal-run-1',
      activity: 'startJobRun',
    });
  });

  it('writes the attempt once per job and attempt when the worker remembers recent runs, and still writes a retry', async () => {
    const store = new FakeJobRunStore(buildJobRunRecord());
    const writes: number[] = [];
    const recordAttempt = store.recordAttempt.bind(store);
    store.recordAttempt = async (workflowId, attempt) => (writes.push(attempt), recordAttempt(workflowId, attempt));
    const recent = new RecentJobRuns();
    const seen: unknown[] = [];
    const activity = async () => void seen.push('ran');

    // A job's three activities at attempt 1 (start, body, completion): one write.
    for (const type of ['startJobRun', 'evaluateTriggers', 'completeJobRun'])
      await activityEnv(store, 1, type, [], recent).env.run(activity);
    expect(writes).toEqual([1]);
    // A retry of the body is a higher attempt: written, and its 'Job failed' line still has the run.
    const retry = activityEnv(store, 2, 'evaluateTriggers', [], recent);
    await expect(retry.env.run(printerOnFire)).rejects.toThrow();
    expect(writes).toEqual([1, 2]);
    expect(store.rows.get('run-1')!.attempt).toBe(2);
    expect(retry.lines()[0]).toMatchObject({
      msg: 'Job failed',
      jobRunId: 'run-1',
      jobName: 'test.job',
      requestId: 'req-1',
      attempt: 2,
    });
    expect(seen).toHaveLength(3);
  });

  it("runs the activity under its job's organisation (app.org_id), and a job of no studio as the platform", async () => {
    const studio = activityEnv(new FakeJobRunStore(buildJobRunRecord({ org_id: 'org-7' })), 1, 'evaluateTriggers');
    expect(await studio.env.run(async () => studioSetting())).toBe('org-7');
    const platform = activityEnv(new FakeJobRunStore(buildJobRunRecord({ org_id: null })), 1, 'relayOutbox');
    expect(await platform.env.run(async () => studioSetting())).toBe('');
  });
});
