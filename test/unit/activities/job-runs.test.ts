import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createJobRunActivities } from '../../../activities/job-runs';
import { buildJobRunRecord, FakeJobRunStore } from '../../fixtures/fake-job-run-store';
import { createMemoryLogger } from '../../fixtures/memory-logger';

const workflowExecution = { workflowId: 'test:wf-1', runId: 'temporal-run-1' };

function setUp() {
  const store = new FakeJobRunStore(buildJobRunRecord());
  const { logger, lines } = createMemoryLogger();
  const activities = createJobRunActivities({ logger, store });
  const env = new MockActivityEnvironment({ workflowExecution, attempt: 1 }, { logger: new DefaultLogger('ERROR') });
  return { store, lines, activities, env, row: () => store.rows.get('run-1')! };
}

describe('job-run activities', () => {
  it("startJobRun records the Temporal run id and writes the spec's Job started line", async () => {
    const { activities, env, lines, row } = setUp();
    await env.run(activities.startJobRun, { jobRunId: 'run-1' });

    expect(row()).toMatchObject({ run_id: 'temporal-run-1', status: 'RUNNING' });
    const started = lines().filter((l) => l.msg === 'Job started');
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      level: 30,
      jobId: 'test:wf-1',
      jobName: 'test.job',
      jobRunId: 'run-1',
      orgId: 'org-1',
      userId: 'user-1',
      entityId: 'entity-1',
      attempt: 1,
    });
    expect(Date.parse(started[0].timestamp as string)).not.toBeNaN();
  });

  it('startJobRun leaves an ended run alone and logs nothing', async () => {
    const { activities, env, lines, row, store } = setUp();
    await env.run(activities.failJobRun, { jobRunId: 'run-1', error: 'boom' });
    await env.run(activities.startJobRun, { jobRunId: 'run-1' });
    await env.run(activities.startJobRun, { jobRunId: 'no-such-run' });

    expect(row()).toMatchObject({ status: 'FAILED', run_id: null });
    expect(store.rows.size).toBe(1);
    expect(lines().filter((l) => l.msg === 'Job started')).toEqual([]);
  });

  it('completeJobRun records COMPLETED with the result once; a second complete or a late fail changes nothing', async () => {
    const { activities, env, lines, row } = setUp();
    await env.run(activities.completeJobRun, { jobRunId: 'run-1', result: { rows: 12 } });
    const finished = { ...row() };
    await env.run(activities.completeJobRun, { jobRunId: 'run-1', result: { rows: 99 } });
    await env.run(activities.failJobRun, { jobRunId: 'run-1', error: 'too late' });

    expect(finished).toMatchObject({ status: 'COMPLETED', result: { rows: 12 }, error: null, in_dlq: false });
    expect(finished.finished_at).toBeInstanceOf(Date);
    expect(row()).toEqual(finished);
    const completed = lines().filter((l) => l.msg === 'Job completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      jobId: 'test:wf-1',
      jobName: 'test.job',
      jobRunId: 'run-1',
      result: { rows: 12 },
    });
    expect(completed[0].duration).toEqual(expect.any(Number));
    expect(lines().some((l) => l.msg === 'Job moved to the dead-letter queue')).toBe(false);
  });

  it('failJobRun records FAILED in the dead-letter queue with the error, once', async () => {
    const { activities, env, lines, row } = setUp();
    await env.run(activities.failJobRun, { jobRunId: 'run-1', error: 'Printer 7 is on fire' });
    await env.run(activities.failJobRun, { jobRunId: 'run-1', error: 'a retry of the same failure' });

    expect(row()).toMatchObject({ status: 'FAILED', in_dlq: true, error: 'Printer 7 is on fire' });
    expect(row().finished_at).toBeInstanceOf(Date);
    const moved = lines().filter((l) => l.msg === 'Job moved to the dead-letter queue');
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({
      level: 50,
      jobRunId: 'run-1',
      error: 'Printer 7 is on fire',
      willRetry: false,
      inDlq: true,
      workflowRunId: 'temporal-run-1',
    });
  });
});
