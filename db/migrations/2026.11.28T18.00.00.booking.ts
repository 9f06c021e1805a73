import { type Migration, runSql } from '../migrator';

/**
 * Issue 45 §1 and §2: clients book their own shoots (docs/booking.md).
 *
 * - `availability_schedules`: one per member of a studio, weekly hours and date overrides in the
 *   member's zone (domain/booking/availability.ts reads them).
 * - `session_type_booking`: a session type's booking settings (duration, buffers, increment, notice,
 *   window, limits, location, deposit, the members whose schedules it uses, confirmation by hand).
 * - `bookings`: a client's hold on a slot, then their booking. `blocked` is the slot with its
 *   buffers; the exclusion constraint refuses two live bookings of one member whose blocked ranges
 *   overlap, whichever process writes them: two clients can never book one slot. A hold past its
 *   time is set EXPIRED before a new hold of that member is written, and by the sweep.
 *
 * btree_gist gives the constraint `member_id WITH =` (a trusted extension since PostgreSQL 13: the
 * database's owner may create it).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE availability_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  time_zone varchar(64) NOT NULL,
  weekly jsonb NOT NULL DEFAULT '[]',
  overrides jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_id, user_id)
);
SELECT studio_rls_enable('availability_schedules');

CREATE TABLE session_type_booking (
  session_type_id uuid PRIMARY KEY REFERENCES user_session_types(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 1440),
  buffer_before_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_before_minutes BETWEEN 0 AND 720),
  buffer_after_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_after_minutes BETWEEN 0 AND 720),
  increment_minutes integer NOT NULL DEFAULT 30 CHECK (increment_minutes BETWEEN 5 AND 1440),
  minimum_notice_minutes integer NOT NULL DEFAULT 1440 CHECK (minimum_notice_minutes BETWEEN 0 AND 525600),
  booking_window_days integer NOT NULL DEFAULT 90 CHECK (booking_window_days BETWEEN 1 AND 730),
  daily_limit integer CHECK (daily_limit > 0),
  weekly_limit integer CHECK (weekly_limit > 0),
  location_kind varchar(16) NOT NULL DEFAULT 'STUDIO' CHECK (location_kind IN ('STUDIO', 'ON_SITE', 'ONLINE')),
  location varchar(255),
  deposit_kind varchar(16) NOT NULL DEFAULT 'NONE' CHECK (deposit_kind IN ('NONE', 'AMOUNT', 'PERCENTAGE')),
  deposit_amount_minor bigint CHECK (deposit_amount_minor > 0),
  deposit_percentage numeric(5, 2) CHECK (deposit_percentage > 0 AND deposit_percentage <= 100),
  requires_confirmation boolean NOT NULL DEFAULT false,
  hold_minutes integer NOT NULL DEFAULT 10 CHECK (hold_minutes BETWEEN 2 AND 120),
  change_notice_hours integer NOT NULL DEFAULT 48 CHECK (change_notice_hours BETWEEN 0 AND 8760),
  member_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT studio_rls_enable('session_type_booking');

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  session_type_id uuid NOT NULL REFERENCES user_session_types(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status varchar(16) NOT NULL CHECK (status IN ('HELD', 'PENDING', 'CONFIRMED', 'DECLINED', 'CANCELLED', 'EXPIRED')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  blocked tstzrange NOT NULL,
  expires_at timestamptz,
  client_name varchar(255) NOT NULL,
  client_email varchar(255) NOT NULL,
  client_phone varchar(50),
  client_time_zone varchar(64) NOT NULL,
  address varchar(500),
  client_street varchar(255),
  client_zipcode varchar(20),
  client_city varchar(255),
  notes text,
  token_hash char(64) NOT NULL UNIQUE,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  session_id uuid REFERENCES sessions(id) ON DELETE SET NULL,
  deposit_amount_minor bigint,
  currency char(3),
  checkout_session_id varchar(255) UNIQUE,
  invoice_id uuid REFERENCES invoices(id) ON DELETE SET NULL,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bookings_no_double_booking EXCLUDE USING gist (member_id WITH =, blocked WITH &&)
    WHERE (status IN ('HELD', 'PENDING', 'CONFIRMED'))
);
CREATE INDEX bookings_studio_idx ON bookings (owner_id, starts_at);
CREATE INDEX bookings_held_idx ON bookings (expires_at) WHERE status = 'HELD';
SELECT studio_rls_enable('bookings');`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'DROP TABLE bookings; DROP TABLE session_type_booking; DROP TABLE availability_schedules;');
