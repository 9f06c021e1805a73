import { type Migration, runSql } from '../migrator';

/**
 * The outbox relay claims a batch instead of holding its rows locked while it talks to Temporal
 * (issue 29: no network call inside a transaction): `claimed_until` is the end of the claim. A
 * relay that dies mid-pass leaves its events to the next relay once the claim ends.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(context, 'ALTER TABLE outbox_events ADD COLUMN claimed_until timestamptz;');

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'ALTER TABLE outbox_events DROP COLUMN claimed_until;');
