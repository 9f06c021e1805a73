import { newSecretToken } from '../../domain/secret-token';
import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { type Sequelize } from 'sequelize-typescript';
import {
  type BookedContact,
  confirmBooking,
  endBooking,
  holdSlot,
  recordBookingCheckout,
} from '../../db/commands/booking';
import {
  type BookingRow,
  type BookingStudioRow,
  type BookingTypeRow,
  findBooking,
  findBookingStudio,
  findBookingType,
} from '../../db/queries/booking';
import { asStudio } from '../../db/studio-context';
import { type BookingClient, missingClientFields, splitClientName } from '../../domain/booking/booking-client';
import { depositMinor } from '../../domain/booking/booking-settings';
import { type Interval } from '../../domain/booking/availability';
import { blockedRange, freeSlots, isFreeSlot } from '../../domain/booking/slots';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { studioCurrency } from '../../domain/money/document-currency';
import { toMinorUnits } from '../../domain/money/currency';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { startDepositCheckout } from '../../lib/payments/booking-checkout';
import { clientLinkBase } from '../../domain/accounts/portal-host';
import { formatTimestampInZone } from '../../domain/wall-clock';
import { visitorLocale } from '../../domain/booking/visitor-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { SESSION_INFO_INVITE_JOB } from '../../workflows/session-info/contract';
import { bookedMembers, slotQuery } from './free-slots';
import { offerBookingContract } from './offer-booking-contract';

/** What booking needs besides the database: Temporal (the questionnaire's email) and the log. */
export interface BookingDeps {
  sequelize: Sequelize;
  temporal: Client;
  logger: Logger;
}

/** What a client's booking needs besides: the card provider for a deposit, and the client link hosts. */
export interface PublicBookingDeps extends BookingDeps {
  cardProvider: Stripe;
  config: Pick<Config, 'APP_BASE_URL' | 'TENANT_BASE_URL'>;
}

/** A studio's bookable type found from its public slug, or 404 for either. */
export async function findPublicType(
  sequelize: Sequelize,
  slug: string,
  sessionTypeId: string,
): Promise<{ studio: BookingStudioRow; type: BookingTypeRow }> {
  const studio = await findBookingStudio(sequelize, slug);
  if (!studio) throw new NotFoundError('Studio');
  const type = await asStudio(studio.org_id, () => findBookingType(sequelize, studio.org_id, sessionTypeId));
  if (!type || !type.enabled) throw new NotFoundError('Session type');
  return { studio, type };
}

/** The slots offered nearest to a taken one, for the 409 that tells the client to pick another. */
const OTHER_SLOTS = 6;
const DAY_MS = 24 * 3600 * 1000;

