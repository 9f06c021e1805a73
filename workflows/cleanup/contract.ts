import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** The three cleanup jobs: label of the cleanup_* metrics and part of their ids. */
export const CLEANUP_JOB_TYPES = ['export-files', 'orphan-file-objects', 'orphan-objects'] as const;
export type CleanupJobType = (typeof CLEANUP_JOB_TYPES)[number];

/** Every cleanup job's payload: thresholds the schedule leaves unset (the worker's config decides). */
export interface CleanupPayload extends Record<string, unknown> {
  /**
   * Only objects or rows older than this are deleted. Unset: EXPORT_RETENTION_HOURS for export
   * files, 7 days for the orphan jobs. Never below 0; permanent prefixes are kept whatever it is.
   */
  minAgeSeconds?: number;
}

/** What one cleanup run did (the job_runs result, and the source of the cleanup_* metrics). */
export interface CleanupSummary {
  jobType: CleanupJobType;
  /** Objects or rows looked at. */
  scanned: number;
  /** Objects or rows deleted. */
  deleted: number;
  /** Candidates kept because they are under a permanent prefix (the permanent rule wins). */
  keptPermanent: number;
  minAgeSeconds: number;
}

/** Minimum age of an orphan (spec: Limits). */
export const ORPHAN_MIN_AGE_SECONDS = 7 * 24 * 3600;

/**
 * One contract per cleanup job. A Schedule fires launchJobWorkflow, which starts the job with
 * the fire's id as key: `return-existing`, so a retried or duplicated fire never runs it twice.
 */
function cleanupJob(jobType: CleanupJobType, workflowType: string) {
  return defineJob<CleanupPayload>({
    jobName: `cleanup.${jobType}`,
    taskQueue: TASK_QUEUES.maintenance,
    workflowType,
    workflowId: (key) => jobId('cleanup', jobType, key),
    rerun: 'return-existing',
  });
}

export const CLEANUP_EXPORT_FILES = cleanupJob('export-files', 'cleanupExportFilesWorkflow');
export const CLEANUP_ORPHAN_FILE_OBJECTS = cleanupJob('orphan-file-objects', 'cleanupOrphanFileObjectsWorkflow');
export const CLEANUP_ORPHAN_OBJECTS = cleanupJob('orphan-objects', 'cleanupOrphanObjectsWorkflow');

/** The Temporal Schedules that fire them (spec: Limits), registered by every worker at start. */
export const CLEANUP_SCHEDULES = [
  { scheduleId: 'cleanup:export-files', cron: '0 4 * * *', contract: CLEANUP_EXPORT_FILES },
  { scheduleId: 'cleanup:orphan-file-objects', cron: '0 3 * * 0', contract: CLEANUP_ORPHAN_FILE_OBJECTS },
  { scheduleId: 'cleanup:orphan-objects', cron: '0 4 1 * *', contract: CLEANUP_ORPHAN_OBJECTS },
] as const;

/** The cleanup activities (activities/cleanup), one per job type. */
export interface CleanupActivities {
  deleteExpiredExportFiles(payload: CleanupPayload): Promise<CleanupSummary>;
  deleteOrphanFileObjects(payload: CleanupPayload): Promise<CleanupSummary>;
  deleteOrphanObjects(payload: CleanupPayload): Promise<CleanupSummary>;
}
