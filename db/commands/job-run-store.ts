import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type JobRun } from '../models/JobRun';

/** The columns of a job run that the bookkeeping activities read: a plain object, so fakes are easy. */
export type JobRunRecord = Pick<
  JobRun,
  | 'id'
  | 'job_name'
  | 'status'
  | 'attempt'
  | 'workflow_id'
  | 'run_id'
  | 'org_id'
  | 'user_id'
  | 'entity_id'
  | 'request_id'
  | 'started_at'
  | 'finished_at'
  | 'error'
  | 'in_dlq'
  | 'result'
>;

/** How a job run ends: COMPLETED with its result, or FAILED (in the dead-letter queue) with its error. */
export type JobRunEnd = { status: 'COMPLETED'; result: unknown } | { status: 'FAILED'; error: string };

/**
 * The job_runs statements behind the bookkeeping activities (activities/job-runs.ts, through deps) and the job-context interceptor. Every
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

const RECORD_COLUMNS =
  'id, job_name, status, attempt, workflow_id, run_id, org_id, user_id, entity_id, request_id, started_at, finished_at, error, in_dlq, result';

/**
 * One statement on job_runs, its row as a plain record. Plain SQL rather than model updates:
 * these statements run around every activity of every job (docs/performance.md, triggers).
 */
async function oneRow(sequelize: Sequelize, sql: string, bind: unknown[]): Promise<JobRunRecord | undefined> {
  const rows = await sequelize.query<JobRunRecord>(sql, { bind, type: QueryTypes.SELECT });
  return rows[0];
}

/** The store on the real database. */
export const sequelizeJobRunStore = (sequelize: Sequelize): JobRunStore => ({
  async recordRunId(jobRunId, runId) {
    if (!runId)
      return oneRow(sequelize, `SELECT ${RECORD_COLUMNS} FROM job_runs WHERE id = $1 AND status = 'RUNNING'`, [
        jobRunId,
      ]);
    return oneRow(
      sequelize,
      `UPDATE job_runs SET run_id = $2, updated_at = now() WHERE id = $1 AND status = 'RUNNING' RETURNING ${RECORD_COLUMNS}`,
      [jobRunId, runId],
    );
  },

  async recordAttempt(workflowId, attempt) {
    return oneRow(
      sequelize,
      `UPDATE job_runs SET attempt = GREATEST(attempt, $2), updated_at = now() WHERE workflow_id = $1 RETURNING ${RECORD_COLUMNS}`,
      [workflowId, attempt],
    );
  },

  async finish(jobRunId, end, finishedAt) {
    if (end.status === 'COMPLETED') {
      const result = end.result === undefined || end.result === null ? null : JSON.stringify(end.result);
      return oneRow(
        sequelize,
        `UPDATE job_runs SET status = 'COMPLETED', result = $2::jsonb, error = NULL, finished_at = $3, updated_at = now() WHERE id = $1 AND status = 'RUNNING' RETURNING ${RECORD_COLUMNS}`,
        [jobRunId, result, finishedAt],
      );
    }
    return oneRow(
      sequelize,
      `UPDATE job_runs SET status = 'FAILED', in_dlq = true, error = $2, finished_at = $3, updated_at = now() WHERE id = $1 AND status = 'RUNNING' RETURNING ${RECORD_COLUMNS}`,
      [jobRunId, end.error.slice(0, 10_000), finishedAt],
    );
  },
});
