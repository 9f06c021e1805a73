import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import { type JobInput, TASK_QUEUES } from '../job-run/contract';
import {
  DOCUMENT_EMAIL_NON_RETRYABLE,
  type DocumentEmailActivities,
  type DocumentEmailPayload,
  type DocumentEmailResult,
  type DocumentPdfActivities,
} from './contract';

// Chromium work stays on the documents queue (memory-heavy, its own workers).
const { renderDocumentPdf } = proxyActivities<DocumentPdfActivities>({
  taskQueue: TASK_QUEUES.documents,
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    maximumInterval: '30 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['document_not_found'],
  },
});

// SMTP hiccups are retried; a missing document or template is not.
const { sendDocumentEmail } = proxyActivities<DocumentEmailActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    maximumInterval: '1 minute',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...DOCUMENT_EMAIL_NON_RETRYABLE],
  },
});
const { recordDocumentEmailFailed } = proxyActivities<DocumentEmailActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 10 },
});

/**
 * Renders the document's pdf (as it is now), then sends it and moves the status. The workflow id
 * is the send request's key: one email per request, and a retried activity finds its tracking rows.
 */
export async function documentEmailWorkflow(input: JobInput<DocumentEmailPayload>): Promise<DocumentEmailResult> {
  const { kind, documentId, ownerId } = input.payload;
  try {
    const pdf = await renderDocumentPdf({ kind, documentId, ownerId });
    return await sendDocumentEmail({ jobRunId: input.jobRunId, payload: input.payload, pdf });
  } catch (err) {
    // The job still fails (dead-letter queue, replayable); the tracking says so per recipient.
    const cause = err instanceof ActivityFailure && err.cause ? err.cause : err;
    await recordDocumentEmailFailed({
      jobRunId: input.jobRunId,
      payload: input.payload,
      error: cause instanceof Error ? cause.message : String(cause),
    });
    throw err;
  }
}
