import { type Migration, runSql } from '../migrator';

/**
 * Legal invoicing (issue 20; docs/invoicing.md, docs/api-changes.md):
 * - an invoice's `status` is its life (DRAFT, ISSUED, CANCELLED) and `payment_status` what its
 *   payments ledger says (UNPAID, PARTIALLY_PAID, PAID), with `amount_paid` and `balance_due`
 *   kept by the transaction that writes the ledger;
 * - legal numbers drawn at issue from a counter row per studio, series and year
 *   (`document_counters`), in a format per studio and series (`document_number_formats`);
 * - one payments ledger (`invoice_payments`) the card and wallet rows point to, and credit notes
 *   (`credit_notes`), both append-only;
 * - triggers that refuse any change to an issued invoice, its lines, a ledger row or a credit note
 *   (except the columns the ledger maintains), whatever the code path.
 *
 * The data follows the spec's migration: DRAFT stays DRAFT; SENT, PAID and OVERDUE become ISSUED,
 * numbered per studio and year in the order they were created (issued_at = created_at); each PAID
 * invoice gets its payment in the ledger: its succeeded card or completed wallet payment, else a
 * payment of method `other` at its paid_at.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE document_number_formats (
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  series varchar(12) NOT NULL CHECK (series IN ('invoice', 'credit_note', 'quote')),
  format varchar(40) NOT NULL,
  sequence_reset varchar(10) NOT NULL DEFAULT 'yearly' CHECK (sequence_reset IN ('yearly', 'continuous')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, series)
);

-- period: the year on the studio's calendar for a yearly sequence, 0 for a continuous one.
CREATE TABLE document_counters (
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  series varchar(12) NOT NULL CHECK (series IN ('invoice', 'credit_note', 'quote')),
  period integer NOT NULL CHECK (period >= 0),
  last_value integer NOT NULL CHECK (last_value >= 1),
  PRIMARY KEY (owner_id, series, period)
);

ALTER TABLE invoices DROP CONSTRAINT invoices_status_check;
ALTER TABLE invoices
  ALTER COLUMN status TYPE varchar(10),
  ADD COLUMN number varchar(60),
  ADD COLUMN issued_at timestamptz,
  ADD COLUMN cancelled_at timestamptz,
  -- When the invoice was first seen overdue (INVOICE_STATUS_CHANGED with is_overdue, once).
  ADD COLUMN overdue_at timestamptz,
  ADD COLUMN buyer jsonb,
  ADD COLUMN pdf_key text,
  ADD COLUMN pdf_sha256 char(64),
  ADD COLUMN payment_status varchar(15) NOT NULL DEFAULT 'UNPAID' CHECK (payment_status IN ('UNPAID', 'PARTIALLY_PAID', 'PAID')),
  ADD COLUMN amount_paid decimal(12,2) NOT NULL DEFAULT 0,
  ADD COLUMN credited decimal(12,2) NOT NULL DEFAULT 0 CHECK (credited >= 0),
  ADD COLUMN balance_due decimal(12,2) NOT NULL DEFAULT 0 CHECK (balance_due >= 0);

WITH numbered AS (
  SELECT i.id, EXTRACT(YEAR FROM i.created_at AT TIME ZONE u.time_zone)::int AS year,
         row_number() OVER (PARTITION BY i.owner_id, EXTRACT(YEAR FROM i.created_at AT TIME ZONE u.time_zone) ORDER BY i.created_at, i.id) AS seq
  FROM invoices i JOIN users u ON u.id = i.owner_id
  WHERE i.status IN ('SENT', 'PAID', 'OVERDUE')
)
UPDATE invoices i SET number = 'F-' || n.year || '-' || lpad(n.seq::text, 5, '0'), issued_at = i.created_at
FROM numbered n WHERE n.id = i.id;

INSERT INTO document_counters (owner_id, series, period, last_value)
SELECT owner_id, 'invoice', substring(number from 3 for 4)::int, count(*)
FROM invoices WHERE number IS NOT NULL GROUP BY owner_id, substring(number from 3 for 4);

CREATE TABLE credit_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  number varchar(60) NOT NULL,
  reason text NOT NULL CHECK (btrim(reason) <> ''),
  amount decimal(12,2) NOT NULL CHECK (amount > 0),
  items jsonb NOT NULL DEFAULT '[]',
  issued_at timestamptz NOT NULL DEFAULT now(),
  pdf_key text,
  pdf_sha256 char(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_id, number)
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id, issued_at);
CREATE INDEX credit_notes_owner_idx ON credit_notes (owner_id, issued_at DESC, id);

-- kind: payment (money received), refund (money given back), reversal (a payment entered by
-- mistake, cancelled the same day: it names the payment and repeats its amount).
CREATE TABLE invoice_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  kind varchar(10) NOT NULL DEFAULT 'payment' CHECK (kind IN ('payment', 'refund', 'reversal')),
  amount decimal(12,2) NOT NULL CHECK (amount > 0),
  currency varchar(3) NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  method varchar(15) NOT NULL CHECK (method IN ('card', 'wallet', 'bank_transfer', 'cash', 'check', 'other')),
  received_at timestamptz NOT NULL,
  reference varchar(200),
  provider_reference varchar(200),
  note text,
  is_overpayment boolean NOT NULL DEFAULT false,
  reverses_id uuid UNIQUE REFERENCES invoice_payments(id),
  credit_note_id uuid REFERENCES credit_notes(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'reversal') = (reverses_id IS NOT NULL))
);
CREATE INDEX invoice_payments_invoice_idx ON invoice_payments (invoice_id, received_at, id);
-- A provider's payment is in the ledger once, whatever the redelivery of its events.
CREATE UNIQUE INDEX invoice_payments_provider_once ON invoice_payments (method, provider_reference, kind) WHERE provider_reference IS NOT NULL;

ALTER TABLE cardprovider_payments ADD COLUMN ledger_entry_id uuid REFERENCES invoice_payments(id);
ALTER TABLE walletprovider_payments ADD COLUMN ledger_entry_id uuid REFERENCES invoice_payments(id);
-- Partial payments: a deposit by transfer and the balance by card, or two card payments.
DROP INDEX cardprovider_payments_one_succeeded;
DROP INDEX walletprovider_payments_one_completed;

-- The payments of PAID invoices, from their provider row when there is one.
WITH card AS (
  INSERT INTO invoice_payments (owner_id, invoice_id, amount, currency, method, received_at, provider_reference, note)
  SELECT i.owner_id, i.id, c.amount, upper(c.currency), 'card', COALESCE(i.paid_at, c.updated_at), c.payment_intent_id, 'Recorded before the payments ledger'
  FROM invoices i JOIN cardprovider_payments c ON c.invoice_id = i.id AND c.status = 'succeeded'
  WHERE i.status = 'PAID'
  RETURNING id, provider_reference
)
UPDATE cardprovider_payments c SET ledger_entry_id = card.id FROM card WHERE c.payment_intent_id = card.provider_reference;
WITH wallet AS (
  INSERT INTO invoice_payments (owner_id, invoice_id, amount, currency, method, received_at, provider_reference, note)
  SELECT i.owner_id, i.id, w.amount, w.currency, 'wallet', COALESCE(i.paid_at, w.updated_at), w.order_id, 'Recorded before the payments ledger'
  FROM invoices i JOIN walletprovider_payments w ON w.invoice_id = i.id AND w.status = 'COMPLETED'
  WHERE i.status = 'PAID' AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id)
  RETURNING id, provider_reference
)
UPDATE walletprovider_payments w SET ledger_entry_id = wallet.id FROM wallet WHERE w.order_id = wallet.provider_reference;
INSERT INTO invoice_payments (owner_id, invoice_id, amount, method, received_at, note)
SELECT i.owner_id, i.id, i.amount, 'other', COALESCE(i.paid_at, i.updated_at), 'Recorded before the payments ledger'
FROM invoices i
WHERE i.status = 'PAID' AND i.amount > 0 AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id);

UPDATE invoices i SET amount_paid = LEAST(p.paid, i.amount), payment_status = CASE WHEN p.paid >= i.amount THEN 'PAID' ELSE 'PARTIALLY_PAID' END,
  paid_at = CASE WHEN p.paid >= i.amount THEN COALESCE(i.paid_at, p.last_at) END
FROM (SELECT invoice_id, sum(amount) AS paid, max(received_at) AS last_at FROM invoice_payments GROUP BY invoice_id) p
WHERE p.invoice_id = i.id;
UPDATE invoices SET paid_at = NULL WHERE payment_status <> 'PAID';
UPDATE invoices SET balance_due = GREATEST(amount - amount_paid, 0);
UPDATE invoices SET status = 'ISSUED' WHERE status IN ('SENT', 'PAID', 'OVERDUE');

ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK (status IN ('DRAFT', 'ISSUED', 'CANCELLED'));
ALTER TABLE invoices ADD CONSTRAINT invoices_issued_numbered CHECK ((status = 'DRAFT') = (number IS NULL) AND (status = 'DRAFT') = (issued_at IS NULL));
CREATE UNIQUE INDEX invoices_owner_number ON invoices (owner_id, number) WHERE number IS NOT NULL;
CREATE INDEX invoices_owner_balance_idx ON invoices (owner_id, due_date) WHERE status = 'ISSUED' AND balance_due > 0;
-- The overdue scan: issued invoices with something due, not yet seen overdue.
CREATE INDEX invoices_overdue_scan_idx ON invoices (due_date) WHERE status = 'ISSUED' AND balance_due > 0 AND overdue_at IS NULL;

-- An issued document is a legal record. Only an account purge (SET LOCAL studio.purge = 'on',
-- the cascade of deleting a user) may remove one.
CREATE FUNCTION studio_purging() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT COALESCE(current_setting('studio.purge', true), '') = 'on' $$;

-- Columns an issued invoice may still change: its life (ISSUED → CANCELLED), what the ledger
-- keeps, its stored pdf (set once: pdf_key and pdf_sha256 never change after pdf_key is set), and
-- links set to NULL when the linked row is deleted (the buyer was copied into buyer at issue).
CREATE FUNCTION invoices_refuse_issued_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text[] := ARRAY['status', 'cancelled_at', 'overdue_at', 'payment_status', 'amount_paid', 'credited', 'balance_due', 'paid_at',
                       'pdf_key', 'pdf_sha256', 'updated_at', 'contact_id', 'session_id', 'quote_id'];
BEGIN
  IF studio_purging() THEN RETURN COALESCE(NEW, OLD); END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'DRAFT' THEN
      RAISE EXCEPTION 'invoice % is issued: it cannot be deleted', OLD.number USING ERRCODE = 'SI409', HINT = 'invoice_issued';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'DRAFT' THEN RETURN NEW; END IF;
  IF (to_jsonb(NEW) - kept) IS DISTINCT FROM (to_jsonb(OLD) - kept)
     OR (NEW.contact_id IS DISTINCT FROM OLD.contact_id AND NEW.contact_id IS NOT NULL)
     OR (NEW.session_id IS DISTINCT FROM OLD.session_id AND NEW.session_id IS NOT NULL)
     OR (NEW.quote_id IS DISTINCT FROM OLD.quote_id AND NEW.quote_id IS NOT NULL)
     OR (OLD.pdf_key IS NOT NULL AND (NEW.pdf_key IS DISTINCT FROM OLD.pdf_key OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256))
     OR NOT (NEW.status = OLD.status OR (OLD.status = 'ISSUED' AND NEW.status = 'CANCELLED')) THEN
    RAISE EXCEPTION 'invoice % is issued: it cannot be changed', OLD.number USING ERRCODE = 'SI409', HINT = 'invoice_issued';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER invoices_immutable_once_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_refuse_issued_change();

-- An issued invoice's lines: none added, changed or removed (a deleted session type may only
-- detach itself from a line).
CREATE FUNCTION invoice_items_refuse_issued_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line invoice_items := COALESCE(NEW, OLD);
BEGIN
  IF studio_purging() THEN RETURN line; END IF;
  IF TG_OP = 'UPDATE' AND NEW.user_session_type_id IS NULL
     AND (to_jsonb(NEW) - 'user_session_type_id' - 'updated_at') = (to_jsonb(OLD) - 'user_session_type_id' - 'updated_at') THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM invoices WHERE id = line.invoice_id AND status <> 'DRAFT')
     OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM invoices WHERE id = OLD.invoice_id AND status <> 'DRAFT')) THEN
    RAISE EXCEPTION 'the lines of an issued invoice cannot be changed' USING ERRCODE = 'SI409', HINT = 'invoice_issued';
  END IF;
  RETURN line;
END $$;
CREATE TRIGGER invoice_items_immutable_once_issued BEFORE INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION invoice_items_refuse_issued_change();

-- Ledger rows and credit notes are written once; a correction is a new row (reversal, refund,
-- another credit note). A credit note's stored pdf is filled in once.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF studio_purging() THEN RETURN COALESCE(NEW, OLD); END IF;
  -- Through jsonb: invoice_payments has no pdf_key, and plpgsql would resolve OLD.pdf_key for it too.
  IF TG_TABLE_NAME = 'credit_notes' AND TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> 'pdf_key') IS NULL
     AND (to_jsonb(NEW) - 'pdf_key' - 'pdf_sha256') = (to_jsonb(OLD) - 'pdf_key' - 'pdf_sha256') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% rows are never changed or deleted: record a new one', TG_TABLE_NAME USING ERRCODE = 'SI409', HINT = 'ledger_append_only';
END $$;
CREATE TRIGGER invoice_payments_append_only BEFORE UPDATE OR DELETE ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER credit_notes_append_only BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP TRIGGER credit_notes_append_only ON credit_notes;
DROP TRIGGER invoice_payments_append_only ON invoice_payments;
DROP TRIGGER invoice_items_immutable_once_issued ON invoice_items;
DROP TRIGGER invoices_immutable_once_issued ON invoices;
DROP FUNCTION ledger_refuse_change();
DROP FUNCTION invoice_items_refuse_issued_change();
DROP FUNCTION invoices_refuse_issued_change();
DROP FUNCTION studio_purging();
ALTER TABLE invoices DROP CONSTRAINT invoices_status_check, DROP CONSTRAINT invoices_issued_numbered;
UPDATE invoices SET status = CASE WHEN payment_status = 'PAID' THEN 'PAID' ELSE 'SENT' END WHERE status <> 'DRAFT';
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK (status IN ('DRAFT', 'SENT', 'PAID', 'OVERDUE'));
ALTER TABLE cardprovider_payments DROP COLUMN ledger_entry_id;
ALTER TABLE walletprovider_payments DROP COLUMN ledger_entry_id;
DROP TABLE invoice_payments;
DROP TABLE credit_notes;
DROP INDEX invoices_owner_number;
DROP INDEX invoices_owner_balance_idx;
DROP INDEX invoices_overdue_scan_idx;
ALTER TABLE invoices DROP COLUMN number, DROP COLUMN issued_at, DROP COLUMN cancelled_at, DROP COLUMN overdue_at, DROP COLUMN buyer, DROP COLUMN pdf_key,
  DROP COLUMN pdf_sha256, DROP COLUMN payment_status, DROP COLUMN amount_paid, DROP COLUMN credited, DROP COLUMN balance_due;
DROP TABLE document_counters;
DROP TABLE document_number_formats;
CREATE UNIQUE INDEX cardprovider_payments_one_succeeded ON cardprovider_payments (invoice_id) WHERE status = 'succeeded';
CREATE UNIQUE INDEX walletprovider_payments_one_completed ON walletprovider_payments (invoice_id) WHERE status = 'COMPLETED';
`,
  );
