import { TASK_QUEUES } from '../job-run/contract';

/** What one reconciliation pass did: rows left alone, and rows set to Temporal's outcome. */
export interface ReconcileSummary {
  checked: number;
  completed: number;
  failed: number;
}

export interface ReconcileJobRunsInput {
  /** Rows younger than this are left alone: their workflow may be starting right now. */
  graceSeconds: number;
  /** At most this many rows per pass, oldest first, so one pass stays short. */
  batchSize: number;
}

/**
 * The job-run reconciler, run by a Temporal Schedule (registered by every worker at start-up).
 * It is the bookkeeper of job_runs itself, so it has no job_runs row of its own: its runs are in
 * the Temporal Web UI under the schedule id.
 */
export const RECONCILE_JOB_RUNS = {
  scheduleId: 'maintenance:reconcile-job-runs',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'reconcileJobRunsWorkflow',
  /** Schedule ids are global to the namespace: the fire's workflow id is this plus its time. */
  workflowIdPrefix: 'maintenance:reconcile-job-runs',
} as const;

/** The reconciler's activity (activities/reconcile-job-runs.ts). */
export interface ReconcileActivities {
  reconcileJobRuns(input: ReconcileJobRunsInput): Promise<ReconcileSummary>;
}

/**
 * The overdue scan (issue 21 §2), run by a Temporal Schedule like the reconciler: invoices that
 * became overdue get `overdue_at` and one INVOICE_STATUS_CHANGED with `is_overdue` each.
 */
export const MARK_OVERDUE_INVOICES = {
  scheduleId: 'maintenance:mark-overdue-invoices',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'markOverdueInvoicesWorkflow',
  workflowIdPrefix: 'maintenance:mark-overdue-invoices',
} as const;

export interface OverdueScanInput {
  /** Invoices marked per activity call; the workflow calls again while a batch comes back full. */
  batchSize: number;
}

/** The overdue scan's activity (activities/overdue-invoices.ts): how many invoices one batch marked. */
export interface OverdueInvoicesActivities {
  markOverdueInvoices(input: OverdueScanInput): Promise<number>;
}
