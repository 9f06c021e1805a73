import { type Client, WorkflowFailedError } from '@temporalio/client';
import { DomainError } from '../../domain/errors';
import { failureMessage } from '../../domain/failure-message';
import { rethrowRendererFailure } from '../../lib/jobs/wait-for-job';
import { type ExportResult } from '../../workflows/exports/contract';

/** Waits for an export's workflow at most `seconds`; a timeout or a failure names the job to poll. */
export async function waitForExport(
  temporal: Client,
  jobRunId: string,
  workflowId: string,
  seconds: number,
  pollUrl: string,
): Promise<ExportResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DomainError(
            'export_timeout',
            `The export is still being prepared after ${seconds} s; follow it at ${pollUrl}`,
            { jobRunId, statusUrl: pollUrl },
          ),
        ),
      seconds * 1000,
    );
  });
  try {
    return (await Promise.race([temporal.workflow.getHandle(workflowId).result(), timeout])) as ExportResult;
  } catch (err) {
    if (!(err instanceof WorkflowFailedError)) throw err;
    rethrowRendererFailure(err);
    throw new DomainError('export_failed', `The export failed: ${failureMessage(err)}`, {
      jobRunId,
      statusUrl: pollUrl,
    });
  } finally {
    clearTimeout(timer);
  }
}
