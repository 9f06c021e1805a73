import { type Migration, runSql } from '../migrator';

/** The receipts' guard (migration 2026.11.27T08.00.00), with or without the erasure's one change allowed. */
const guard = (erasable: boolean) => `
CREATE OR REPLACE FUNCTION payment_receipts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  later text[] := ARRAY['locale', 'pdf_key', 'pdf_sha256', 'emailed_at', 'emailed_to'];
BEGIN
  IF (to_jsonb(NEW) - later) IS DISTINCT FROM (to_jsonb(OLD) - later)
     OR (OLD.pdf_key IS NOT NULL AND (NEW.pdf_key IS DISTINCT FROM OLD.pdf_key
         OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256 OR NEW.locale IS DISTINCT FROM OLD.locale))
     OR (OLD.emailed_at IS NOT NULL AND (NEW.emailed_at IS DISTINCT FROM OLD.emailed_at
         OR (NEW.emailed_to IS DISTINCT FROM OLD.emailed_to${erasable ? ' AND NEW.emailed_to IS NOT NULL' : ''}))) THEN
    RAISE EXCEPTION 'receipt % is kept as it was made', OLD.number USING ERRCODE = 'SI409', HINT = 'ledger_append_only';
  END IF;
  RETURN NEW;
END $$;
`;

/**
 * A contact's erasure (issue 31 §4) clears the address its receipts were emailed to: the receipt
 * itself (its number, amount, pdf) is a payment record and stays; where it was sent is personal
 * data the law does not need. Only that column may go to NULL; nothing else of a receipt changes.
 */
export const up: Migration['up'] = ({ context }) => runSql(context, guard(true));
export const down: Migration['down'] = ({ context }) => runSql(context, guard(false));
