import { type Migration, runSql } from '../migrator';

/**
 * Issue 31 §3, paying from the client portal, and receipts.
 *
 * - A card payment may start as a hosted checkout session (Stripe Checkout): the row names the
 *   session (`checkout_session_id`, unique), and gets its payment intent only when the session
 *   completes, so `payment_intent_id` becomes nullable; a row names one or the other at least.
 * - `payment_receipts`: one receipt per payment of the ledger (kind 'payment', whatever its
 *   method), written in the payment's own transaction (db/commands/invoice-ledger.ts#addPayment)
 *   with its number (`<invoice number>-R<n>`, n counting the invoice's receipts, drawn under the
 *   invoice's lock) and the balance still due right after it. Its pdf (pdf_key, pdf_sha256, the
 *   locale it was written in) and its email (emailed_at, emailed_to) are recorded later by the
 *   receipt job, each once: the trigger refuses any other change, and a kept pdf never changes.
 *   A separate table rather than columns on invoice_payments: ledger rows are append-only
 *   (invoice_payments_append_only) and a receipt is filled in after its payment is written.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE cardprovider_payments ALTER COLUMN payment_intent_id DROP NOT NULL;
ALTER TABLE cardprovider_payments ADD COLUMN checkout_session_id text;
CREATE UNIQUE INDEX cardprovider_payments_checkout_session ON cardprovider_payments (checkout_session_id)
  WHERE checkout_session_id IS NOT NULL;
ALTER TABLE cardprovider_payments ADD CONSTRAINT cardprovider_payments_reference
  CHECK (payment_intent_id IS NOT NULL OR checkout_session_id IS NOT NULL);

CREATE TABLE payment_receipts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  invoice_payment_id uuid NOT NULL UNIQUE REFERENCES invoice_payments(id) ON DELETE CASCADE,
  sequence integer NOT NULL CHECK (sequence > 0),
  number varchar(80) NOT NULL,
  balance_after decimal(12,2) NOT NULL CHECK (balance_after >= 0),
  locale varchar(5),
  pdf_key text,
  pdf_sha256 char(64),
  emailed_at timestamptz,
  emailed_to text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, sequence),
  CHECK ((pdf_key IS NULL) = (pdf_sha256 IS NULL))
);
CREATE INDEX payment_receipts_owner_idx ON payment_receipts (owner_id, created_at DESC, id);

-- What a receipt says is fixed when its payment is written; its pdf and its email are recorded
-- once each (a column set from NULL, never changed after).
CREATE FUNCTION payment_receipts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  later text[] := ARRAY['locale', 'pdf_key', 'pdf_sha256', 'emailed_at', 'emailed_to'];
BEGIN
  IF (to_jsonb(NEW) - later) IS DISTINCT FROM (to_jsonb(OLD) - later)
     OR (OLD.pdf_key IS NOT NULL AND (NEW.pdf_key IS DISTINCT FROM OLD.pdf_key
         OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256 OR NEW.locale IS DISTINCT FROM OLD.locale))
     OR (OLD.emailed_at IS NOT NULL AND (NEW.emailed_at IS DISTINCT FROM OLD.emailed_at
         OR NEW.emailed_to IS DISTINCT FROM OLD.emailed_to)) THEN
    RAISE EXCEPTION 'receipt % is kept as it was made', OLD.number USING ERRCODE = 'SI409', HINT = 'ledger_append_only';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payment_receipts_kept BEFORE UPDATE ON payment_receipts
  FOR EACH ROW EXECUTE FUNCTION payment_receipts_refuse_change();
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP TRIGGER payment_receipts_kept ON payment_receipts;
DROP FUNCTION payment_receipts_refuse_change();
DROP TABLE payment_receipts;
DELETE FROM cardprovider_payments WHERE payment_intent_id IS NULL;
ALTER TABLE cardprovider_payments DROP CONSTRAINT cardprovider_payments_reference;
DROP INDEX cardprovider_payments_checkout_session;
ALTER TABLE cardprovider_payments DROP COLUMN checkout_session_id;
ALTER TABLE cardprovider_payments ALTER COLUMN payment_intent_id SET NOT NULL;
`,
  );
