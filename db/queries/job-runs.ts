import { type WhereOptions } from 'sequelize';
import { type JobRunStatus } from '../../domain/jobs/job-run-status';
import { pageOffset } from '../../domain/pagination';
import { JobRun } from '../models/JobRun';

export interface JobRunFilter {
  status?: JobRunStatus;
  inDlq?: boolean;
  jobName?: string;
  page: number;
  limit: number;
}

/** Job runs for ops, newest first, optionally only the dead-letter queue (`inDlq: true`). */
export async function listJobRuns(filter: JobRunFilter): Promise<{ rows: JobRun[]; count: number }> {
  const where: WhereOptions<JobRun> = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.inDlq === undefined ? {} : { in_dlq: filter.inDlq }),
    ...(filter.jobName ? { job_name: filter.jobName } : {}),
  };
  return JobRun.findAndCountAll({ where, order: [['started_at', 'DESC'], ['id', 'DESC']], limit: filter.limit, offset: pageOffset(filter) });
}
