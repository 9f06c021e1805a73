import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale, type UserPlan } from '../../domain/accounts/users';
import { type DayHours, type DateOverride, type WeeklyHours } from '../../domain/booking/availability';
import { type BookingStatus, type BookingTypeSettings } from '../../domain/booking/booking-settings';
import { selectRows as rows } from '../select-rows';
import { studioNameSql } from './studios';

/** A studio as its public booking page shows it: found by its tenant slug. */
export interface BookingStudioRow {
  org_id: string;
  name: string;
  slug: string | null;
  plan: UserPlan;
  time_zone: string;
  locale: UserLocale;
  country: string | null;
  /** The studio's currency (its profile's, else its country's): the deposit's. */
  currency: string | null;
  company_country: string | null;
  /** Whether its company profile keeps tax rates (issue 30 §2): a booked line then takes one as the studio's own lines do. */
  keeps_tax_rates: boolean;
  /** The studio's owner: the member a session type without members books. */
  owner_user_id: string;
}

const STUDIO_SELECT = `SELECT u.id AS org_id, ${studioNameSql('c', 'u')} AS name,
   u.tenant_slug AS slug, u.plan, u.time_zone, u.locale, u.country, c.currency, c.company_country,
   coalesce(jsonb_array_length(c.tax_rates) > 0, false) AS keeps_tax_rates,
   (SELECT m.user_id FROM memberships m WHERE m.org_id = u.id AND m.role = 'owner' LIMIT 1) AS owner_user_id
 FROM organizations u LEFT JOIN user_company c ON c.user_id = u.id`;

/** The studio whose public tenant slug this is (slugs are lower case), or null. */
export async function findBookingStudio(sequelize: Sequelize, slug: string): Promise<BookingStudioRow | null> {
  if (!/^[a-z0-9-]{1,63}$/.test(slug)) return null;
  const [row] = await rows<BookingStudioRow>(sequelize, `${STUDIO_SELECT} WHERE u.tenant_slug = $1`, [slug]);
  return row ?? null;
}

/** The same facts of a studio by its id, or null. */
export async function findBookingStudioById(sequelize: Sequelize, orgId: string): Promise<BookingStudioRow | null> {
  const [row] = await rows<BookingStudioRow>(sequelize, `${STUDIO_SELECT} WHERE u.id = $1`, [orgId]);
  return row ?? null;
}

/** A session type's booking settings with what the booking page shows of the type. */
export interface BookingTypeRow extends BookingTypeSettings {
  session_type_id: string;
  owner_id: string;
  name: string;
  description: string | null;
  /** Price with tax, decimal text in the studio's currency. */
  price: string;
  /** The type's VAT rate, decimal text: a booked line carries it where the studio's law charges one VAT a line (domain/booking/booked-line-tax.ts). */
  vat_percentage: string;
  session_info_template_id: string | null;
}

const TYPE_COLUMNS = `b.session_type_id, b.owner_id, t.name, t.description, t.price, t.vat_percentage,
  t.default_session_info_template_id AS session_info_template_id, b.enabled, b.duration_minutes,
  b.buffer_before_minutes, b.buffer_after_minutes, b.increment_minutes, b.minimum_notice_minutes,
  b.booking_window_days, b.daily_limit, b.weekly_limit, b.location_kind, b.location, b.deposit_kind,
  b.deposit_amount_minor::text AS deposit_amount_minor, b.deposit_percentage::text AS deposit_percentage,
  b.requires_confirmation, b.hold_minutes, b.member_ids, b.change_notice_hours, b.contract`;

/** One session type's booking settings in the studio, or null when it has none. */
export async function findBookingType(
  sequelize: Sequelize,
  orgId: string,
  sessionTypeId: string,
  transaction?: Transaction,
): Promise<BookingTypeRow | null> {
  const [row] = await rows<BookingTypeRow>(
    sequelize,
    `SELECT ${TYPE_COLUMNS} FROM session_type_booking b JOIN user_session_types t ON t.id = b.session_type_id
     WHERE b.owner_id = $1 AND b.session_type_id = $2`,
    [orgId, sessionTypeId],
    transaction,
  );
  return row ?? null;
}

/** The studio's session types open to booking, in display order. */
export function listBookableTypes(sequelize: Sequelize, orgId: string): Promise<BookingTypeRow[]> {
  return rows<BookingTypeRow>(
    sequelize,
    `SELECT ${TYPE_COLUMNS} FROM session_type_booking b JOIN user_session_types t ON t.id = b.session_type_id
     WHERE b.owner_id = $1 AND b.enabled AND t.is_active ORDER BY t.display_order, t.name, t.id`,
    [orgId],
  );
}

