import { type Client } from '@temporalio/client';
import { Counter, Gauge, type Registry } from 'prom-client';
import { type Sequelize } from 'sequelize-typescript';
import { countDeadLettersByJobName } from '../../db/queries/job-runs';
import { readTaskQueueStats } from '../jobs/task-queue-stats';

export interface OpsMetricsDeps {
  sequelize: Sequelize;
  temporal: Client;
  namespace: string;
  /** The task queues the contracts name (workflows/contracts.ts). */
  taskQueues: readonly string[];
}

/**
 * The gauges the alert rules read, served by the api and by every worker: each is read at scrape
 * time from its source (Temporal's task-queue statistics, job_runs), so every process reports the
 * same value and the rules take the max per queue or job name. Plus the AI cost counter the spec
 * names (ai.cost_cents), which AI jobs increment.
 */
export function createOpsMetrics(registry: Registry, deps: OpsMetricsDeps) {
  new Gauge({
    name: 'queue_depth',
    help: 'Tasks waiting on each Temporal task queue (workflow and activity backlog)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      // A scrape must not fail because Temporal is briefly away: the gauge is left out then.
      this.reset();
      const stats = await readTaskQueueStats(deps.temporal, deps.namespace, deps.taskQueues).catch(() => []);
      for (const s of stats) this.set({ queue: s.queue }, s.backlog);
    },
  });
  new Gauge({
    name: 'dead_letter_queue_depth',
    help: 'Failed jobs waiting in the dead-letter queue',
    labelNames: ['jobName'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await countDeadLettersByJobName(deps.sequelize)) this.set({ jobName: row.job_name }, row.depth);
    },
  });
  const aiCost = new Counter({
    name: 'ai_cost_cents_total',
    help: 'Cost of AI calls in cents (spec: ai.cost_cents; a counter, hence _total)',
    labelNames: ['orgId', 'model'],
    registers: [registry],
  });
  return {
    /** orgId is the one id label the spec names: AI spend is watched per organisation. */
    recordAiCost(orgId: string, model: string, cents: number) {
      aiCost.inc({ orgId, model }, cents);
    },
  };
}

export type OpsMetrics = ReturnType<typeof createOpsMetrics>;