export async function otherSlots(
  sequelize: Sequelize,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  start: Date,
  now: Date,
) {
  const range = {
    from: new Date(Math.max(now.getTime(), start.getTime() - DAY_MS)),
    to: new Date(start.getTime() + 14 * DAY_MS),
    now,
  };
  const slots = freeSlots(await slotQuery(sequelize, studio, type, range));
  return slots
    .sort((a, b) => Math.abs(a.start.getTime() - start.getTime()) - Math.abs(b.start.getTime() - start.getTime()))
    .slice(0, OTHER_SLOTS)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** 409 `slot_taken`, with other free slots in `details.other_slots`. */
export const slotTaken = (others: readonly Interval[]) =>
  new ConflictError('slot_taken', 'This time is no longer free; pick another one', {
    other_slots: others.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
  });

/** A booking made: the row, the client's secret token (shown once) and what was created with it. */
export interface BookedSlot {
  booking: BookingRow;
  /** The client's link to their booking: given once, only its hash is kept. */
  token: string;
  /** Where the client pays the deposit while the slot is held; null when nothing is paid at booking. */
  checkoutUrl: string | null;
}

/** The location a booking's session is at: the type's, or the client's address for an on-site shoot. */
const sessionLocation = (type: BookingTypeRow, client: BookingClient): string | null =>
  type.location_kind === 'ON_SITE' ? client.address : type.location;

/**
 * A client books a slot (issue 45 §2). The start must be a slot the rules offer now (re-read, not
 * trusted from the page); the first free member of the type gets it. The hold is written under
 * the exclusion constraint, so of two clients on one slot exactly one gets it and the other a
 * 409 `slot_taken` with the nearest free slots. Then, by the type's settings:
 * - a deposit to pay: the slot stays HELD for `hold_minutes` while the client pays;
 * - the studio confirms by hand: PENDING, the time kept;
 * - else confirmed at once: the contact (matched by email or created), the session with the
 *   member as its lead, and the questionnaire's invitation when the type has one.
 */
/** What a client asks: a time, who they are, and their browser's languages (the booking's emails speak the first the service writes). */
export interface BookingAsk {
  start: Date;
  client: BookingClient;
  acceptLanguage?: string;
}

export async function bookSlot(
  deps: PublicBookingDeps,
  slug: string,
  sessionTypeId: string,
  ask: BookingAsk,
  requestId?: string,
): Promise<BookedSlot> {
  const { sequelize } = deps;
  const { studio, type } = await findPublicType(sequelize, slug, sessionTypeId);
  return asStudio(studio.org_id, async () => {
    assertClientFields(studio, type, ask.client);
    const now = new Date();
    const query = await slotQuery(sequelize, studio, type, {
      from: ask.start,
      to: new Date(ask.start.getTime() + 60_000),
      now,
    });
    const free = bookedMembers(studio, type).filter((m) => isFreeSlot(query, m, ask.start));
    const placed = await placeBooking(deps, studio, type, ask, {
      members: free,
      blocked: blockedRange(type, ask.start),
      endsAt: new Date(ask.start.getTime() + type.duration_minutes * 60_000),
      requestId,
    });
    if (!placed) throw slotTaken(await otherSlots(sequelize, studio, type, ask.start, now));
    return placed;
  });
}

/** The deposit a booking of the type asks, in minor units of the studio's currency. */
export const depositOf = (studio: BookingStudioRow, type: BookingTypeRow): bigint =>
  depositMinor(type, toMinorUnits(type.price, studioCurrency(studio)));

/** 400 naming each field the booking still lacks (the shoot's address on site, the postal address with a deposit). */
export function assertClientFields(studio: BookingStudioRow, type: BookingTypeRow, client: BookingClient): void {
  const missing = missingClientFields(client, {
    onSite: type.location_kind === 'ON_SITE',
    deposit: depositOf(studio, type) > 0n,
  });
  if (missing.length) throw new ValidationError('Validation failed', missing);
}

/**
 * Writes a booking of a time already found free for `members` (the first still free when the row is
 * written gets it: another client may have taken one meanwhile), then by the type's settings:
 * confirmed at once, awaiting the studio, or held while the deposit is paid (its checkout started).
 * Null when none of the members is free any more.
 */
export async function placeBooking(
  deps: PublicBookingDeps,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  ask: BookingAsk,
  at: { members: string[]; blocked: Interval; endsAt: Date; miniEventId?: string; requestId?: string },
): Promise<BookedSlot | null> {
  const { sequelize } = deps;
  const deposit = depositOf(studio, type);
  const { token, hash: tokenHash } = newSecretToken();
  // A contract to sign or a deposit to pay holds the slot while the client does; else it waits for the studio or is confirmed.
  const status = type.requires_confirmation && deposit === 0n && !type.contract ? 'PENDING' : 'HELD';
  const clientLocale = visitorLocale(ask.acceptLanguage, studio.locale);
  let held: { id: string } | null = null;
  for (const memberId of at.members) {
    held = await holdSlot(sequelize, {
      orgId: studio.org_id,
      sessionTypeId: type.session_type_id,
      memberId,
      status,
      startsAt: ask.start,
      endsAt: at.endsAt,
      blocked: at.blocked,
      // A request awaiting the studio keeps its time until the studio answers; a hold, while the client pays.
      expiresAt: status === 'HELD' ? new Date(Date.now() + type.hold_minutes * 60_000) : null,
      client: ask.client,
      contact: bookedContactOf(ask.client, studio, clientLocale),
      requestId: at.requestId,
      tokenHash,
      depositMinor: deposit > 0n ? deposit : null,
      currency: deposit > 0n ? studioCurrency(studio) : null,
      ...(at.miniEventId ? { miniEventId: at.miniEventId } : {}),
      clientLocale,
    });
    if (held) break;
  }
  if (!held) return null;
  if (type.contract) await offerContractOrFree(deps, studio, type, held.id, at.requestId);
  else if (deposit === 0n && !type.requires_confirmation)
    await confirmAndInvite(deps, studio, type, held.id, ask.client, at.requestId);
  // With a contract, the deposit is paid once it is signed (services/booking/booking-contract.ts).
  const checkoutUrl =
    deposit > 0n && !type.contract ? await depositCheckout(deps, studio, type, held.id, deposit, ask) : null;
  const booking = await findBooking(sequelize, studio.org_id, held.id);
  if (!booking) throw new NotFoundError('Booking');
  return { booking, token, checkoutUrl };
}

/** The contract offered for a new hold; a quote that cannot be made frees the slot at once. */
async function offerContractOrFree(
  deps: PublicBookingDeps,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  bookingId: string,
  requestId?: string,
) {
  try {
    await offerBookingContract(deps, studio, type, bookingId, requestId);
  } catch (err) {
    await endBooking(deps.sequelize, studio.org_id, bookingId, 'CANCELLED', ['HELD']);
    throw err;
  }
}

/**
 * The hosted checkout of a held slot's deposit, recorded on the booking (the webhook finds the
 * booking by it). A provider that does not answer frees the slot at once and answers 503.
 */
export async function depositCheckout(
  deps: PublicBookingDeps,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  bookingId: string,
  amountMinor: bigint,
  ask: { start: Date; client: BookingClient },
): Promise<string> {
  const currency = studioCurrency(studio);
  const base = clientLinkBase(
    { plan: studio.plan, tenant_slug: studio.slug },
    deps.config.APP_BASE_URL,
    deps.config.TENANT_BASE_URL,
  );
  try {
    const session = await startDepositCheckout(deps, {
      bookingId,
      orgId: studio.org_id,
      amountMinor,
      currency,
      label: `${type.name}, ${formatTimestampInZone(ask.start, ask.client.time_zone)}`,
      clientEmail: ask.client.email,
      locale: studio.locale,
      returnUrl: `${base}/portal/book/${encodeURIComponent(studio.slug ?? '')}?booking=${bookingId}`,
    });
    await recordBookingCheckout(deps.sequelize, bookingId, session.id);
    return session.url;
  } catch (err) {
    await endBooking(deps.sequelize, studio.org_id, bookingId, 'CANCELLED', ['HELD']);
    throw err;
  }
}

/** The client as their contact is written: the name split, their address in the studio's country. */
const bookedContactOf = (
  client: BookingClient,
  studio: BookingStudioRow,
  locale: UserLocale | null = null,
): BookedContact => ({
  ...splitClientName(client.name),
  email: client.email,
  phone: client.phone,
  street: client.street,
  zipcode: client.zipcode,
  city: client.city,
  country: studio.company_country ?? studio.country,
  time_zone: client.time_zone,
  // The language they booked in, when the booking knows it and it is not the studio's.
  locale: locale === studio.locale ? null : locale,
});

/** The client as a booking row keeps them. */
export const clientOf = (b: BookingRow): BookingClient => ({
  name: b.client_name,
  email: b.client_email,
  phone: b.client_phone,
  time_zone: b.client_time_zone,
  address: b.address,
  street: b.client_street,
  zipcode: b.client_zipcode,
  city: b.client_city,
  notes: b.notes,
});

/**
 * Confirms a booking (at once, after its deposit, or by the studio's hand) and emails the
 * questionnaire when its session has one: the invitation job, once per booking.
 */
export async function confirmAndInvite(
  deps: BookingDeps,
  studio: BookingStudioRow,
  type: Pick<BookingTypeRow, 'name' | 'location_kind' | 'location'>,
  bookingId: string,
  client: BookingClient,
  requestId?: string,
): Promise<void> {
  const made = await confirmBooking(deps.sequelize, studio.org_id, bookingId, {
    title: `${type.name} – ${client.name}`.slice(0, 255),
    location: sessionLocation(type as BookingTypeRow, client),
    client: bookedContactOf(client, studio),
    requestId,
  });
  if (!made?.confirmedNow || !made.questionnaire) return;
  await startJob(
    deps.sequelize,
    deps.temporal,
    SESSION_INFO_INVITE_JOB,
    `booking:${bookingId}`,
    { ownerId: studio.org_id, sessionId: made.sessionId, emailTemplateId: null, requestKey: `booking:${bookingId}` },
    { orgId: studio.org_id, userId: studio.owner_user_id, entityId: made.sessionId, requestId },
  );
}
