import { type Migration, runSql } from '../migrator';

/**
 * Issue 32 §3: supplier invoices received through the studio's approved platform (PA), and the
 * studio's answer to each.
 *
 * - `purchase_invoices.received_via` (`upload` or `platform`) and `platform_flow_id`: the incoming
 *   flow a record was read from (unique per studio). `status` is the studio's answer: RECEIVED
 *   until it approves, disputes or refuses the invoice (domain/e-invoicing/buyer-decision.ts).
 * - `purchase_invoice_answers`: each answer with its reason and time, and when it went to the
 *   platform (the flow id of the status sent); never changed but for that.
 * - `platform_inbox`: each incoming flow handled once (read into a record, or the problem that made
 *   it unreadable: the platform keeps that file, read again by its flow id), and `platform_connections.inbox_read_at`, the start of the
 *   last pass that read the studio's incoming flows.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE purchase_invoices
  ADD COLUMN received_via varchar(10) NOT NULL DEFAULT 'upload' CHECK (received_via IN ('upload', 'platform')),
  ADD COLUMN platform_flow_id text,
  ADD COLUMN status varchar(10) NOT NULL DEFAULT 'RECEIVED' CHECK (status IN ('RECEIVED', 'APPROVED', 'DISPUTED', 'REFUSED')),
  ADD COLUMN status_reason text,
  ADD COLUMN status_changed_at timestamptz,
  ADD CONSTRAINT purchase_invoices_flow_once UNIQUE (owner_id, platform_flow_id);

CREATE TABLE purchase_invoice_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purchase_invoice_id uuid NOT NULL REFERENCES purchase_invoices(id) ON DELETE CASCADE,
  status varchar(10) NOT NULL CHECK (status IN ('APPROVED', 'DISPUTED', 'REFUSED')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_flow_id text,
  sent_at timestamptz
);
CREATE INDEX purchase_invoice_answers_invoice_idx ON purchase_invoice_answers (purchase_invoice_id, created_at);

CREATE TABLE platform_inbox (
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  flow_id text NOT NULL,
  purchase_invoice_id uuid REFERENCES purchase_invoices(id) ON DELETE SET NULL,
  problem text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, flow_id)
);

ALTER TABLE platform_connections ADD COLUMN inbox_read_at timestamptz;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE platform_connections DROP COLUMN inbox_read_at;
DROP TABLE platform_inbox;
DROP TABLE purchase_invoice_answers;
ALTER TABLE purchase_invoices
  DROP CONSTRAINT purchase_invoices_flow_once,
  DROP COLUMN status_changed_at,
  DROP COLUMN status_reason,
  DROP COLUMN status,
  DROP COLUMN platform_flow_id,
  DROP COLUMN received_via;
`,
  );
