import { DomainError } from '../../domain/errors';
import { type JobWait } from '../../lib/jobs/wait-for-job';

/**
 * How the export routes (entity exports, the accounting export) wait for their job: a late job is
 * export_timeout and a failed one export_failed, both naming the job run and the url to follow it at.
 */
export function exportWait(seconds: number, statusUrl: string): JobWait {
  return {
    seconds,
    what: 'export',
    late: (job) =>
      new DomainError(
        'export_timeout',
        `The export is still being prepared after ${seconds} s; follow it at ${statusUrl}`,
        {
          jobRunId: job.id,
          statusUrl,
        },
      ),
    failed: (reason, job) =>
      new DomainError('export_failed', `The export failed: ${reason}`, { jobRunId: job.id, statusUrl }),
  };
}
