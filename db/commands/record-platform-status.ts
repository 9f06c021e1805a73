import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

export interface PlatformStatusInput {
  ownerId: string;
  documentKind: 'invoice' | 'credit_note';
  documentId: string;
  flowId: string;
  status: string;
  reason: string | null;
  /** When the platform says the status was reached. */
  at: string;
  source: 'platform' | 'service';
  requestId?: string | null;
}

/**
 * Records a lifecycle status of a transmitted document, in one statement: its history row (a
 * status already recorded at that time is kept once, so a second poll or a retry writes nothing),
 * the transmission's current status, and for an invoice an INVOICE_STATUS_CHANGED outbox event
 * carrying `platform_status` (triggers match it; the relay announces it to the studio app).
 * Answers whether the status was new.
 */
export async function recordPlatformStatus(sequelize: Sequelize, input: PlatformStatusInput): Promise<boolean> {
  const rows = await sequelize.query<{ id: string }>(
    `
WITH event AS (
  INSERT INTO platform_status_events (owner_id, document_kind, document_id, flow_id, status, reason, at, source)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  ON CONFLICT (flow_id, status, at) DO NOTHING
  RETURNING id
), transmission AS (
  INSERT INTO platform_transmissions (owner_id, document_kind, document_id, flow_id, status, reason)
  SELECT $1, $2, $3, $4, $5, $6 FROM event
  ON CONFLICT (document_kind, document_id) DO UPDATE
    SET status = EXCLUDED.status, reason = EXCLUDED.reason, flow_id = EXCLUDED.flow_id, updated_at = now()
  RETURNING id
), announced AS (
  INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
  SELECT 'INVOICE_STATUS_CHANGED', 'INVOICE', i.id, $1,
         to_jsonb(i) || jsonb_build_object('previous_status', i.status, 'platform_status', $5::text,
           'platform_status_reason', $6::text, 'platform_flow_id', $4::text),
         $9
  FROM invoices i, event
  WHERE $2 = 'invoice' AND i.id = $3 AND i.owner_id = $1
)
SELECT id FROM event`,
    {
      bind: [
        input.ownerId,
        input.documentKind,
        input.documentId,
        input.flowId,
        input.status,
        input.reason,
        input.at,
        input.source,
        input.requestId ?? null,
      ],
      type: QueryTypes.SELECT,
    },
  );
  return rows.length > 0;
}
