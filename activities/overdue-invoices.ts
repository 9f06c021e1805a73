import { type markOverdueInvoices } from '../db/commands/mark-overdue-invoices';
import { type OverdueInvoicesActivities } from '../workflows/maintenance/contract';
import { type Bound } from './db-deps';

/** The overdue scan's data access (db/commands/mark-overdue-invoices.ts), the handle bound by the worker. */
export interface OverdueInvoicesDeps {
  markOverdueInvoices: Bound<typeof markOverdueInvoices>;
}

/** The overdue scan's activity: one batch of db/commands/mark-overdue-invoices.ts. */
export function createOverdueInvoicesActivities(deps: OverdueInvoicesDeps): OverdueInvoicesActivities {
  return {
    markOverdueInvoices: ({ batchSize }) => deps.markOverdueInvoices(batchSize),
  };
}
