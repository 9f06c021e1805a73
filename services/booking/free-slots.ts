import { type Sequelize } from 'sequelize-typescript';
import {
  type BookingStudioRow,
  type BookingTypeRow,
  findBusyTimes,
  findCountedBookings,
  findSchedules,
} from '../../db/queries/booking';
import { type SlotQuery, freeSlots, type Slot } from '../../domain/booking/slots';

/** The members a session type books: its own list, or the studio's owner when it names none. */
export const bookedMembers = (studio: BookingStudioRow, type: BookingTypeRow): string[] =>
  type.member_ids.length ? type.member_ids : [studio.owner_user_id];

/** A day on each side: the buffers and the limits' days reach past the range asked. */
const MARGIN_MS = 8 * 24 * 3600 * 1000;

/**
 * What the slot rules need for one session type between from and to, read in three statements:
 * the members' schedules, their busy times (sessions, holds, bookings), and the type's bookings
 * its limits count (over whole weeks around the range).
 */
export async function slotQuery(
  sequelize: Sequelize,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  range: { from: Date; to: Date; now: Date; exceptBookingId?: string },
): Promise<SlotQuery> {
  const memberIds = bookedMembers(studio, type);
  const except = range.exceptBookingId ? { exceptBookingId: range.exceptBookingId } : {};
  const wide = { from: new Date(range.from.getTime() - MARGIN_MS), to: new Date(range.to.getTime() + MARGIN_MS) };
  // One after another: a burst of clients (twenty on one slot) would otherwise ask the pool for
  // three connections each at once.
  const schedules = await findSchedules(sequelize, studio.org_id, memberIds);
  const busy = await findBusyTimes(sequelize, {
    orgId: studio.org_id,
    ownerUserId: studio.owner_user_id,
    memberIds,
    ...wide,
    ...except,
  });
  const counted = await findCountedBookings(sequelize, {
    orgId: studio.org_id,
    sessionTypeId: type.session_type_id,
    memberIds,
    ...wide,
    ...except,
  });
  return {
    schedules: schedules.map((s) => ({
      member_id: s.member_id,
      time_zone: s.time_zone,
      weekly: s.weekly,
      overrides: s.overrides,
    })),
    rules: type,
    busy,
    counted,
    now: range.now,
    from: range.from,
    to: range.to,
  };
}

/** The free slots of a session type between from and to, as the booking page offers them. */
export async function findFreeSlots(
  sequelize: Sequelize,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  range: { from: Date; to: Date; now: Date; exceptBookingId?: string },
): Promise<Slot[]> {
  return freeSlots(await slotQuery(sequelize, studio, type, range));
}
