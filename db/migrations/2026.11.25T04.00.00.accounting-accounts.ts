import { type Migration, runSql } from '../migrator';

/**
 * The studio's accounts for the accounting export (issue 22 §2, domain/accounting/accounts.ts):
 * one row per studio once it sets them; no row means the defaults (411, 706, 44571, 512, 5115,
 * 5116, no client sub-accounts). Numbers are 3 to 20 digits, checked here as well as by the api.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE accounting_accounts (
  owner_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  client varchar(20) NOT NULL CHECK (client ~ '^[0-9]{3,20}$'),
  sales varchar(20) NOT NULL CHECK (sales ~ '^[0-9]{3,20}$'),
  vat_collected varchar(20) NOT NULL CHECK (vat_collected ~ '^[0-9]{3,20}$'),
  bank varchar(20) NOT NULL CHECK (bank ~ '^[0-9]{3,20}$'),
  card varchar(20) NOT NULL CHECK (card ~ '^[0-9]{3,20}$'),
  wallet varchar(20) NOT NULL CHECK (wallet ~ '^[0-9]{3,20}$'),
  client_sub_accounts boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The export reads a period's documents and payments per studio.
CREATE INDEX IF NOT EXISTS invoice_payments_owner_received_idx ON invoice_payments (owner_id, received_at);
CREATE INDEX IF NOT EXISTS invoices_owner_issued_idx ON invoices (owner_id, issued_at) WHERE issued_at IS NOT NULL;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX IF EXISTS invoices_owner_issued_idx;
DROP INDEX IF EXISTS invoice_payments_owner_received_idx;
DROP TABLE accounting_accounts;
`,
  );
