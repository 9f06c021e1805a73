import { Counter, Histogram, type Registry } from 'prom-client';

/** Job counters and durations (spec: Metrics), counted by the worker where jobs end. The dead-letter depth is in ops-metrics.ts. */
export function createJobMetrics(registry: Registry) {
  const jobs = new Counter({
    name: 'jobs_total',
    help: 'Jobs finished, by name and outcome',
    labelNames: ['jobName', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job duration from start to end, in seconds',
    labelNames: ['jobName'],
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  return {
    /** Labels stay bounded (job names and two outcomes): no org or user ids, which grow without limit. */
    recordEnd(jobName: string, status: 'completed' | 'failed', seconds: number) {
      jobs.inc({ jobName, status });
      duration.observe({ jobName }, seconds);
    },
  };
}

export type JobMetrics = ReturnType<typeof createJobMetrics>;
