import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  IMPORT_NON_RETRYABLE,
  type ImportActivities,
  type ImportPayload,
  type ImportPreview,
  type ImportResult,
} from './contract';

// The import heartbeats per batch: a killed worker is noticed within the heartbeat timeout and
// the retry resumes after the batches already recorded in import_row_writes.
const { runImport } = proxyActivities<ImportActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '20 seconds',
  retry: {
    initialInterval: '1 second',
    maximumInterval: '10 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...IMPORT_NON_RETRYABLE],
  },
});

/** An import or a preview asked for through the api (the job-run interceptor keeps job_runs). */
export async function importWorkflow(input: JobInput<ImportPayload>): Promise<ImportResult | ImportPreview> {
  return runImport({ jobRunId: input.jobRunId, payload: input.payload });
}
