import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type DateOverride, type WeeklyHours } from '../../domain/booking/availability';
import { type BookingStatus, type BookingTypeSettings } from '../../domain/booking/booking-settings';
import { type UserLocale } from '../../domain/accounts/users';
import { type BookingClient } from '../../domain/booking/booking-client';
import { Session } from '../models/Session';
import { recordDomainEvent } from './record-domain-event';
import { assignCreator } from './session-assignments';
import { typeDefaults } from './sessions';
import { writeSessionUpdate } from './update-session';
import { offerFreedSpot } from './mini-sessions';
import { type BookedContact, matchOrCreateContact } from './booked-contact';
import { selectRows as rows } from '../select-rows';

export type { BookedContact };

/** PostgreSQL's exclusion_violation: the constraint `bookings_no_double_booking` refused the row. */
const EXCLUSION_VIOLATION = '23P01';

const isExclusionViolation = (err: unknown): boolean =>
  !!err &&
  typeof err === 'object' &&
  'parent' in err &&
  (err as { parent?: { code?: string } }).parent?.code === EXCLUSION_VIOLATION;

/** Writes a member's weekly hours and overrides (one schedule per member of a studio). */
export async function saveSchedule(
  sequelize: Sequelize,
  orgId: string,
  memberId: string,
  schedule: { time_zone: string; weekly: WeeklyHours[]; overrides: DateOverride[] },
): Promise<void> {
  await rows(
    sequelize,
    `INSERT INTO availability_schedules (owner_id, user_id, time_zone, weekly, overrides)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
     ON CONFLICT (owner_id, user_id) DO UPDATE
       SET time_zone = EXCLUDED.time_zone, weekly = EXCLUDED.weekly, overrides = EXCLUDED.overrides, updated_at = now()
     RETURNING id`,
    [orgId, memberId, schedule.time_zone, JSON.stringify(schedule.weekly), JSON.stringify(schedule.overrides)],
  );
}

/** Writes a session type's booking settings (created on first save). */
export async function saveBookingSettings(
  sequelize: Sequelize,
  orgId: string,
  sessionTypeId: string,
  s: BookingTypeSettings,
): Promise<void> {
  await rows(
    sequelize,
    `INSERT INTO session_type_booking (session_type_id, owner_id, enabled, duration_minutes, buffer_before_minutes,
       buffer_after_minutes, increment_minutes, minimum_notice_minutes, booking_window_days, daily_limit, weekly_limit,
       location_kind, location, deposit_kind, deposit_amount_minor, deposit_percentage, requires_confirmation,
       hold_minutes, member_ids, change_notice_hours, contract)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::uuid[], $20, $21)
     ON CONFLICT (session_type_id) DO UPDATE SET enabled = EXCLUDED.enabled, duration_minutes = EXCLUDED.duration_minutes,
       buffer_before_minutes = EXCLUDED.buffer_before_minutes, buffer_after_minutes = EXCLUDED.buffer_after_minutes,
       increment_minutes = EXCLUDED.increment_minutes, minimum_notice_minutes = EXCLUDED.minimum_notice_minutes,
       booking_window_days = EXCLUDED.booking_window_days, daily_limit = EXCLUDED.daily_limit,
       weekly_limit = EXCLUDED.weekly_limit, location_kind = EXCLUDED.location_kind, location = EXCLUDED.location,
       deposit_kind = EXCLUDED.deposit_kind, deposit_amount_minor = EXCLUDED.deposit_amount_minor,
       deposit_percentage = EXCLUDED.deposit_percentage, requires_confirmation = EXCLUDED.requires_confirmation,
       hold_minutes = EXCLUDED.hold_minutes, member_ids = EXCLUDED.member_ids,
       change_notice_hours = EXCLUDED.change_notice_hours, contract = EXCLUDED.contract, updated_at = now()
     RETURNING session_type_id`,
    [
      sessionTypeId,
      orgId,
      s.enabled,
      s.duration_minutes,
      s.buffer_before_minutes,
      s.buffer_after_minutes,
      s.increment_minutes,
      s.minimum_notice_minutes,
      s.booking_window_days,
      s.daily_limit,
      s.weekly_limit,
      s.location_kind,
      s.location,
      s.deposit_kind,
      s.deposit_amount_minor,
      s.deposit_percentage,
      s.requires_confirmation,
      s.hold_minutes,
      s.member_ids,
      s.change_notice_hours,
      s.contract,
    ],
  );
}

