import { type Sequelize } from 'sequelize-typescript';
import { createMiniSessionEvent, joinWaitlist } from '../../db/commands/mini-sessions';
import {
  type BookingStudioRow,
  type BookingTypeRow,
  findBookingStudio,
  findBookingStudioById,
  findBookingType,
  findBusyTimes,
  studioMemberIds,
} from '../../db/queries/booking';
import { findMiniSessionEvent, listMiniSessionEvents, type MiniSessionEventRow } from '../../db/queries/mini-sessions';
import { localDate } from '../../domain/booking/local-time';
import { asStudio } from '../../db/studio-context';
import { type Interval } from '../../domain/booking/availability';
import { splitClientName } from '../../domain/booking/booking-client';
import { checkMiniSessionPlan, type MiniSessionPlan, miniSessionSlots } from '../../domain/booking/mini-sessions';
import { NotFoundError, ValidationError } from '../../domain/errors';
import {
  assertClientFields,
  type BookedSlot,
  type BookingAsk,
  placeBooking,
  type PublicBookingDeps,
  slotTaken,
} from './book-slot';

/**
 * A mini-session day (issue 45 §1) of one of the studio's bookable session types with one of its
 * members: 404 for a type or member not the studio's, 400 naming each problem of the plan.
 */
export async function createMiniSession(
  sequelize: Sequelize,
  orgId: string,
  plan: MiniSessionPlan & { name: string; session_type_id: string; member_id: string },
): Promise<MiniSessionEventRow> {
  if (!(await findBookingType(sequelize, orgId, plan.session_type_id))) throw new NotFoundError('Booking settings');
  if (!(await studioMemberIds(sequelize, orgId, [plan.member_id])).length) throw new NotFoundError('Member');
  const problems = checkMiniSessionPlan(plan);
  if (problems.length) throw new ValidationError('Validation failed', problems);
  const id = await createMiniSessionEvent(sequelize, orgId, plan);
  const event = await findMiniSessionEvent(sequelize, orgId, id);
  if (!event) throw new NotFoundError('Mini session');
  return event;
}

/** How many days the studio's list answers at most. */
const LISTED_DAYS = 200;

/** The studio's mini-session days from `fromDay` on (default: the studio's today), soonest first. */
export async function listMiniSessions(
  sequelize: Sequelize,
  orgId: string,
  fromDay: string | undefined,
): Promise<MiniSessionEventRow[]> {
  const studio = await findBookingStudioById(sequelize, orgId);
  if (!studio) throw new NotFoundError('Studio');
  const day = fromDay ?? localDate(new Date(), studio.time_zone);
  return listMiniSessionEvents(sequelize, orgId, { fromDay: day, bookableOnly: false, limit: LISTED_DAYS });
}

/** A studio's mini-session day by its public slug: the day, its type, and its slots free now (not past, not taken). */
async function publicMiniSession(sequelize: Sequelize, slug: string, eventId: string) {
  const studio = await findBookingStudio(sequelize, slug);
  if (!studio) throw new NotFoundError('Studio');
  return asStudio(studio.org_id, async () => {
    const event = await findMiniSessionEvent(sequelize, studio.org_id, eventId);
    const type = event && (await findBookingType(sequelize, studio.org_id, event.session_type_id));
    if (!event || !type || !type.enabled) throw new NotFoundError('Mini session');
    const slots = miniSessionSlots(event);
    const busy = await findBusyTimes(sequelize, {
      orgId: studio.org_id,
      ownerUserId: studio.owner_user_id,
      memberIds: [event.member_id],
      from: slots[0].start,
      to: slots[slots.length - 1].end,
    });
    const earliest = Date.now() + type.minimum_notice_minutes * 60_000;
    const free = slots.filter(
      (s) => s.start.getTime() >= earliest && !busy.some((b) => new Date(b.start) < s.end && new Date(b.end) > s.start),
    );
    return { studio, event, type, slots, free };
  });
}

/** The day and its free slots, with its studio and type, as the public page and the JSON route show them. */
export async function miniSessionPage(
  sequelize: Sequelize,
  slug: string,
  eventId: string,
): Promise<{
  studio: BookingStudioRow;
  type: BookingTypeRow;
  event: MiniSessionEventRow;
  slots: Interval[];
  free: Interval[];
  timeZone: string;
}> {
  const { studio, type, event, slots, free } = await publicMiniSession(sequelize, slug, eventId);
  return { studio, type, event, slots, free, timeZone: event.time_zone };
}

/**
 * A client books one slot of a mini-session day: as any booking (deposit, confirmation by hand,
 * the exclusion constraint), with the day's member and the slot exactly (the gap is its buffer).
 * 409 `slot_taken` with the slots still free (none: the day is full; join its waitlist).
 */
export async function bookMiniSlot(
  deps: PublicBookingDeps,
  slug: string,
  eventId: string,
  ask: BookingAsk,
  requestId?: string,
): Promise<BookedSlot> {
  const { studio, event, type, free } = await publicMiniSession(deps.sequelize, slug, eventId);
  return asStudio(studio.org_id, async () => {
    assertClientFields(studio, type, ask.client);
    const slot = free.find((s) => s.start.getTime() === ask.start.getTime());
    const placed =
      slot &&
      (await placeBooking(deps, studio, type, ask, {
        members: [event.member_id],
        blocked: slot,
        endsAt: slot.end,
        miniEventId: event.id,
        requestId,
      }));
    if (!placed) throw slotTaken(free.filter((s) => s.start.getTime() !== ask.start.getTime()));
    return placed;
  });
}

/** A client joins a mini-session day's waitlist: the next freed spot is offered to them (WAITLIST_OFFERED). */
export async function joinMiniWaitlist(
  sequelize: Sequelize,
  slug: string,
  eventId: string,
  client: { name: string; email: string; phone: string | null; time_zone: string },
  requestId?: string,
): Promise<void> {
  const { studio, event } = await publicMiniSession(sequelize, slug, eventId);
  await asStudio(studio.org_id, () =>
    joinWaitlist(
      sequelize,
      { orgId: studio.org_id, eventId: event.id, ...(requestId ? { requestId } : {}) },
      {
        ...splitClientName(client.name),
        name: client.name,
        email: client.email,
        phone: client.phone,
        street: null,
        zipcode: null,
        city: null,
        country: null,
        time_zone: client.time_zone,
        locale: null,
      },
    ),
  );
}
