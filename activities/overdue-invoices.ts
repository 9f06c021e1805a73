import { type Sequelize } from 'sequelize-typescript';
import { markOverdueInvoices } from '../db/commands/mark-overdue-invoices';
import { type OverdueInvoicesActivities } from '../workflows/maintenance/contract';

/** The overdue scan's activity: one batch of db/commands/mark-overdue-invoices.ts. */
export function createOverdueInvoicesActivities({ sequelize }: { sequelize: Sequelize }): OverdueInvoicesActivities {
  return {
    markOverdueInvoices: ({ batchSize }) => markOverdueInvoices(sequelize, batchSize),
  };
}
