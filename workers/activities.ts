import { type Logger } from 'pino';
import { createJobRunActivities } from '../activities/job-runs';
import { type JobMetrics } from './job-metrics';

export interface WorkerDeps {
  logger: Logger;
  metrics: JobMetrics;
}

/** Every activity, built from its factory with real dependencies. Capability activities join here. */
export function buildActivities(deps: WorkerDeps) {
  return {
    ...createJobRunActivities(deps),
  };
}
