// The daily ledger job: its activity with fake deps (closes, checks, logs and counts a break) and
// its workflow on Temporal's time-skipping server (batch after batch of studios, breaks kept).
import crypto from 'node:crypto';
import { MockActivityEnvironment, type TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Worker, type WorkflowBundle } from '@temporalio/worker';
import { Registry } from 'prom-client';
import { createLedgerDailyActivities } from '../../../activities/ledger/ledger-daily';
import { type LedgerIntegrity } from '../../../db/queries/ledger-integrity';
import { type LedgerClosure } from '../../../domain/ledger/closures';
import { createLedgerMetrics } from '../../../lib/metrics/ledger-metrics';
import { LEDGER_DAILY_JOB, type LedgerDailyActivities } from '../../../workflows/ledger/contract';
import { createFakeJobActivities } from '../../fixtures/fake-job-activities';
import { createMemoryLogger } from '../../fixtures/memory-logger';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

const ok: LedgerIntegrity = {
  ok: true,
  recordsChecked: 3,
  head: { seq: 3, hash: 'a'.repeat(64) },
  closuresChecked: 1,
  firstBreak: null,
};
const broken: LedgerIntegrity = {
  ...ok,
  ok: false,
  firstBreak: {
    seq: 2,
    recordType: 'INVOICE_ISSUED',
    recordId: 'inv-2',
    number: 'F-2026-00002',
    reason: 'content_changed',
    message: 'changed',
  },
};

describe('runLedgerDailyBatch with fake deps', () => {
  it('closes and checks each studio of the batch; a break is logged at error level, counted and returned', async () => {
    const { logger, lines } = createMemoryLogger();
    const registry = new Registry();
    const now = new Date('2026-12-01T01:15:00Z');
    const closeEndedLedgerPeriods = jest.fn(async (ownerId: string) =>
      ownerId === 'a' ? [{ periodKind: 'DAY' } as LedgerClosure, { periodKind: 'MONTH' } as LedgerClosure] : [],
    );
    const activities = createLedgerDailyActivities({
      logger,
      metrics: createLedgerMetrics(registry),
      now: () => now,
      pageLedgerOwners: jest.fn(async () => ['a', 'b']),
      closeEndedLedgerPeriods,
      checkLedgerIntegrity: jest.fn(async (ownerId: string) => (ownerId === 'b' ? broken : ok)),
    });
    const env = new MockActivityEnvironment({ attempt: 1 }, { logger: new DefaultLogger('ERROR') });
    const result = await env.run(activities.runLedgerDailyBatch, { afterOwnerId: null, limit: 100 });
    expect(result).toEqual({
      studios: 2,
      closures: 2,
      lastOwnerId: 'b',
      breaks: [
        {
          ownerId: 'b',
          seq: 2,
          recordType: 'INVOICE_ISSUED',
          recordId: 'inv-2',
          number: 'F-2026-00002',
          reason: 'content_changed',
        },
      ],
    });
    expect(closeEndedLedgerPeriods).toHaveBeenCalledWith('a', now);
    expect(lines().find((l) => l.level === 50)).toMatchObject({ ownerId: 'b', seq: 2, reason: 'content_changed' });
    const metrics = await registry.getMetricsAsJSON();
    const value = (name: string, labels: Record<string, string>) =>
      metrics
        .find((m) => m.name === name)
        ?.values.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value;
    expect(value('ledger_integrity_breaks_total', { reason: 'content_changed' })).toBe(1);
    expect(value('ledger_integrity_checks_total', { result: 'ok' })).toBe(1);
    expect(value('ledger_closures_total', { period_kind: 'MONTH' })).toBe(1);
  });
});

describe('ledgerDailyWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundle;
  beforeAll(async () => {
    [env, bundle] = await Promise.all([
      startTimeSkippingEnv(),
      bundleWorkflows(require.resolve('../../../workflows/ledger/ledger-daily')),
    ]);
  }, 120_000);
  afterAll(async () => {
    await env?.teardown();
  });

  it('goes batch after batch while they come back full, adding up studios, closures and breaks', async () => {
    const calls: (string | null)[] = [];
    const batches = [
      { studios: 2, closures: 1, breaks: [], lastOwnerId: 'b' },
      {
        studios: 2,
        closures: 0,
        breaks: [
          { ownerId: 'd', seq: 4, recordType: 'PAYMENT', recordId: 'p', number: null, reason: 'missing_record' },
        ],
        lastOwnerId: 'd',
      },
      { studios: 1, closures: 3, breaks: [], lastOwnerId: 'e' },
    ];
    const fake = createFakeJobActivities();
    const activities: LedgerDailyActivities & typeof fake.activities = {
      ...fake.activities,
      runLedgerDailyBatch: async ({ afterOwnerId }) => {
        calls.push(afterOwnerId);
        return batches[calls.length - 1];
      },
    };
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: LEDGER_DAILY_JOB.taskQueue,
      workflowBundle: bundle,
      activities,
    });
    const summary = await worker.runUntil(
      env.client.workflow.execute(LEDGER_DAILY_JOB.workflowType, {
        taskQueue: LEDGER_DAILY_JOB.taskQueue,
        workflowId: `ledger-daily-${crypto.randomUUID()}`,
        args: [{ jobRunId: 'run-1', payload: { batchSize: 2 } }],
      }),
    );
    expect(calls).toEqual([null, 'b', 'd']);
    expect(summary).toEqual({ studios: 5, closures: 4, breaks: [batches[1].breaks[0]] });
    // The job's bookkeeping keeps the summary, breaks included, in job_runs.
    expect(fake.calls.find((c) => c.name === 'completeJobRun')?.arg).toMatchObject({
      jobRunId: 'run-1',
      result: summary,
    });
  });
});
