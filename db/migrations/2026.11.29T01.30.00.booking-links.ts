import { type Migration, runSql } from '../migrator';

/**
 * Issue 45 §2: the links to a client's booking page (/portal/booking/{token}) that its emails carry.
 * Each email makes a token of its own and keeps only its SHA-256 here (never the token, in a job's
 * payload or a log); the booking's own token (answered when it was made) stays valid beside them.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE booking_links (
  token_hash char(64) PRIMARY KEY,
  booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_links_booking_idx ON booking_links (booking_id);
SELECT studio_rls_enable('booking_links');`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, `DROP TABLE booking_links;`);
