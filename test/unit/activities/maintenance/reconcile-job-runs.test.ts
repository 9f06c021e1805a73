import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type JobRunEnd } from '../../../../db/commands/job-run-store';
import {
  createReconcileActivities,
  type ReconcileStore,
  type StaleRun,
} from '../../../../activities/reconcile-job-runs';
import { createMemoryLogger } from '../../../fixtures/memory-logger';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

/** job_runs rows: settle ends a RUNNING row once, as the bookkeeping store's finish does. */
function fakeStore(runs: StaleRun[]) {
  const ended = new Map<string, JobRunEnd>();
  const store: ReconcileStore = {
    findStaleRunning: jest.fn(async (_olderThan: Date, limit: number) =>
      runs.filter((r) => !ended.has(r.id)).slice(0, limit),
    ),
    settle: jest.fn(async (id: string, outcome: JobRunEnd) => {
      if (ended.has(id)) return false;
      ended.set(id, outcome);
      return true;
    }),
  };
  return { store, ended };
}

/** Temporal as the reconciler sees it: each workflow id's status (or an error describe throws). */
function fakeTemporal(workflows: Record<string, { status: string; result?: unknown } | Error>): Client {
  return {
    workflow: {
      getHandle: (workflowId: string) => ({
        describe: async () => {
          const w = workflows[workflowId];
          if (w instanceof Error) throw w;
          return { status: { name: w.status } };
        },
        result: async () => (workflows[workflowId] as { result?: unknown }).result,
      }),
    },
  } as unknown as Client;
}

const RUNS: StaleRun[] = [
  { id: 'run-1', jobName: 'export', workflowId: 'export:1', runId: 'r1' },
  { id: 'run-2', jobName: 'import', workflowId: 'import:2', runId: null },
  { id: 'run-3', jobName: 'export', workflowId: 'export:3', runId: 'r3' },
];

describe('reconcileJobRuns with fake deps', () => {
  it('settles closed and never-started workflows, leaves running ones, and logs each dead-letter', async () => {
    const { store, ended } = fakeStore(RUNS);
    const { logger, lines } = createMemoryLogger();
    const temporal = fakeTemporal({
      'export:1': { status: 'COMPLETED', result: { rows: 4 } },
      'import:2': new WorkflowNotFoundError('not found', 'import:2', undefined),
      'export:3': { status: 'RUNNING' },
    });
    const activities = createReconcileActivities({ temporal, logger, store });

    const summary = await env(1).run(activities.reconcileJobRuns, { graceSeconds: 300, batchSize: 50 });

    expect(summary).toEqual({ checked: 3, completed: 1, failed: 1 });
    expect(ended.get('run-1')).toEqual({ status: 'COMPLETED', result: { rows: 4 } });
    expect(ended.get('run-2')).toEqual({ status: 'FAILED', error: expect.stringContaining('never started') });
    expect(ended.has('run-3')).toBe(false);
    const olderThan = (store.findStaleRunning as jest.Mock).mock.calls[0][0] as Date;
    expect(Date.now() - olderThan.getTime()).toBeGreaterThanOrEqual(300_000);
    expect(lines().filter((l) => l.msg === 'Job moved to the dead-letter queue by the reconciler')).toEqual([
      expect.objectContaining({ jobRunId: 'run-2', jobName: 'import', inDlq: true }),
    ]);
  });

  it('fails (retryably) when Temporal cannot be asked, and settles nothing', async () => {
    const { store, ended } = fakeStore(RUNS.slice(0, 1));
    const temporal = fakeTemporal({ 'export:1': new Error('14 UNAVAILABLE: connection refused') });
    const activities = createReconcileActivities({ temporal, logger: createMemoryLogger().logger, store });

    await expect(env(1).run(activities.reconcileJobRuns, { graceSeconds: 60, batchSize: 10 })).rejects.toThrow(
      '14 UNAVAILABLE',
    );
    expect(ended.size).toBe(0);
  });

  it('a retry (attempt 2) after a pass settled its rows counts nothing twice', async () => {
    const { store } = fakeStore(RUNS.slice(0, 1));
    const temporal = fakeTemporal({ 'export:1': { status: 'FAILED' } });
    const activities = createReconcileActivities({ temporal, logger: createMemoryLogger().logger, store });

    expect(await env(1).run(activities.reconcileJobRuns, { graceSeconds: 60, batchSize: 10 })).toEqual({
      checked: 1,
      completed: 0,
      failed: 1,
    });
    expect(await env(2).run(activities.reconcileJobRuns, { graceSeconds: 60, batchSize: 10 })).toEqual({
      checked: 0,
      completed: 0,
      failed: 0,
    });
    expect(store.settle).toHaveBeenCalledTimes(1);
  });
});
