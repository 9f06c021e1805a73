import { type Sequelize } from 'sequelize-typescript';
import { selectRows as rows } from '../select-rows';

/** Keeps the hash of a new link to a booking's page (the token itself goes only into the email). */
export async function recordBookingLink(
  sequelize: Sequelize,
  link: { bookingId: string; ownerId: string; tokenHash: string },
): Promise<void> {
  await rows(
    sequelize,
    `INSERT INTO booking_links (token_hash, booking_id, owner_id) VALUES ($1, $2, $3) RETURNING 1`,
    [link.tokenHash, link.bookingId, link.ownerId],
  );
}
