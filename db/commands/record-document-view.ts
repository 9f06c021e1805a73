import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { recordDomainEvent } from './record-domain-event';

/**
 * The client's first open of a quote or invoice in the portal (issue 31 §5): `viewed_at` set once
 * (later opens change nothing) and QUOTE_VIEWED / INVOICE_VIEWED fired once, in one transaction.
 * The document's `updated_at` stays: a view is not a change (a quote's version is its last change).
 */
export async function recordDocumentView(
  sequelize: Sequelize,
  kind: 'quote' | 'invoice',
  document: { id: string; owner_id: string },
  requestId?: string,
): Promise<Date | null> {
  return sequelize.transaction(async (transaction) => {
    const table = kind === 'quote' ? 'quotes' : 'invoices';
    const rows = await sequelize.query<{ viewed_at: Date }>(
      `UPDATE ${table} SET viewed_at = now() WHERE id = $1 AND owner_id = $2 AND viewed_at IS NULL RETURNING viewed_at`,
      { bind: [document.id, document.owner_id], type: QueryTypes.SELECT, transaction },
    );
    if (rows.length === 0) return null;
    await recordDomainEvent(
      sequelize,
      {
        eventType: kind === 'quote' ? 'QUOTE_VIEWED' : 'INVOICE_VIEWED',
        entityType: kind === 'quote' ? 'QUOTE' : 'INVOICE',
        entityId: document.id,
        ownerId: document.owner_id,
        payload: { id: document.id, viewed_at: rows[0].viewed_at },
        requestId,
      },
      transaction,
    );
    return rows[0].viewed_at;
  });
}
