import { Op, QueryTypes, type Sequelize, type WhereOptions } from 'sequelize';
import { NotFoundError } from '../../domain/errors';
import { type JobRunStatus } from '../../domain/jobs/job-run-status';
import { pageOffset } from '../../domain/pagination';
import { JobRun } from '../models/JobRun';
import { type JobRunRow } from '../rows';

export interface JobRunFilter {
  status?: JobRunStatus;
  inDlq?: boolean;
  jobName?: string;
  /** Started at or after / before these instants. */
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

/** Job runs for ops, newest first, optionally only the dead-letter queue (`inDlq: true`). */
export async function listJobRuns(
  _sequelize: Sequelize,
  filter: JobRunFilter,
): Promise<{ rows: JobRun[]; count: number }> {
  const where: WhereOptions<JobRun> = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.inDlq === undefined ? {} : { in_dlq: filter.inDlq }),
    ...(filter.jobName ? { job_name: filter.jobName } : {}),
    ...(filter.from || filter.to
      ? {
          started_at: {
            ...(filter.from ? { [Op.gte]: filter.from } : {}),
            ...(filter.to ? { [Op.lt]: filter.to } : {}),
          },
        }
      : {}),
  };
  return JobRun.findAndCountAll({
    where,
    order: [
      ['started_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: filter.limit,
    offset: pageOffset(filter),
  });
}

/** Per job name: how many runs are running, completed, failed, and failed in the dead-letter queue. */
export interface JobNameCounts {
  jobName: string;
  running: number;
  completed: number;
  failed: number;
  deadLettered: number;
}

export async function countJobRunsByName(sequelize: Sequelize): Promise<JobNameCounts[]> {
  return sequelize.query<JobNameCounts>(
    `SELECT job_name AS "jobName",
            count(*) FILTER (WHERE status = 'RUNNING')::int AS running,
            count(*) FILTER (WHERE status = 'COMPLETED')::int AS completed,
            count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
            count(*) FILTER (WHERE in_dlq)::int AS "deadLettered"
       FROM job_runs GROUP BY job_name ORDER BY job_name`,
    { type: QueryTypes.SELECT },
  );
}

/** One job run; 404 `not_found` ('Job run') when there is none. */
export async function findJobRun(_sequelize: Sequelize, id: string): Promise<JobRun> {
  const run = await JobRun.findByPk(id);
  if (!run) throw new NotFoundError('Job run');
  return run;
}

/** Per job name, how many failed runs wait in the dead-letter queue (the dead_letter_queue_depth gauge). */
export function countDeadLettersByJobName(sequelize: Sequelize): Promise<{ job_name: string; depth: number }[]> {
  return sequelize.query<{ job_name: string; depth: number }>(
    'SELECT job_name, count(*)::int AS depth FROM job_runs WHERE in_dlq GROUP BY job_name',
    { type: QueryTypes.SELECT },
  );
}

/** RUNNING job runs started before `olderThan`, oldest first (the reconciler's candidates). */
export async function findStaleRunningJobRuns(
  _sequelize: Sequelize,
  olderThan: Date,
  limit: number,
): Promise<{ id: string; jobName: string; workflowId: string; runId: string | null }[]> {
  const rows = await JobRun.findAll({
    where: { status: 'RUNNING', started_at: { [Op.lt]: olderThan } },
    order: [['started_at', 'ASC']],
    limit,
    attributes: ['id', 'job_name', 'workflow_id', 'run_id'],
  });
  return rows.map((r) => ({ id: r.id, jobName: r.job_name, workflowId: r.workflow_id, runId: r.run_id }));
}

/** The run recorded under a workflow id (it exists: the caller just collided with it). */
export function findJobRunByWorkflowId(_sequelize: Sequelize, workflowId: string): Promise<JobRunRow> {
  return JobRun.findOne({ where: { workflow_id: workflowId }, rejectOnEmpty: true });
}
