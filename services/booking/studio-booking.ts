import { type Sequelize } from 'sequelize-typescript';
import { endBooking, saveBookingSettings, saveSchedule } from '../../db/commands/booking';
import {
  type BookingRow,
  type BookingTypeRow,
  findBooking,
  findBookingStudioById,
  findBookingType,
  findSchedules,
  listBookings,
  type ScheduleRow,
  studioMemberIds,
  studioOwnsSessionType,
} from '../../db/queries/booking';
import { findUser } from '../../db/queries/users';
import { type AvailabilitySchedule, checkSchedule } from '../../domain/booking/availability';
import {
  type BookingStatus,
  type BookingTypeSettings,
  checkBookingSettings,
} from '../../domain/booking/booking-settings';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { type BookingDeps, clientOf, confirmAndInvite } from './book-slot';

/** A member of the studio, or 404 as for a stranger. */
async function assertMember(sequelize: Sequelize, orgId: string, memberId: string): Promise<void> {
  const [found] = await studioMemberIds(sequelize, orgId, [memberId]);
  if (!found) throw new NotFoundError('Member');
}

/** A member's schedule; one never set is empty, in the member's own time zone. */
export async function memberSchedule(sequelize: Sequelize, orgId: string, memberId: string): Promise<ScheduleRow> {
  await assertMember(sequelize, orgId, memberId);
  const [schedule] = await findSchedules(sequelize, orgId, [memberId]);
  if (schedule) return schedule;
  const member = await findUser(sequelize, memberId);
  return { member_id: memberId, time_zone: member.time_zone, weekly: [], overrides: [], updated_at: new Date(0) };
}

/** Sets a member's weekly hours and overrides: 400 naming each problem (domain/booking/availability.ts). */
export async function setMemberSchedule(
  sequelize: Sequelize,
  orgId: string,
  memberId: string,
  schedule: Omit<AvailabilitySchedule, 'member_id'>,
): Promise<ScheduleRow> {
  await assertMember(sequelize, orgId, memberId);
  const problems = checkSchedule({ ...schedule, member_id: memberId });
  if (problems.length) throw new ValidationError('Validation failed', problems);
  await saveSchedule(sequelize, orgId, memberId, schedule);
  return memberSchedule(sequelize, orgId, memberId);
}

/** A session type's booking settings; 404 for a type that is not the studio's own or has none yet. */
export async function typeBooking(sequelize: Sequelize, orgId: string, sessionTypeId: string): Promise<BookingTypeRow> {
  const found = await findBookingType(sequelize, orgId, sessionTypeId);
  if (!found) throw new NotFoundError('Booking settings');
  return found;
}

/**
 * Sets a session type's booking settings (created on first save): 404 for a type that is not the
 * studio's own, 400 for settings that do not hold together or a member who is not the studio's.
 */
export async function setTypeBooking(
  sequelize: Sequelize,
  orgId: string,
  sessionTypeId: string,
  settings: BookingTypeSettings,
): Promise<BookingTypeRow> {
  if (!(await studioOwnsSessionType(sequelize, orgId, sessionTypeId))) throw new NotFoundError('Session type');
  const problems = checkBookingSettings(settings);
  const members = new Set(await studioMemberIds(sequelize, orgId, settings.member_ids));
  settings.member_ids.forEach((id, i) => {
    if (!members.has(id)) problems.push({ path: `member_ids.${i}`, message: 'Not a member of the studio' });
  });
  if (problems.length) throw new ValidationError('Validation failed', problems);
  await saveBookingSettings(sequelize, orgId, sessionTypeId, settings);
  return typeBooking(sequelize, orgId, sessionTypeId);
}

/** The studio's bookings starting in a range, by start; a member who works only their own sessions sees theirs. */
export function studioBookings(
  sequelize: Sequelize,
  orgId: string,
  filter: { from: Date; to: Date; status?: BookingStatus; memberId?: string },
): Promise<BookingRow[]> {
  return listBookings(sequelize, orgId, filter);
}

/** One of the studio's bookings, or 404. */
export async function studioBooking(sequelize: Sequelize, orgId: string, id: string): Promise<BookingRow> {
  const booking = await findBooking(sequelize, orgId, id);
  if (!booking) throw new NotFoundError('Booking');
  return booking;
}

/** The studio confirms a booking awaiting it: as a booking made at once (contact, session, questionnaire). */
export async function confirmPendingBooking(
  deps: BookingDeps,
  orgId: string,
  id: string,
  requestId?: string,
): Promise<BookingRow> {
  const booking = await studioBooking(deps.sequelize, orgId, id);
  if (booking.status === 'CONFIRMED') return booking;
  if (booking.status !== 'PENDING')
    throw new ConflictError('booking_closed', `A ${booking.status.toLowerCase()} booking cannot be confirmed`);
  const type = await findBookingType(deps.sequelize, orgId, booking.session_type_id);
  const studio = await findBookingStudioById(deps.sequelize, orgId);
  if (!studio) throw new NotFoundError('Studio');
  await confirmAndInvite(
    deps,
    studio,
    {
      name: booking.session_type_name,
      location_kind: type?.location_kind ?? 'STUDIO',
      location: type?.location ?? null,
    },
    id,
    clientOf(booking),
    requestId,
  );
  return studioBooking(deps.sequelize, orgId, id);
}

/**
 * The studio declines a booking awaiting it, or cancels a held, pending or confirmed one (its
 * session is cancelled with it): the time is free again. 409 `booking_closed` for one already ended.
 */
export async function endStudioBooking(
  sequelize: Sequelize,
  orgId: string,
  id: string,
  to: 'DECLINED' | 'CANCELLED',
  requestId?: string,
): Promise<BookingRow> {
  const booking = await studioBooking(sequelize, orgId, id);
  const from: BookingStatus[] = to === 'DECLINED' ? ['PENDING'] : ['HELD', 'PENDING', 'CONFIRMED'];
  if (!(await endBooking(sequelize, orgId, id, to, from, requestId)))
    throw new ConflictError(
      'booking_closed',
      `A ${booking.status.toLowerCase()} booking cannot be ${to.toLowerCase()}`,
    );
  return studioBooking(sequelize, orgId, id);
}