/**
 * A booking's event for automations (issue 45 §4), in the caller's transaction: `booking.*` as
 * domain/workflow-triggers/fields.ts lists them, about the session it made (BOOKING_CONFIRMED) or
 * the client's contact (the others).
 */
async function recordBookingEvent(
  sequelize: Sequelize,
  transaction: Transaction,
  eventType: 'BOOKING_CREATED' | 'BOOKING_CONFIRMED' | 'BOOKING_RESCHEDULED' | 'BOOKING_CANCELLED',
  bookingId: string,
  requestId?: string,
  sessionId?: string,
): Promise<void> {
  const [facts] = await rows<{ owner_id: string; contact_id: string | null; booking: Record<string, unknown> }>(
    sequelize,
    `SELECT k.owner_id, k.contact_id, json_build_object('id', k.id, 'status', k.status, 'start', k.starts_at,
       'end', k.ends_at, 'session_type_id', k.session_type_id, 'session_type_name', t.name, 'member_id', k.member_id,
       'member_name', u.name, 'client_time_zone', k.client_time_zone,
       'deposit_minor', coalesce(k.deposit_amount_minor, 0)) AS booking
     FROM bookings k JOIN user_session_types t ON t.id = k.session_type_id JOIN users u ON u.id = k.member_id
     WHERE k.id = $1`,
    [bookingId],
    transaction,
  );
  const aboutSession = eventType === 'BOOKING_CONFIRMED' || eventType === 'BOOKING_RESCHEDULED';
  const entityId = aboutSession ? sessionId : facts?.contact_id;
  if (!facts || !entityId) return;
  await recordDomainEvent(
    sequelize,
    {
      eventType,
      entityType: aboutSession ? 'SESSION' : 'CONTACT',
      entityId,
      ownerId: facts.owner_id,
      payload: { booking: facts.booking },
      requestId,
    },
    transaction,
  );
}

/** A hold (or a booking made at once) as the service decided it. */
export interface NewBooking {
  orgId: string;
  sessionTypeId: string;
  memberId: string;
  status: Extract<BookingStatus, 'HELD' | 'PENDING'>;
  startsAt: Date;
  endsAt: Date;
  /** The slot with its buffers: what no other live booking of the member may overlap. */
  blocked: { start: Date; end: Date };
  expiresAt: Date | null;
  client: BookingClient;
  /** The client as their contact is matched or written (the studio's contact from the first step: a lead even if they never pay). */
  contact: BookedContact;
  tokenHash: string;
  requestId?: string;
  depositMinor: bigint | null;
  currency: string | null;
  /** The mini-session day it is a slot of (db/commands/mini-sessions.ts), if any. */
  miniEventId?: string;
  /** The language the client booked in: the booking's emails speak it. */
  clientLocale: UserLocale;
}

/**
 * Writes a hold on a slot, or null when another live booking of the member overlaps it (the
 * exclusion constraint decides, whichever process wrote first). The member's holds past their
 * time that overlap are set EXPIRED first, in the same transaction: an abandoned hold frees its slot.
 */
