import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { recordDomainEvent } from './record-domain-event';

/**
 * The client started paying an invoice from the portal (issue 31 §5): `checkout_started_at` set to
 * now and CHECKOUT_STARTED fired (with the method and amount), in one transaction.
 */
export async function recordCheckoutStarted(
  sequelize: Sequelize,
  invoice: { id: string; owner_id: string },
  checkout: { method: 'card' | 'wallet'; amount: string; currency: string },
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const [row] = await sequelize.query<{ checkout_started_at: Date }>(
      'UPDATE invoices SET checkout_started_at = now() WHERE id = $1 AND owner_id = $2 RETURNING checkout_started_at',
      { bind: [invoice.id, invoice.owner_id], type: QueryTypes.SELECT, transaction },
    );
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'CHECKOUT_STARTED',
        entityType: 'INVOICE',
        entityId: invoice.id,
        ownerId: invoice.owner_id,
        payload: { id: invoice.id, checkout_started_at: row?.checkout_started_at ?? null, ...checkout },
      },
      transaction,
    );
  });
}
