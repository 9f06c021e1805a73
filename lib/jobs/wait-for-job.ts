import { type Client, WorkflowFailedError } from '@temporalio/client';
import { NotFoundError, PdfRendererUnavailableError, UnavailableError } from '../../domain/errors';
import { failureMessage, failureType } from '../../domain/failure-message';

/** The job a route waits for: its job_runs id and its workflow. */
export interface WaitedJob {
  id: string;
  workflow_id: string;
}

/** How a route waits for a job, and what it answers when the job is late or fails. */
export interface JobWait {
  /** The deadline, in seconds. */
  seconds: number;
  /** What the job makes ("pdf", "export", "roadmap"), in the messages. */
  what: string;
  /** The answer when the deadline passes first (default: a 503 naming the job to ask again for). */
  late?: (job: WaitedJob) => Error;
  /** The answer when the job failed, given its innermost reason (default: a 503 with the reason). */
  failed?: (reason: string, job: WaitedJob) => Error;
  /**
   * The thing whose absence the job may report (not_found): answered as that thing's 404, as the
   * route's own check would have (it was deleted between the check and the job's read).
   */
  gone?: string;
}

/**
 * The one way a route waits for a job's workflow result: at most `seconds`, then `late`; a job
 * whose worker has no Chromium is the 503 pdf_renderer_unavailable, one whose subject is gone the
 * subject's 404, any other failure `failed`. The job keeps running after a late answer; the
 * answer names it so the client can follow it (`GET /api/jobs/:id`, Socket.IO).
 */
export async function waitForJob<R>(temporal: Client, job: WaitedJob, wait: JobWait): Promise<R> {
  const late =
    wait.late ??
    ((): Error =>
      new UnavailableError(`The ${wait.what} is still being prepared (job ${job.id}); ask again in a moment`));
  const failed =
    wait.failed ?? ((reason: string): Error => new UnavailableError(`The ${wait.what} could not be made: ${reason}`));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late(job)), wait.seconds * 1000);
  });
  try {
    return (await Promise.race([temporal.workflow.getHandle(job.workflow_id).result(), deadline])) as R;
  } catch (err) {
    if (!(err instanceof WorkflowFailedError)) throw err;
    rethrowRendererFailure(err);
    if (wait.gone) rethrowGoneFailure(err, wait.gone);
    throw failed(failureMessage(err), job);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A job that failed because what it was asked for no longer exists (deleted between the route's
 * check and the job's read) is the api's 404, not a failure of the service.
 */
function rethrowGoneFailure(err: WorkflowFailedError, what: string): void {
  const type = failureType(err);
  if (type === 'not_found' || type === 'document_not_found')
    throw new NotFoundError(what.charAt(0).toUpperCase() + what.slice(1));
}

/**
 * A job that failed because its worker has no Chromium is the api's 503 pdf_renderer_unavailable,
 * whichever route waited for it (the api's own look at CHROMIUM_PATH may have passed).
 */
function rethrowRendererFailure(err: WorkflowFailedError): void {
  if (failureType(err) === 'pdf_renderer_unavailable') {
    const details = (err.cause?.cause as { details?: unknown[] } | undefined)?.details?.[0] as
      | { executablePath?: string }
      | undefined;
    throw new PdfRendererUnavailableError(details?.executablePath ?? 'CHROMIUM_PATH');
  }
}
