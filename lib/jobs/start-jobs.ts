import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { recordJobRunBatch } from '../../db/commands/record-job-run-batch';
import { settleJobRunBatch } from '../../db/commands/settle-job-run-batch';
import { type JobContract } from '../../workflows/job-run/contract';
import { type JobMeta, jobStudio, startFailure, startJobWorkflow } from './start-job';

/** One job of a batch: its business key, payload and bookkeeping fields, as startJob takes them. */
export interface JobRequest<P, K> {
  key: K;
  payload: P;
  meta?: JobMeta;
}

/**
 * What became of each request, in the order given:
 * - `started`: its workflow was started now, or was already running under its id;
 * - `existing`: a job run for its key was already recorded (return-existing: that run is the answer);
 * - `failed`: Temporal refused the start; its run is FAILED in the dead-letter queue, as startJob leaves it;
 * - `skipped`: not tried because an earlier start failed; nothing of it was kept (try again later).
 */
export type JobStart =
  | { outcome: 'started' | 'existing'; jobRunId: string }
  | { outcome: 'failed'; jobRunId: string; error: Error }
  | { outcome: 'skipped' };

/**
 * startJob for many keys of one `return-existing` contract at once (the outbox relay's pass):
 * one INSERT records the job runs (a key already recorded keeps its run), the workflows start
 * `concurrency` at a time in the order given, the first alone, and one UPDATE writes their run
 * ids. After a failed start no further one is tried: those requests are `skipped` and their
 * fresh rows removed (no workflow was ever asked for), so a Temporal that fails mid-batch leaves
 * in the dead-letter queue only the starts that were in flight. Same rows, ids and workflow
 * inputs as startJob, in a few statements instead of two per job.
 */
export async function startJobs<P extends Record<string, unknown>, K>(
  sequelize: Sequelize,
  client: Client,
  contract: JobContract<P, K>,
  requests: readonly JobRequest<P, K>[],
  { concurrency }: { concurrency: number },
): Promise<JobStart[]> {
  if (contract.rerun !== 'return-existing')
    throw new Error(`startJobs starts return-existing jobs only; ${contract.jobName} is ${contract.rerun}`);
  if (!requests.length) return [];
  const drafts = requests.map((r) => ({
    workflow_id: contract.workflowId(r.key),
    payload: r.payload,
    entity_id: r.meta?.entityId ?? null,
    org_id: jobStudio(r.meta, r.payload),
    user_id: r.meta?.userId ?? null,
    request_id: r.meta?.requestId ?? null,
  }));
  const { fresh, known } = await recordJobRunBatch(sequelize, contract, drafts);

  const results: (JobStart | undefined)[] = drafts.map((d) =>
    fresh.has(d.workflow_id) ? undefined : { outcome: 'existing', jobRunId: known.get(d.workflow_id)! },
  );
  const runIds: { id: string; run_id: string }[] = [];
  let failed = false;
  const launch = async (index: number) => {
    const draft = drafts[index];
    const jobRunId = fresh.get(draft.workflow_id)!;
    try {
      const runId = await startJobWorkflow(client, {
        id: jobRunId,
        workflow_type: contract.workflowType,
        task_queue: contract.taskQueue,
        workflow_id: draft.workflow_id,
        request_id: draft.request_id,
        payload: draft.payload,
      });
      if (runId) runIds.push({ id: jobRunId, run_id: runId });
      results[index] = { outcome: 'started', jobRunId };
    } catch (err) {
      failed = true;
      results[index] = { outcome: 'failed', jobRunId, error: err as Error };
    }
  };
  const pending = drafts.map((_, i) => i).filter((i) => results[i] === undefined);
  let next = 0;
  // The first alone: a Temporal that refuses it costs one dead-lettered start.
  if (pending.length) await launch(pending[next++]);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!failed && next < pending.length) await launch(pending[next++]);
    }),
  );

  const failures = results.flatMap((r) =>
    r?.outcome === 'failed' ? [{ id: r.jobRunId, error: startFailure(r.error).slice(0, 10_000) }] : [],
  );
  const untried = pending.filter((i) => results[i] === undefined).map((i) => fresh.get(drafts[i].workflow_id)!);
  await settleJobRunBatch(sequelize, { runIds, failures, untried });
  return results.map((r) => r ?? { outcome: 'skipped' });
}
