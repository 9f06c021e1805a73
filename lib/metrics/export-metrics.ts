import { Counter, Histogram, type Registry } from 'prom-client';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';

/** The spec's export metrics, counted by the worker that renders (served on WORKER_METRICS_PORT). */
export function createExportMetrics(registry: Registry) {
  const total = new Counter({
    name: 'exports_total',
    help: 'Exports finished, by entity, format and status',
    labelNames: ['entity', 'format', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'export_duration_seconds',
    help: 'Time to render and store an export, in seconds',
    labelNames: ['entity', 'format'],
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  const size = new Histogram({
    name: 'export_size_bytes',
    help: 'Size of export files, in bytes',
    labelNames: ['entity', 'format'],
    buckets: [1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'export_errors_total',
    help: 'Exports that failed, by error type',
    labelNames: ['entity', 'format', 'error_type'],
    registers: [registry],
  });
  return {
    completed(entity: ExportEntity, format: ExportFormat, seconds: number, bytes: number) {
      total.inc({ entity, format, status: 'completed' });
      duration.observe({ entity, format }, seconds);
      size.observe({ entity, format }, bytes);
    },
    failed(entity: ExportEntity, format: ExportFormat, seconds: number, errorType: string) {
      total.inc({ entity, format, status: 'failed' });
      duration.observe({ entity, format }, seconds);
      errors.inc({ entity, format, error_type: errorType });
    },
  };
}

export type ExportMetrics = ReturnType<typeof createExportMetrics>;
