import { type Client, ServiceError, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
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
  const until = Date.now() + wait.seconds * 1000;
  // At the deadline the long poll for the result is cancelled too: a request that has answered
  // "still being prepared" leaves no call to Temporal behind it (one per late request otherwise,
  // each polling until its workflow ends).
  const stop = new AbortController();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort();
      reject(late(job));
    }, wait.seconds * 1000);
  });
  const result = temporal.withAbortSignal(stop.signal, () => workflowResult(temporal, job.workflow_id, until));
  // Its rejection once cancelled is the deadline's answer, already given.
  result.catch(() => undefined);
  try {
    return (await Promise.race([result, deadline])) as R;
  } catch (err) {
    // Still no workflow at the deadline: as late as a workflow still running.
    if (err instanceof WorkflowNotFoundError) throw late(job);
    if (err instanceof ServiceError)
      throw new UnavailableError(
        `The job system did not answer about the ${wait.what} (job ${job.id}); ask again in a moment`,
      );
    if (!(err instanceof WorkflowFailedError)) throw err;
    rethrowRendererFailure(err);
    if (wait.gone) rethrowGoneFailure(err, wait.gone);
    throw failed(failureMessage(err), job);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The workflow's result. A job run another caller has recorded may not have its workflow in
 * Temporal yet (that caller starts it right after its row commits): its absence is waited out
 * until `until`, not answered as a failure.
 */
async function workflowResult(temporal: Client, workflowId: string, until: number): Promise<unknown> {
  for (;;) {
    try {
      return await temporal.workflow.getHandle(workflowId).result();
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError) || Date.now() >= until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
