import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** A signature of a quote whose signed copy is to be made and sent (issue 31 §2). */
export interface SignedQuotePayload extends Record<string, unknown> {
  ownerId: string;
  signatureId: string;
}

export interface SignedQuoteResult {
  /** The signed copy: the signed pdf followed by its signature certificate page. */
  key: string;
  /** Who received it: the client and the studio. */
  to: string[];
}

/**
 * The signed copy of a quote, made once and mailed to the client and the studio. Key: the
 * signature, so the copy is made and sent once; Chromium renders the certificate (documents queue).
 */
export const SIGNED_QUOTE_JOB = defineJob<SignedQuotePayload, string>({
  jobName: 'client-portal.signed-quote',
  taskQueue: TASK_QUEUES.documents,
  workflowType: 'signedQuoteWorkflow',
  workflowId: (signatureId) => jobId('signed-quote', signatureId),
  rerun: 'return-existing',
});

export interface SignedQuoteActivities {
  deliverSignedQuote(input: { jobRunId: string; payload: SignedQuotePayload }): Promise<SignedQuoteResult>;
}
