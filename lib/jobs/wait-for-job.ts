import { type Client, WorkflowFailedError } from '@temporalio/client';
import { NotFoundError, PdfRendererUnavailableError, UnavailableError } from '../../domain/errors';
import { failureMessage, failureType } from '../../domain/failure-message';

/**
 * Waits at most `seconds` for a job's workflow result, for routes that answer with what a job
 * made. A job still running then is a 503 naming it (the next request for the same business key
 * finds the same job); a failed job is a 503 with its reason. Exports have their own (504).
 */
export async function waitForJob<R>(
  temporal: Client,
  run: { id: string; workflow_id: string },
  seconds: number,
  what: string,
): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UnavailableError(`The ${what} is still being prepared (job ${run.id}); ask again in a moment`)),
      seconds * 1000,
    );
  });
  try {
    return (await Promise.race([temporal.workflow.getHandle(run.workflow_id).result(), timeout])) as R;
  } catch (err) {
    rethrowRendererFailure(err);
    rethrowGoneFailure(err, what);
    if (err instanceof WorkflowFailedError)
      throw new UnavailableError(`The ${what} could not be made: ${failureMessage(err)}`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A job that failed because what it was asked for no longer exists (deleted between the route's
 * check and the job's read) is the api's 404, not a failure of the service.
 */
export function rethrowGoneFailure(err: unknown, what: string): void {
  const type = err instanceof WorkflowFailedError ? failureType(err) : null;
  if (type === 'not_found' || type === 'document_not_found')
    throw new NotFoundError(what.charAt(0).toUpperCase() + what.slice(1));
}

/**
 * A job that failed because its worker has no Chromium is the api's 503 pdf_renderer_unavailable,
 * whichever route waited for it (the api's own look at CHROMIUM_PATH may have passed).
 */
export function rethrowRendererFailure(err: unknown): void {
  if (err instanceof WorkflowFailedError && failureType(err) === 'pdf_renderer_unavailable') {
    const details = (err.cause?.cause as { details?: unknown[] } | undefined)?.details?.[0] as
      | { executablePath?: string }
      | undefined;
    throw new PdfRendererUnavailableError(details?.executablePath ?? 'CHROMIUM_PATH');
  }
}
