import { type StartJob } from '../../../../activities/db-deps';
import { type JobRunRow } from '../../../../db/rows';

/**
 * startJob as the contracts' re-run policy answers it (return-existing: one run per workflow id,
 * found again by a second start), or refusing every start when `unavailable` is set.
 */
export function fakeStartJob({ unavailable }: { unavailable?: string } = {}) {
  const runs = new Map<string, string>();
  const started: { jobName: string; workflowId: string; payload: Record<string, unknown> }[] = [];
  const startJob = jest.fn(async (contract, key, payload) => {
    if (unavailable) throw new Error(unavailable);
    const workflowId = contract.workflowId(key);
    if (!runs.has(workflowId)) {
      runs.set(workflowId, `run-${runs.size + 1}`);
      started.push({ jobName: contract.jobName, workflowId, payload });
    }
    return { id: runs.get(workflowId)!, workflow_id: workflowId } as JobRunRow;
  }) as jest.MockedFunction<StartJob> & StartJob;
  return { startJob, runs, started };
}

/** Execution rows unique per key (the table's unique constraint): a second record of the same key is dropped. */
export function fakeExecutions<T>(keyOf: (outcome: T) => string) {
  const rows = new Map<string, T>();
  const record = jest.fn(async (_scope: unknown, outcomes: readonly T[]) => {
    for (const o of outcomes) if (!rows.has(keyOf(o))) rows.set(keyOf(o), o);
  });
  return { rows, record };
}
