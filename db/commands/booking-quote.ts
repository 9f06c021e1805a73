import { type Sequelize } from 'sequelize-typescript';
import { AuditLog } from '../models/AuditLog';
import { selectRows as rows } from '../select-rows';
import { numberedQuoteIn } from './number-quote-for-sending';
import { recordDomainEvent } from './record-domain-event';

/**
 * Offers a held booking's quote to its client to sign (issue 45 §2), in one transaction: the quote
 * numbered and SENT (the client reads it on the booking's page, not by email), an audit row and
 * QUOTE_STATUS_CHANGED through the outbox as for a quote sent by email, and the booking pointing
 * at it.
 */
export async function offerBookingQuote(
  sequelize: Sequelize,
  orgId: string,
  bookingId: string,
  quoteId: string,
  requestId?: string,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const quote = await numberedQuoteIn(sequelize, orgId, quoteId, transaction);
    const from = quote.status;
    await quote.update({ status: 'SENT' }, { transaction });
    await AuditLog.create(
      {
        actor_id: orgId,
        action: 'UPDATE',
        entity_type: 'QUOTE',
        entity_id: quoteId,
        resource_owner_id: orgId,
        request_id: requestId ?? null,
        metadata: { changed: ['status'], status: { from, to: 'SENT' }, booking_id: bookingId },
      },
      { transaction },
    );
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'QUOTE_STATUS_CHANGED',
        entityType: 'QUOTE',
        entityId: quoteId,
        ownerId: orgId,
        payload: { ...(quote.get({ plain: true }) as Record<string, unknown>), previous_status: from },
        requestId,
      },
      transaction,
    );
    await rows(
      sequelize,
      'UPDATE bookings SET quote_id = $3, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING id',
      [bookingId, orgId, quoteId],
      transaction,
    );
  });
}

/** A held booking's hold restarted for `minutes` from now (its client signed and goes on to pay); false when it is no longer held. */
export async function extendBookingHold(
  sequelize: Sequelize,
  orgId: string,
  bookingId: string,
  minutes: number,
): Promise<boolean> {
  const held = await rows(
    sequelize,
    `UPDATE bookings SET expires_at = now() + make_interval(mins => $3), updated_at = now()
     WHERE id = $1 AND owner_id = $2 AND status = 'HELD' RETURNING id`,
    [bookingId, orgId, minutes],
  );
  return held.length > 0;
}
