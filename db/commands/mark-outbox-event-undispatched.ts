import { type Sequelize } from 'sequelize-typescript';

/** Counts a failed attempt on a claimed event that stays in the outbox (taken again on the next pass). */
export async function markOutboxEventUndispatched(
  sequelize: Sequelize,
  eventId: string,
  message: string,
): Promise<void> {
  await sequelize.query('UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1', {
    bind: [eventId, message.slice(0, 2_000)],
  });
}
