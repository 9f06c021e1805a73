import { type Migration, runSql } from '../migrator';

/**
 * Supplier invoices received (issue 22 §3, groundwork): what was read from the e-invoice, and the
 * file itself, kept under documents/ (its file_objects row names it). One record per studio and
 * file: the same file sent twice is found, not stored twice.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE purchase_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source_format varchar(10) NOT NULL CHECK (source_format IN ('FACTURX', 'CII', 'UBL')),
  type_code varchar(10),
  seller_name varchar(500) NOT NULL,
  seller_siren varchar(9),
  seller_vat_number varchar(40),
  number varchar(200) NOT NULL,
  issue_date date NOT NULL,
  due_date date,
  currency varchar(3) NOT NULL,
  total_without_tax decimal(14,2) NOT NULL,
  total_tax decimal(14,2) NOT NULL,
  total decimal(14,2) NOT NULL,
  vat_breakdown jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(vat_breakdown) = 'array'),
  file_object_id uuid REFERENCES file_objects(id) ON DELETE SET NULL,
  file_key varchar(1024) NOT NULL,
  file_name varchar(255),
  file_sha256 varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT purchase_invoices_total_adds_up CHECK (total_without_tax + total_tax = total),
  CONSTRAINT purchase_invoices_once UNIQUE (owner_id, file_sha256)
);
CREATE INDEX purchase_invoices_owner_created_idx ON purchase_invoices (owner_id, created_at DESC, id);
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'DROP TABLE purchase_invoices;');
