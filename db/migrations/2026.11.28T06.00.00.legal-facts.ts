import { type Migration, runSql } from '../migrator';

/**
 * Issue 42: what a studio's law decided of an invoice or credit note at its issue (its title, the
 * mentions it states, whether it prints no tax), kept with it beside the seller copy, so its files word the
 * issue's decision instead of deciding again. Set by the issue (the draft's last update), then
 * covered by invoices_immutable_once_issued like every column it does not list; a credit note's
 * is in its INSERT (its rows never change). Documents issued before keep NULL, and their files
 * decide as they did.
 *
 * `issue_started_at`: when an issue of the draft began (services/invoicing/issue-invoice.ts),
 * which decides outside the write's transaction; an edit of the draft meanwhile is refused as an
 * edit of an issued invoice was (409 invoice_issued), for a minute at most. NULL once issued.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE invoices ADD COLUMN legal_facts jsonb;
ALTER TABLE credit_notes ADD COLUMN legal_facts jsonb;
ALTER TABLE invoices ADD COLUMN issue_started_at timestamptz;`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE invoices DROP COLUMN issue_started_at;
ALTER TABLE credit_notes DROP COLUMN legal_facts;
ALTER TABLE invoices DROP COLUMN legal_facts;`,
  );
