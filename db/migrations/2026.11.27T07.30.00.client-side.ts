import { type Migration, runSql } from '../migrator';

const EVENTS_BEFORE = `'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED'`;
const CLIENT_EVENTS = `'QUOTE_VIEWED', 'QUOTE_SIGNED', 'QUOTE_DECLINED', 'INVOICE_VIEWED', 'CHECKOUT_STARTED'`;

/** The three event columns' checks, with or without the client's events. */
const eventChecks = (events: string) => `
ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_event_type_check;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_event_type_check
  CHECK (event_type IN (${events}, 'SESSION_RESCHEDULED'));
ALTER TABLE workflow_triggers DROP CONSTRAINT workflow_triggers_trigger_event_check;
ALTER TABLE workflow_triggers ADD CONSTRAINT workflow_triggers_trigger_event_check CHECK (trigger_event IN (${events}));
ALTER TABLE workflow_trigger_executions DROP CONSTRAINT workflow_trigger_executions_event_type_check;
ALTER TABLE workflow_trigger_executions ADD CONSTRAINT workflow_trigger_executions_event_type_check
  CHECK (event_type IN (${events}));
`;

/** The issued-invoice guard (migration 2026.11.24T00.00.00), with the columns the client's steps may set added to those kept. */
const invoiceGuard = (extra: string) => `
CREATE OR REPLACE FUNCTION invoices_refuse_issued_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text[] := ARRAY['status', 'cancelled_at', 'overdue_at', 'payment_status', 'amount_paid', 'credited', 'balance_due', 'paid_at',
                       'pdf_key', 'pdf_sha256', 'updated_at', 'contact_id', 'session_id', 'quote_id'${extra}];
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
`;

/**
 * The client's side (issue 31): a quote's contract text, the client's steps on quotes and invoices
 * (first view, signature, refusal, checkout started), the simple electronic signature with its
 * evidence (never changed, never deleted while its quote lives), magic links that open one
 * document, and the client's steps as trigger events.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quotes ADD COLUMN contract text CHECK (contract IS NULL OR length(contract) <= 20000),
  ADD COLUMN viewed_at timestamptz,
  ADD COLUMN signed_at timestamptz,
  ADD COLUMN declined_at timestamptz,
  ADD COLUMN decline_reason varchar(1000);
ALTER TABLE invoices ADD COLUMN viewed_at timestamptz,
  ADD COLUMN checkout_started_at timestamptz;
${invoiceGuard(", 'viewed_at', 'checkout_started_at'")}

CREATE TABLE quote_signatures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- A signed quote is not deleted (db/commands/delete-document.ts refuses it): its evidence stays.
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE RESTRICT,
  client_account_id uuid REFERENCES client_accounts(id) ON DELETE SET NULL,
  signer_name varchar(200) NOT NULL CHECK (btrim(signer_name) <> ''),
  signer_email varchar(320) NOT NULL,
  signed_at timestamptz NOT NULL,
  ip_address varchar(64) NOT NULL,
  user_agent varchar(1000) NOT NULL,
  consent_text text NOT NULL,
  locale varchar(10) NOT NULL,
  pdf_key text NOT NULL,
  pdf_sha256 char(64) NOT NULL,
  -- The signed copy: the signed pdf followed by its signature certificate page (the signed-quote job).
  certificate_pdf_key text,
  emailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX quote_signatures_one_per_quote ON quote_signatures (quote_id);
CREATE INDEX quote_signatures_owner_idx ON quote_signatures (owner_id, signed_at DESC);

-- The evidence is written once: only the signed copy's key and its email time are added later.
CREATE FUNCTION quote_signatures_keep_evidence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'quote signature % is evidence: it is never deleted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.owner_id, NEW.quote_id, NEW.signer_name, NEW.signer_email, NEW.signed_at, NEW.ip_address, NEW.user_agent,
      NEW.consent_text, NEW.locale, NEW.pdf_key, NEW.pdf_sha256)
     IS DISTINCT FROM
     (OLD.owner_id, OLD.quote_id, OLD.signer_name, OLD.signer_email, OLD.signed_at, OLD.ip_address, OLD.user_agent,
      OLD.consent_text, OLD.locale, OLD.pdf_key, OLD.pdf_sha256)
     OR (OLD.certificate_pdf_key IS NOT NULL AND NEW.certificate_pdf_key IS DISTINCT FROM OLD.certificate_pdf_key) THEN
    RAISE EXCEPTION 'quote signature % is evidence: it is never changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER quote_signatures_keep_evidence BEFORE UPDATE OR DELETE ON quote_signatures
  FOR EACH ROW EXECUTE FUNCTION quote_signatures_keep_evidence();

ALTER TABLE magic_link_tokens ADD COLUMN document_kind varchar(20)
    CHECK (document_kind IS NULL OR document_kind IN ('quote', 'invoice', 'credit_note')),
  ADD COLUMN document_id uuid,
  ADD CONSTRAINT magic_link_tokens_document_pair CHECK ((document_kind IS NULL) = (document_id IS NULL));
${eventChecks(`${EVENTS_BEFORE}, ${CLIENT_EVENTS}`)}
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DELETE FROM outbox_events WHERE event_type IN (${CLIENT_EVENTS});
DELETE FROM workflow_trigger_executions WHERE event_type IN (${CLIENT_EVENTS});
DELETE FROM workflow_triggers WHERE trigger_event IN (${CLIENT_EVENTS});
${eventChecks(EVENTS_BEFORE)}
ALTER TABLE magic_link_tokens DROP CONSTRAINT magic_link_tokens_document_pair, DROP COLUMN document_id,
  DROP COLUMN document_kind;
DROP TABLE quote_signatures;
DROP FUNCTION quote_signatures_keep_evidence();
${invoiceGuard('')}
ALTER TABLE invoices DROP COLUMN checkout_started_at, DROP COLUMN viewed_at;
ALTER TABLE quotes DROP COLUMN decline_reason, DROP COLUMN declined_at, DROP COLUMN signed_at, DROP COLUMN viewed_at,
  DROP COLUMN contract;
`,
  );
