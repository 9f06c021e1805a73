import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type SignedQuoteActivities, type SignedQuotePayload, type SignedQuoteResult } from './contract';

// Storage, Chromium and SMTP hiccups are retried; a signature that is not there is not.
const { deliverSignedQuote } = proxyActivities<SignedQuoteActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '5 seconds',
    maximumInterval: '1 minute',
    maximumAttempts: 6,
    nonRetryableErrorTypes: ['not_found'],
  },
});

/** One signed copy per signature (the workflow id is the signature's), made and mailed once. */
export async function signedQuoteWorkflow(input: JobInput<SignedQuotePayload>): Promise<SignedQuoteResult> {
  return deliverSignedQuote({ jobRunId: input.jobRunId, payload: input.payload });
}
