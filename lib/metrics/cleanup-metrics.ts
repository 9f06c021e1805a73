import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * The spec's cleanup_* metrics on the worker's registry (served on WORKER_METRICS_PORT): the
 * worker does the cleanup, so it counts it. Labels are bounded: three job types, two statuses,
 * error types from a fixed vocabulary (S3 error codes, domain error codes).
 */
export function createCleanupMetrics(registry: Registry) {
  const jobs = new Counter({
    name: 'cleanup_jobs_total',
    help: 'Cleanup passes finished, by job type and outcome',
    labelNames: ['job_type', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cleanup_duration_seconds',
    help: 'Duration of one cleanup pass, in seconds',
    labelNames: ['job_type'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800],
    registers: [registry],
  });
  const scanned = new Counter({
    name: 'cleanup_files_scanned_total',
    help: 'Objects or file rows a cleanup looked at',
    labelNames: ['job_type'],
    registers: [registry],
  });
  const deleted = new Counter({
    name: 'cleanup_files_deleted_total',
    help: 'Objects or file rows a cleanup deleted',
    labelNames: ['job_type'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'cleanup_errors_total',
    help: 'Cleanup errors, by job type and error type',
    labelNames: ['job_type', 'error_type'],
    registers: [registry],
  });
  return {
    finished(jobType: string, status: 'completed' | 'failed', seconds: number) {
      jobs.inc({ job_type: jobType, status });
      duration.observe({ job_type: jobType }, seconds);
    },
    scanned(jobType: string, count: number) {
      if (count > 0) scanned.inc({ job_type: jobType }, count);
    },
    deleted(jobType: string, count: number) {
      if (count > 0) deleted.inc({ job_type: jobType }, count);
    },
    error(jobType: string, errorType: string) {
      errors.inc({ job_type: jobType, error_type: errorType });
    },
  };
}

export type CleanupMetrics = ReturnType<typeof createCleanupMetrics>;
