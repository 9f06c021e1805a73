import { ApplicationFailure } from '@temporalio/common';
import { type JobRunRow } from '../db/rows';
import { type JobMeta } from '../lib/jobs/start-job';
import { type JobContract, type JobStarterActivities } from '../workflows/job-run/contract';

export interface JobStarterDeps {
  /** lib/jobs/start-job.ts#startJob with the worker's Temporal client (and database) bound. */
  startJob(
    contract: JobContract<Record<string, unknown>, string>,
    key: string,
    payload: Record<string, unknown>,
    meta: JobMeta,
  ): Promise<Pick<JobRunRow, 'id'>>;
  /** The contracts this worker may start (workflows/contracts.ts in production). */
  contracts: readonly JobContract<unknown, never>[];
}

/** Starting jobs from the worker side (schedules, the outbox relay): the same startJob as the api. */
export function createJobStarterActivities({ startJob, contracts }: JobStarterDeps): JobStarterActivities {
  return {
    /** Idempotent through the contract's re-run policy: the same key finds the run it started. */
    async startJobByName({
      jobName,
      key,
      payload,
      requestId,
    }: {
      jobName: string;
      key: string;
      payload: Record<string, unknown>;
      requestId?: string;
    }): Promise<string> {
      const contract = contracts.find((c) => c.jobName === jobName) as
        | JobContract<Record<string, unknown>, string>
        | undefined;
      if (!contract) throw ApplicationFailure.nonRetryable(`No job contract is named ${jobName}`, 'unknown_job');
      const run = await startJob(contract, key, payload, { requestId });
      return run.id;
    },
  };
}

export type { JobStarterActivities } from '../workflows/job-run/contract';
