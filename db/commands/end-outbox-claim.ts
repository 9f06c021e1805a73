import { type Sequelize } from 'sequelize-typescript';

/** Ends a relay's claim on `claimedIds`: those in `dispatchedIds` are dispatched, the rest free for the next pass. */
export async function endOutboxClaim(
  sequelize: Sequelize,
  claimedIds: string[],
  dispatchedIds: string[],
): Promise<void> {
  await sequelize.query(
    `UPDATE outbox_events
        SET dispatched_at = CASE WHEN id = ANY($2::bigint[]) THEN now() ELSE dispatched_at END,
            attempts = CASE WHEN id = ANY($2::bigint[]) THEN attempts + 1 ELSE attempts END,
            last_error = CASE WHEN id = ANY($2::bigint[]) THEN NULL ELSE last_error END,
            claimed_until = NULL
      WHERE id = ANY($1::bigint[])`,
    { bind: [claimedIds, dispatchedIds] },
  );
}
