// startJobs, the outbox relay's way to start a pass's evaluation jobs, against the real database
// and Temporal: the same job runs and workflows as startJob, a key recorded before keeps its run,
// and a start Temporal refuses leaves that run in the dead-letter queue and nothing of the
// requests it did not try.
import crypto from 'node:crypto';
import { type Client } from '@temporalio/client';
import { JobRun } from '../../../db/models/JobRun';
import { startJobs } from '../../../lib/jobs/start-jobs';
import { defineJob, jobId } from '../../../workflows/job-run/contract';
import { startTestApp, type TestApp } from '../../helpers/test-app';

// Nobody polls this queue: the workflows are started and wait, which is all these tests look at.
const QUIET_JOB = defineJob<{ n: number }>({
  jobName: 'test.start-jobs',
  taskQueue: 'start-jobs-unpolled',
  workflowType: 'twoStepJobWorkflow',
  workflowId: (key) => jobId('test-start-jobs', key),
  rerun: 'return-existing',
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const requests = (keys: string[]) =>
  keys.map((key, n) => ({ key, payload: { n }, meta: { entityId: `entity-${key}`, requestId: `req-${key}` } }));
const runOf = (key: string) => JobRun.findOne({ where: { workflow_id: QUIET_JOB.workflowId(key) } });

describe('startJobs', () => {
  it('records and starts each job once, with the input startJob gives; a second call finds the runs', async () => {
    const keys = ['a', 'b', 'c'].map((k) => `${k}-${crypto.randomUUID()}`);
    const first = await startJobs(t.sequelize, t.temporal.client, QUIET_JOB, requests(keys), { concurrency: 2 });
    expect(first.map((s) => s.outcome)).toEqual(['started', 'started', 'started']);

    for (const [n, key] of keys.entries()) {
      const run = (await runOf(key))!;
      expect(run).toMatchObject({
        job_name: 'test.start-jobs',
        status: 'RUNNING',
        attempt: 0,
        entity_id: `entity-${key}`,
        request_id: `req-${key}`,
        payload: { n },
        task_queue: 'start-jobs-unpolled',
        workflow_type: 'twoStepJobWorkflow',
      });
      expect(first[n]).toEqual({ outcome: 'started', jobRunId: run.id });
      const handle = t.temporal.client.workflow.getHandle(run.workflow_id);
      const description = await handle.describe();
      expect(description.runId).toBe(run.run_id);
      expect(description.memo).toEqual({ jobRunId: run.id, requestId: `req-${key}` });
      const [started] = (await handle.fetchHistory()).events ?? [];
      const [input] = started.workflowExecutionStartedEventAttributes?.input?.payloads ?? [];
      expect(JSON.parse(Buffer.from(input.data!).toString('utf8'))).toEqual({
        jobRunId: run.id,
        requestId: `req-${key}`,
        payload: { n },
      });
    }

    const again = await startJobs(
      t.sequelize,
      t.temporal.client,
      QUIET_JOB,
      requests([...keys, `d-${crypto.randomUUID()}`]),
      { concurrency: 2 },
    );
    expect(again.map((s) => s.outcome)).toEqual(['existing', 'existing', 'existing', 'started']);
    expect(again.slice(0, 3)).toEqual(first.map((s) => ({ ...s, outcome: 'existing' })));
  });

  it('after a refused start tries no further one: that run is in the dead-letter queue, the untried leave nothing', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((k) => `${k}-${crypto.randomUUID()}`);
    const real = t.temporal.client;
    const refusing = {
      workflow: {
        start: (type: string, options: { workflowId: string }) =>
          options.workflowId.endsWith(b)
            ? Promise.reject(new Error('Temporal is down'))
            : real.workflow.start(type, options as never),
      },
    } as unknown as Client;

    const starts = await startJobs(t.sequelize, refusing, QUIET_JOB, requests([a, b, c, d]), { concurrency: 1 });
    expect(starts.map((s) => s.outcome)).toEqual(['started', 'failed', 'skipped', 'skipped']);
    expect(await runOf(b)).toMatchObject({
      status: 'FAILED',
      in_dlq: true,
      error: 'Could not start the workflow: Temporal is down',
    });
    expect(await runOf(c)).toBeNull();
    expect(await runOf(d)).toBeNull();

    // The next pass: the dead-lettered run is the answer for its key (replay it), the others start.
    const next = await startJobs(t.sequelize, real, QUIET_JOB, requests([a, b, c, d]), { concurrency: 1 });
    expect(next.map((s) => s.outcome)).toEqual(['existing', 'existing', 'started', 'started']);
  });
});
