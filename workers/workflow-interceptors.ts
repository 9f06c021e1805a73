/**
 * The workflow interceptor modules every bundle of job workflows includes (the worker's, the
 * fixture worker's, the time-skipping and replay tests'): without them a job would run without
 * its job_runs bookkeeping.
 */
export const WORKFLOW_INTERCEPTOR_MODULES = [require.resolve('../workflows/job-run/job-run-interceptor')];
