import { type Migration, runSql } from '../migrator';

/**
 * Issue 42: what a studio's law decided of an invoice at its issue (its title, the mentions it
 * states, whether it prints no tax), kept with it beside the seller copy, so its files word the
 * issue's decision instead of deciding again. Set by the issue (the draft's last update), then
 * covered by invoices_immutable_once_issued like every column it does not list. Invoices issued
 * before keep NULL, and their files decide as they did.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(context, `ALTER TABLE invoices ADD COLUMN legal_facts jsonb;`);

export const down: Migration['down'] = ({ context }) =>
  runSql(context, `ALTER TABLE invoices DROP COLUMN legal_facts;`);
