import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/**
 * Marks up to `batchSize` invoices that have just become overdue (issue 21 §2): issued, something
 * still due, the due date before today on the studio's calendar, not marked before. Each gets
 * `overdue_at` and one INVOICE_STATUS_CHANGED event with `is_overdue: true`, in one statement, so
 * triggers can act on it exactly once whatever runs the scan concurrently (rows are taken with
 * SKIP LOCKED). Answers how many were marked.
 */
export async function markOverdueInvoices(sequelize: Sequelize, batchSize: number): Promise<number> {
  const [row] = await sequelize.query<{ marked: number }>(
    `WITH due AS (
       SELECT i.id FROM invoices i JOIN organizations u ON u.id = i.owner_id
       WHERE i.status = 'ISSUED' AND i.balance_due > 0 AND i.overdue_at IS NULL
         AND i.due_date < (now() AT TIME ZONE u.time_zone)::date
       ORDER BY i.due_date, i.id
       LIMIT $1
       FOR UPDATE OF i SKIP LOCKED
     ), marked AS (
       UPDATE invoices i SET overdue_at = now() FROM due WHERE i.id = due.id RETURNING i.*
     ), events AS (
       INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload)
       SELECT 'INVOICE_STATUS_CHANGED', 'INVOICE', m.id, m.owner_id,
              to_jsonb(m) || jsonb_build_object('is_overdue', true, 'previous_status', m.status, 'previous_payment_status', m.payment_status)
       FROM marked m
     )
     SELECT count(*)::int AS marked FROM marked`,
    { bind: [batchSize], type: QueryTypes.SELECT },
  );
  return row.marked;
}
