import { type Migration, runSql } from '../migrator';

/**
 * The seller copied at issue, like the buyer: an issued invoice and a credit note keep the studio's
 * company profile as it was when they were issued (domain/invoicing/seller.ts), so a later edit of
 * the profile changes none of their files. NULL on a draft, and on documents issued before this
 * migration, which go on reading the profile. Once an invoice is issued its row is covered by
 * invoices_immutable_once_issued (the whole row but the listed columns), a credit note's by
 * credit_notes_append_only: the copy is written by the issue's own UPDATE (OLD is still a draft)
 * and by the credit note's INSERT.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE invoices ADD COLUMN seller jsonb;
ALTER TABLE credit_notes ADD COLUMN seller jsonb;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE credit_notes DROP COLUMN seller;
ALTER TABLE invoices DROP COLUMN seller;
`,
  );
