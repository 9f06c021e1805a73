import { type Migration, runSql } from '../migrator';

/**
 * Issue 45 §3: two-way sync with a member's CalDAV calendar (docs/booking.md, "CalDAV").
 *
 * - `calendar_connections`: a member's calendar (its collection URL, the user name, the password
 *   encrypted with PA_CREDENTIALS_KEY's cipher), the collection's ctag at the last sync, and how
 *   the last sync went. One row per member and calendar.
 * - `external_busy_times`: the busy time read from it, by calendar object (`href`, with the
 *   object's etag): a sync fetches only the objects whose etag changed and replaces their rows.
 *   The slot rules read them with the studio's own sessions and bookings.
 * - `calendar_event_copies`: the event a booking wrote into a connection (its href and etag), to
 *   move it on a reschedule and remove it on a cancellation.
 * All three under the studio's row-level security.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE calendar_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url varchar(2048) NOT NULL,
  username varchar(255) NOT NULL,
  secret_encrypted text NOT NULL,
  ctag varchar(1024),
  -- The end of the window the busy time was read for: a recurring event's later occurrences are
  -- read once the window has moved on (a whole read a day), not only when the event changes.
  synced_until timestamptz,
  last_synced_at timestamptz,
  last_error varchar(1000),
  last_error_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT calendar_connections_one_per_calendar UNIQUE (owner_id, member_id, url)
);
CREATE INDEX calendar_connections_owner_idx ON calendar_connections (owner_id, member_id);
SELECT studio_rls_enable('calendar_connections');

CREATE TABLE external_busy_times (
  id bigserial PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES calendar_connections(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  href varchar(2048) NOT NULL,
  etag varchar(1024),
  -- NULL: an object known (its etag kept) with no busy time in the window, so it is not read again.
  busy tstzrange CHECK (NOT isempty(busy))
);
CREATE INDEX external_busy_times_member_idx ON external_busy_times USING gist (owner_id, member_id, busy);
CREATE INDEX external_busy_times_object_idx ON external_busy_times (connection_id, href);
SELECT studio_rls_enable('external_busy_times');

CREATE TABLE calendar_event_copies (
  booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES calendar_connections(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  href varchar(2048) NOT NULL,
  etag varchar(1024),
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, connection_id)
);
SELECT studio_rls_enable('calendar_event_copies');`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP TABLE calendar_event_copies;
DROP TABLE external_busy_times;
DROP TABLE calendar_connections;`,
  );
