import { type Migration, runSql } from '../migrator';

/**
 * The e-invoice of an issued invoice or credit note is made once per format and kept (issue 40
 * §16): the Factur-X the platform received, the one `GET /api/invoices/:id/facturx` serves and
 * the one a studio archives are the same bytes, whose SHA-256 is recorded here. The first file
 * recorded wins for good (the insert does nothing on conflict) and a row is never changed.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE kept_e_invoices (
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_kind varchar(20) NOT NULL CHECK (document_kind IN ('invoice', 'credit_note')),
  document_id uuid NOT NULL,
  format varchar(10) NOT NULL CHECK (format IN ('facturx', 'xml', 'ubl')),
  key text NOT NULL,
  sha256 char(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_kind, document_id, format)
);
CREATE INDEX kept_e_invoices_owner_idx ON kept_e_invoices (owner_id);

CREATE FUNCTION kept_e_invoices_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a kept e-invoice is never changed' USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER kept_e_invoices_never_change BEFORE UPDATE ON kept_e_invoices
  FOR EACH ROW EXECUTE FUNCTION kept_e_invoices_never_change();
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'DROP TABLE kept_e_invoices; DROP FUNCTION kept_e_invoices_never_change();');
