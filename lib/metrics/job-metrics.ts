import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type Sequelize } from 'sequelize-typescript';

/** Job counters and durations (spec: Metrics), and the dead-letter depth read from job_runs at scrape time. */
export function createJobMetrics(registry: Registry, sequelize: Sequelize) {
  const jobs = new Counter({ name: 'jobs_total', help: 'Jobs finished, by name and outcome', labelNames: ['jobName', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job duration from start to end, in seconds',
    labelNames: ['jobName'],
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  new Gauge({
    name: 'dead_letter_queue_depth',
    help: 'Failed jobs waiting in the dead-letter queue',
    labelNames: ['jobName'],
    registers: [registry],
    async collect() {
      this.reset();
      const [rows] = await sequelize.query('SELECT job_name, count(*)::int AS depth FROM job_runs WHERE in_dlq GROUP BY job_name');
      for (const row of rows as { job_name: string; depth: number }[]) this.set({ jobName: row.job_name }, row.depth);
    },
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
