import { proxyActivities } from '@temporalio/workflow';
import type { CleanupActivities } from './contract';
import { type JobInput } from '../job-run/contract';
import { type CleanupPayload, type CleanupSummary } from './contract';

// Spec: 30 minutes for the export-file cleanup; the orphan passes get the same bound. The
// activities heartbeat once per page, so a dead worker is noticed in minutes, not at the end.
const { deleteExpiredExportFiles, deleteOrphanFileObjects, deleteOrphanObjects } = proxyActivities<CleanupActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  // Each pass is idempotent (what is gone stays gone): a retry just finishes the work.
  retry: { initialInterval: '30 seconds', maximumInterval: '5 minutes', maximumAttempts: 3 },
});

/** Daily: deletes temporary files (exports/, pdfs/ai-reports/, temp/) past their retention, with their rows. */
export async function cleanupExportFilesWorkflow(input: JobInput<CleanupPayload>): Promise<CleanupSummary> {
  return deleteExpiredExportFiles(input.payload);
}

/** Weekly: deletes file_objects rows (and their objects) nothing references, older than 7 days. */
export async function cleanupOrphanFileObjectsWorkflow(input: JobInput<CleanupPayload>): Promise<CleanupSummary> {
  return deleteOrphanFileObjects(input.payload);
}

/** Monthly: deletes stored objects under documents/, session-files/, contact-files/ that no row names. */
export async function cleanupOrphanObjectsWorkflow(input: JobInput<CleanupPayload>): Promise<CleanupSummary> {
  return deleteOrphanObjects(input.payload);
}
