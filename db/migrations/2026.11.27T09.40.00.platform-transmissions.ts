import { type Migration, runSql } from '../migrator';

/**
 * Issue 32 §2: an issued invoice or credit note transmitted to the studio's approved platform
 * (PA), and the lifecycle statuses that come back.
 *
 * - `platform_transmissions`: one row per document sent (kind and id unique): the platform's flow
 *   id, the status now and its reason. A table of its own rather than columns on invoices and
 *   credit_notes: an issued invoice is never updated (invoices_refuse_issued_change) and credit
 *   notes are append-only (credit_notes_append_only); what the platform says later is not part of
 *   the document.
 * - `platform_status_events`: the history, one row per status with its time and source
 *   (`platform`: read from the PA; `service`: sent by the service, Encaissée). A status seen twice
 *   (a second poll) is kept once (unique flow, status, time).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE platform_transmissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_kind varchar(20) NOT NULL CHECK (document_kind IN ('invoice', 'credit_note')),
  document_id uuid NOT NULL,
  flow_id text NOT NULL,
  status varchar(60) NOT NULL,
  reason text,
  cashed_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_kind, document_id),
  UNIQUE (flow_id)
);
CREATE INDEX platform_transmissions_owner_idx ON platform_transmissions (owner_id);

CREATE TABLE platform_status_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_kind varchar(20) NOT NULL CHECK (document_kind IN ('invoice', 'credit_note')),
  document_id uuid NOT NULL,
  flow_id text NOT NULL,
  status varchar(60) NOT NULL,
  reason text,
  at timestamptz NOT NULL,
  source varchar(20) NOT NULL CHECK (source IN ('platform', 'service')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (flow_id, status, at)
);
CREATE INDEX platform_status_events_document_idx ON platform_status_events (document_kind, document_id, at);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, `DROP TABLE platform_status_events; DROP TABLE platform_transmissions;`);