export async function holdSlot(sequelize: Sequelize, b: NewBooking): Promise<{ id: string } | null> {
  try {
    return await sequelize.transaction(async (transaction) => {
      await rows(
        sequelize,
        `UPDATE bookings SET status = 'EXPIRED', updated_at = now()
         WHERE owner_id = $1 AND member_id = $2 AND status = 'HELD' AND expires_at <= now()
           AND blocked && tstzrange($3, $4) RETURNING id`,
        [b.orgId, b.memberId, b.blocked.start, b.blocked.end],
        transaction,
      );
      const contact = await matchOrCreateContact(
        sequelize,
        transaction,
        { orgId: b.orgId, requestId: b.requestId },
        b.contact,
      );
      const [row] = await rows<{ id: string }>(
        sequelize,
        `INSERT INTO bookings (owner_id, session_type_id, member_id, status, starts_at, ends_at, blocked, expires_at,
           client_name, client_email, client_phone, client_time_zone, address, notes, token_hash,
           deposit_amount_minor, currency, client_street, client_zipcode, client_city, contact_id, mini_event_id,
           client_locale)
         VALUES ($1, $2, $3, $4, $5, $6, tstzrange($7, $8), $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
         RETURNING id`,
        [
          b.orgId,
          b.sessionTypeId,
          b.memberId,
          b.status,
          b.startsAt,
          b.endsAt,
          b.blocked.start,
          b.blocked.end,
          b.expiresAt,
          b.client.name,
          b.client.email,
          b.client.phone,
          b.client.time_zone,
          b.client.address,
          b.client.notes,
          b.tokenHash,
          b.depositMinor?.toString() ?? null,
          b.currency,
          b.client.street,
          b.client.zipcode,
          b.client.city,
          contact.id,
          b.miniEventId ?? null,
          b.clientLocale,
        ],
        transaction,
      );
      await recordBookingEvent(sequelize, transaction, 'BOOKING_CREATED', row.id, b.requestId);
      return row;
    });
  } catch (err) {
    if (isExclusionViolation(err)) return null;
    throw err;
  }
}

/** Records the hosted checkout session that pays a hold. */
export async function recordBookingCheckout(sequelize: Sequelize, bookingId: string, checkoutSessionId: string) {
  await rows(sequelize, 'UPDATE bookings SET checkout_session_id = $2, updated_at = now() WHERE id = $1 RETURNING id', [
    bookingId,
    checkoutSessionId,
  ]);
}

/** What confirming a booking made: the contact (matched or new) and the session. */
export interface ConfirmedBooking {
  contactId: string;
  sessionId: string;
  createdContact: boolean;
  /** False when the booking was already confirmed (a retried webhook, a second press). */
  confirmedNow: boolean;
  /** Whether the new session has a questionnaire to send. */
  questionnaire: boolean;
}

/** The session a booking makes, with its SESSION_CREATED event (the booking's id in its payload). */
async function createBookedSession(
  sequelize: Sequelize,
  transaction: Transaction,
  at: { orgId: string; bookingId: string; requestId?: string },
  booking: {
    session_type_id: string;
    starts_at: Date;
    ends_at: Date;
    notes: string | null;
    title: string;
    location: string | null;
    contact_id: string;
  },
): Promise<Session> {
  const { orgId } = at;
  const defaults = await typeDefaults(booking.session_type_id, orgId, transaction);
  const session = await Session.create(
    {
      ...defaults,
      owner_id: orgId,
      title: booking.title,
      status: 'VALIDATED',
      start_date: booking.starts_at,
      end_date: booking.ends_at,
      location: booking.location,
      notes: booking.notes,
      contact_id: booking.contact_id,
      user_session_type_id: booking.session_type_id,
    },
    { transaction },
  );
  await recordDomainEvent(
    sequelize,
    {
      eventType: 'SESSION_CREATED',
      entityType: 'SESSION',
      entityId: session.id,
      ownerId: orgId,
      payload: { ...session.get({ plain: true }), booking_id: at.bookingId },
      requestId: at.requestId,
    },
    transaction,
  );
  return session;
}

