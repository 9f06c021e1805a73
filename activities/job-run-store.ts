import { Op, Sequelize } from 'sequelize';
import { JobRun } from '../db/models/JobRun';

/** The columns of a job run that the bookkeeping activities read: a plain object, so fakes are easy. */
export type JobRunRecord = Pick<
  JobRun,
  'id' | 'job_name' | 'status' | 'attempt' | 'workflow_id' | 'run_id' | 'org_id' | 'user_id' | 'entity_id' | 'request_id' | 'started_at' | 'finished_at' | 'error' | 'in_dlq' | 'result'
>;

/** How a job run ends: COMPLETED with its result, or FAILED (in the dead-letter queue) with its error. */
export type JobRunEnd = { status: 'COMPLETED'; result: unknown } | { status: 'FAILED'; error: string };

/**
 * The job_runs queries behind the bookkeeping activities and the job-context interceptor. Every
 * write is safe to repeat: each only moves a row forward, so an activity retry changes nothing twice.
 */
export interface JobRunStore {
  /** Records the Temporal run id on a RUNNING row; undefined when the row is missing or already ended. */
  recordRunId(jobRunId: string, runId: string | undefined): Promise<JobRunRecord | undefined>;
  /** Raises the row's attempt to `attempt` (never lowers it); undefined when no row has this workflow id. */
  recordAttempt(workflowId: string, attempt: number): Promise<JobRunRecord | undefined>;
  /** Ends a RUNNING row; undefined when it had already ended, so a second end does nothing. */
  finish(jobRunId: string, end: JobRunEnd, finishedAt: Date): Promise<JobRunRecord | undefined>;
}

/** The store on the real database, through the JobRun model. */
export const sequelizeJobRunStore: JobRunStore = {
  async recordRunId(jobRunId, runId) {
    const where = { id: jobRunId, status: { [Op.eq]: 'RUNNING' } };
    if (!runId) return (await JobRun.findOne({ where })) ?? undefined;
    const [, rows] = await JobRun.update({ run_id: runId }, { where, returning: true });
    return rows[0];
  },

  async recordAttempt(workflowId, attempt) {
    const [, rows] = await JobRun.update({ attempt: Sequelize.fn('GREATEST', Sequelize.col('attempt'), attempt) }, { where: { workflow_id: workflowId }, returning: true });
    return rows[0];
  },

  async finish(jobRunId, end, finishedAt) {
    const changes: Partial<JobRun> =
      end.status === 'COMPLETED'
        ? { status: 'COMPLETED', result: end.result ?? null, error: null, finished_at: finishedAt }
        : { status: 'FAILED', in_dlq: true, error: end.error.slice(0, 10_000), finished_at: finishedAt };
    const [count, rows] = await JobRun.update(changes, { where: { id: jobRunId, status: { [Op.eq]: 'RUNNING' } }, returning: true });
    return count > 0 ? rows[0] : undefined;
  },
};