/** Whether the session type is one of the studio's own (not a system default). */
export async function studioOwnsSessionType(sequelize: Sequelize, orgId: string, sessionTypeId: string) {
  const [row] = await rows<{ id: string }>(
    sequelize,
    'SELECT id FROM user_session_types WHERE id = $1 AND owner_id = $2',
    [sessionTypeId, orgId],
  );
  return !!row;
}

/** A member's availability schedule as stored. */
export interface ScheduleRow {
  member_id: string;
  time_zone: string;
  weekly: WeeklyHours[];
  overrides: DateOverride[];
  updated_at: Date;
}

/** The schedules of these members of the studio (a member without one has none in the answer). */
export function findSchedules(
  sequelize: Sequelize,
  orgId: string,
  memberIds: readonly string[],
): Promise<ScheduleRow[]> {
  return rows<ScheduleRow>(
    sequelize,
    `SELECT user_id AS member_id, time_zone, weekly, overrides, updated_at FROM availability_schedules
     WHERE owner_id = $1 AND user_id = ANY($2::uuid[]) ORDER BY user_id`,
    [orgId, memberIds],
  );
}

/** The ids of the studio's members among these (who a session type may book). */
export async function studioMemberIds(sequelize: Sequelize, orgId: string, ids: readonly string[]): Promise<string[]> {
  const found = await rows<{ user_id: string }>(
    sequelize,
    'SELECT user_id FROM memberships WHERE org_id = $1 AND user_id = ANY($2::uuid[])',
    [orgId, ids],
  );
  return found.map((m) => m.user_id);
}

/** A booking that keeps its time now: awaiting the studio, confirmed, or held and not past its time. */
const LIVE_NOW = `(status IN ('PENDING', 'CONFIRMED') OR (status = 'HELD' AND expires_at > now()))`;

/** A member's busy time as the slot rules read it. */
export interface BusyRow {
  member_id: string;
  start: Date;
  end: Date;
}

/**
 * Every busy time of these members between from and to: the live bookings (held, awaiting the
 * studio, confirmed; their buffers included), and the studio's sessions not made by a booking
 * and not cancelled, those assigned to the member, and those assigned to nobody for the studio's
 * owner (a studio of one never assigns its own sessions); and the busy time read from the members'
 * CalDAV calendars (issue 45 §3), but for the events the bookings wrote there themselves (their
 * bookings count above, as they are now). A held booking past its time is free.
 */
export function findBusyTimes(
  sequelize: Sequelize,
  at: {
    orgId: string;
    ownerUserId: string;
    memberIds: readonly string[];
    from: Date;
    to: Date;
    /** A booking being moved: its own time (and its session's) is not in its way. */
    exceptBookingId?: string;
  },
): Promise<BusyRow[]> {
  return rows<BusyRow>(
    sequelize,
    `SELECT member_id, lower(blocked) AS start, upper(blocked) AS end FROM bookings
       WHERE owner_id = $1 AND member_id = ANY($2::uuid[]) AND blocked && tstzrange($3, $4)
         AND ${LIVE_NOW}
         AND id IS DISTINCT FROM $6::uuid
     UNION ALL
     SELECT coalesce(a.user_id, $5::uuid) AS member_id, s.start_date AS start,
            coalesce(s.end_date, s.start_date + interval '1 hour') AS end
       FROM sessions s LEFT JOIN session_assignments a ON a.session_id = s.id
       WHERE s.owner_id = $1 AND s.status <> 'CANCELLED' AND s.start_date IS NOT NULL
         AND s.start_date < $4 AND coalesce(s.end_date, s.start_date + interval '1 hour') > $3
         AND (a.user_id = ANY($2::uuid[]) OR (a.user_id IS NULL AND $5::uuid = ANY($2::uuid[])))
         AND NOT EXISTS (SELECT 1 FROM bookings k WHERE k.session_id = s.id)
     UNION ALL
     SELECT member_id, lower(busy) AS start, upper(busy) AS end FROM external_busy_times
       WHERE owner_id = $1 AND member_id = ANY($2::uuid[]) AND busy && tstzrange($3, $4)
         AND NOT EXISTS (SELECT 1 FROM calendar_event_copies c
                          WHERE c.connection_id = external_busy_times.connection_id AND c.href = external_busy_times.href)`,
    [at.orgId, at.memberIds, at.from, at.to, at.ownerUserId, at.exceptBookingId ?? null],
  );
}

/** The live bookings of one session type by these members from `from` to `to`: what its limits count. */
export function findCountedBookings(
  sequelize: Sequelize,
  at: {
    orgId: string;
    sessionTypeId: string;
    memberIds: readonly string[];
    from: Date;
    to: Date;
    exceptBookingId?: string;
  },
): Promise<{ member_id: string; start: Date }[]> {
  return rows<{ member_id: string; start: Date }>(
    sequelize,
    `SELECT member_id, starts_at AS start FROM bookings
     WHERE owner_id = $1 AND session_type_id = $2 AND member_id = ANY($3::uuid[]) AND starts_at >= $4 AND starts_at < $5
       AND ${LIVE_NOW}
       AND id IS DISTINCT FROM $6::uuid`,
    [at.orgId, at.sessionTypeId, at.memberIds, at.from, at.to, at.exceptBookingId ?? null],
  );
}