/**
 * Confirms a held or pending booking in one transaction: the client's contact (matched by email,
 * or created), the session at the booking's time with its type, location and questionnaire, the
 * member as its lead (SESSION_CREATED and SESSION_ASSIGNED, which automations see), and the
 * booking CONFIRMED. A booking already confirmed answers what it made; one declined, cancelled or
 * expired answers null.
 */
export async function confirmBooking(
  sequelize: Sequelize,
  orgId: string,
  bookingId: string,
  made: {
    title: string;
    location: string | null;
    client: BookedContact;
    requestId?: string;
  },
): Promise<ConfirmedBooking | null> {
  return sequelize.transaction(async (transaction) => {
    const [booking] = await rows<{
      status: BookingStatus;
      session_type_id: string;
      member_id: string;
      starts_at: Date;
      ends_at: Date;
      notes: string | null;
      contact_id: string | null;
      session_id: string | null;
    }>(
      sequelize,
      `SELECT status, session_type_id, member_id, starts_at, ends_at, notes, contact_id, session_id
       FROM bookings WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
      [bookingId, orgId],
      transaction,
    );
    if (!booking) return null;
    if (booking.status === 'CONFIRMED' && booking.session_id)
      return {
        contactId: booking.contact_id ?? '',
        sessionId: booking.session_id,
        createdContact: false,
        confirmedNow: false,
        questionnaire: false,
      };
    if (booking.status !== 'HELD' && booking.status !== 'PENDING') return null;
    const at = { orgId, requestId: made.requestId };
    const contact = booking.contact_id
      ? { id: booking.contact_id, created: false }
      : await matchOrCreateContact(sequelize, transaction, at, made.client);
    const session = await createBookedSession(
      sequelize,
      transaction,
      { orgId, bookingId, requestId: made.requestId },
      {
        ...booking,
        title: made.title,
        location: made.location,
        contact_id: contact.id,
      },
    );
    await assignCreator(
      sequelize,
      transaction,
      { orgId, sessionId: session.id, requestId: made.requestId },
      booking.member_id,
    );
    await rows(
      sequelize,
      `UPDATE bookings SET status = 'CONFIRMED', confirmed_at = now(), expires_at = NULL, contact_id = $2,
         session_id = $3, updated_at = now() WHERE id = $1 RETURNING id`,
      [bookingId, contact.id, session.id],
      transaction,
    );
    await recordBookingEvent(sequelize, transaction, 'BOOKING_CONFIRMED', bookingId, made.requestId, session.id);
    return {
      contactId: contact.id,
      sessionId: session.id,
      createdContact: contact.created,
      confirmedNow: true,
      questionnaire: !!session.session_info_template_id,
    };
  });
}

/**
 * Ends a booking: DECLINED or CANCELLED (its time is free again) from the statuses given; its
 * session, if any, is cancelled with it. Answers whether it changed.
 */
export async function endBooking(
  sequelize: Sequelize,
  orgId: string,
  bookingId: string,
  to: Extract<BookingStatus, 'DECLINED' | 'CANCELLED'>,
  from: readonly BookingStatus[],
  requestId?: string,
): Promise<boolean> {
  return sequelize.transaction(async (transaction) => {
    const [ended] = await rows<{ session_id: string | null; mini_event_id: string | null }>(
      sequelize,
      `UPDATE bookings SET status = $3, cancelled_at = now(), updated_at = now()
       WHERE id = $1 AND owner_id = $2 AND status = ANY($4::varchar[]) RETURNING session_id, mini_event_id`,
      [bookingId, orgId, to, from],
      transaction,
    );
    if (!ended) return false;
    await recordBookingEvent(sequelize, transaction, 'BOOKING_CANCELLED', bookingId, requestId);
    if (ended.mini_event_id) await offerFreedSpot(sequelize, transaction, orgId, ended.mini_event_id, requestId);
    if (ended.session_id)
      await rows(
        sequelize,
        `UPDATE sessions SET status = 'CANCELLED', updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING id`,
        [ended.session_id, orgId],
        transaction,
      );
    return true;
  });
}

/**
 * Links a booking to its deposit invoice, unless a retry linked one first: answers the invoice the
 * booking now has.
 */
export async function linkBookingInvoice(sequelize: Sequelize, orgId: string, bookingId: string, invoiceId: string) {
  const [linked] = await rows<{ invoice_id: string }>(
    sequelize,
    `UPDATE bookings SET invoice_id = coalesce(invoice_id, $3), updated_at = now()
     WHERE id = $1 AND owner_id = $2 RETURNING invoice_id`,
    [bookingId, orgId, invoiceId],
  );
  return linked?.invoice_id ?? invoiceId;
}

/**
 * Holds again a booking whose hold ended before its deposit came in (EXPIRED, or HELD past its time
 * and not yet swept), if its time is still free (the exclusion constraint decides): answers whether it did.
 */
export async function reviveBookingHold(sequelize: Sequelize, orgId: string, bookingId: string): Promise<boolean> {
  try {
    const [revived] = await rows<{ id: string }>(
      sequelize,
      `UPDATE bookings SET status = 'HELD', expires_at = now() + interval '10 minutes', updated_at = now()
       WHERE id = $1 AND owner_id = $2 AND status IN ('EXPIRED', 'HELD') RETURNING id`,
      [bookingId, orgId],
    );
    return !!revived;
  } catch (err) {
    if (isExclusionViolation(err)) return false;
    throw err;
  }
}

/**
 * Moves a live booking to another time, with its session (SESSION_RESCHEDULED moves the tasks
 * timed on it) and BOOKING_RESCHEDULED, in one transaction: null when another booking of the
 * member overlaps the new time (the exclusion constraint decides), false when the booking is no
 * longer live, true when moved.
 */
export async function moveBooking(
  sequelize: Sequelize,
  orgId: string,
  bookingId: string,
  to: { startsAt: Date; endsAt: Date; blocked: { start: Date; end: Date } },
  requestId?: string,
): Promise<boolean | null> {
  try {
    return await sequelize.transaction(async (transaction) => {
      const [moved] = await rows<{ session_id: string | null }>(
        sequelize,
        `UPDATE bookings SET starts_at = $3, ends_at = $4, blocked = tstzrange($5, $6), updated_at = now()
         WHERE id = $1 AND owner_id = $2 AND status IN ('PENDING', 'CONFIRMED') RETURNING session_id`,
        [bookingId, orgId, to.startsAt, to.endsAt, to.blocked.start, to.blocked.end],
        transaction,
      );
      if (!moved) return false;
      if (moved.session_id)
        await writeSessionUpdate(
          sequelize,
          transaction,
          orgId,
          moved.session_id,
          { start_date: to.startsAt, end_date: to.endsAt },
          requestId,
        );
      await recordBookingEvent(
        sequelize,
        transaction,
        'BOOKING_RESCHEDULED',
        bookingId,
        requestId,
        moved.session_id ?? undefined,
      );
      return true;
    });
  } catch (err) {
    if (isExclusionViolation(err)) return null;
    throw err;
  }
}

/** A held booking whose deposit is paid now waits for the studio's answer (PENDING), its time kept. */
export async function awaitStudio(sequelize: Sequelize, orgId: string, bookingId: string): Promise<void> {
  await rows(
    sequelize,
    `UPDATE bookings SET status = 'PENDING', expires_at = NULL, updated_at = now()
     WHERE id = $1 AND owner_id = $2 AND status = 'HELD' RETURNING id`,
    [bookingId, orgId],
  );
}

/** Sets EXPIRED every hold past its time (the sweep; a new hold also expires those in its way). */
export async function expireHolds(sequelize: Sequelize): Promise<number> {
  const expired = await rows<{ id: string }>(
    sequelize,
    `UPDATE bookings SET status = 'EXPIRED', updated_at = now() WHERE status = 'HELD' AND expires_at <= now() RETURNING id`,
    [],
  );
  return expired.length;
}
