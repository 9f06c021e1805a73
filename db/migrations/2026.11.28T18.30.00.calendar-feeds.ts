import { type Migration, runSql } from '../migrator';

/**
 * Issue 45 §3: calendar feeds (docs/booking.md, "Calendar feeds"). One feed for the studio
 * (`user_id` null: every session) and one per member (the sessions they are assigned to), each
 * found by the SHA-256 of its secret, the only trace of the secret kept. Rotating replaces the
 * hash in place, so the old address stops at once. The studio's setting
 * `calendar_feed_client_names` (on its row of users, where its settings live: docs/teams.md) puts
 * the client's name in the events.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE calendar_feeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  token_hash char(64) NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_read_at timestamptz
);
CREATE UNIQUE INDEX calendar_feeds_one_per_holder ON calendar_feeds (owner_id, user_id) NULLS NOT DISTINCT;
SELECT studio_rls_enable('calendar_feeds');
ALTER TABLE users ADD COLUMN calendar_feed_client_names boolean NOT NULL DEFAULT false;`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE users DROP COLUMN calendar_feed_client_names;
DROP TABLE calendar_feeds;`,
  );