/** A booking as the studio and the client see it. */
export interface BookingRow {
  id: string;
  owner_id: string;
  session_type_id: string;
  session_type_name: string;
  member_id: string;
  member_name: string | null;
  status: BookingStatus;
  starts_at: Date;
  ends_at: Date;
  expires_at: Date | null;
  client_name: string;
  client_email: string;
  client_phone: string | null;
  client_time_zone: string;
  address: string | null;
  client_street: string | null;
  client_zipcode: string | null;
  client_city: string | null;
  notes: string | null;
  contact_id: string | null;
  session_id: string | null;
  invoice_id: string | null;
  /** The quote made for the client to sign at booking (a type with a contract), if any. */
  quote_id: string | null;
  deposit_amount_minor: string | null;
  currency: string | null;
  checkout_session_id: string | null;
  confirmed_at: Date | null;
  cancelled_at: Date | null;
  created_at: Date;
}

// A hold past its time is EXPIRED as soon as it ends, whether or not a new hold wrote it yet.
const STATUS_NOW = `CASE WHEN k.status = 'HELD' AND k.expires_at <= now() THEN 'EXPIRED' ELSE k.status END`;
const BOOKING_COLUMNS = `k.id, k.owner_id, k.session_type_id, t.name AS session_type_name, k.member_id, u.name AS member_name,
  ${STATUS_NOW} AS status, k.starts_at, k.ends_at, k.expires_at, k.client_name, k.client_email, k.client_phone, k.client_time_zone,
  k.address, k.client_street, k.client_zipcode, k.client_city, k.notes, k.contact_id, k.session_id, k.invoice_id, k.quote_id, k.deposit_amount_minor::text AS deposit_amount_minor,
  k.currency, k.checkout_session_id, k.confirmed_at, k.cancelled_at, k.created_at`;
const BOOKING_FROM = `bookings k JOIN user_session_types t ON t.id = k.session_type_id JOIN users u ON u.id = k.member_id`;

/** One of the studio's bookings, or null. */
export async function findBooking(sequelize: Sequelize, orgId: string, id: string, transaction?: Transaction) {
  const [row] = await rows<BookingRow>(
    sequelize,
    `SELECT ${BOOKING_COLUMNS} FROM ${BOOKING_FROM} WHERE k.owner_id = $1 AND k.id = $2`,
    [orgId, id],
    transaction,
  );
  return row ?? null;
}

/**
 * The booking a client's secret token names (its sha-256), whatever its studio, or null: the token
 * the booking answered, or one of the links its emails carried (booking_links).
 */
export async function findBookingByTokenHash(sequelize: Sequelize, tokenHash: string): Promise<BookingRow | null> {
  const [row] = await rows<BookingRow>(
    sequelize,
    `SELECT ${BOOKING_COLUMNS} FROM ${BOOKING_FROM}
      WHERE k.id = coalesce((SELECT id FROM bookings WHERE token_hash = $1),
                            (SELECT booking_id FROM booking_links WHERE token_hash = $1))`,
    [tokenHash],
  );
  return row ?? null;
}

/** The booking a hosted checkout session pays, whatever its studio, or null. */
export async function findBookingByCheckoutSession(sequelize: Sequelize, checkoutSessionId: string) {
  const [row] = await rows<BookingRow>(
    sequelize,
    `SELECT ${BOOKING_COLUMNS} FROM ${BOOKING_FROM} WHERE k.checkout_session_id = $1`,
    [checkoutSessionId],
  );
  return row ?? null;
}

/** The studio's bookings starting between from and to (a member's own when `memberId`), by start. */
export function listBookings(
  sequelize: Sequelize,
  orgId: string,
  filter: { from: Date; to: Date; status?: BookingStatus; memberId?: string },
): Promise<BookingRow[]> {
  return rows<BookingRow>(
    sequelize,
    `SELECT ${BOOKING_COLUMNS} FROM ${BOOKING_FROM}
     WHERE k.owner_id = $1 AND k.starts_at >= $2 AND k.starts_at < $3
       AND ($4::varchar IS NULL OR (${STATUS_NOW}) = $4) AND ($5::uuid IS NULL OR k.member_id = $5)
     ORDER BY k.starts_at, k.id LIMIT 1000`,
    [orgId, filter.from, filter.to, filter.status ?? null, filter.memberId ?? null],
  );
}

export type { DayHours };
