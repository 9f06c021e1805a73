import { type Sequelize } from 'sequelize-typescript';
import { endBooking, moveBooking } from '../../db/commands/booking';
import { type BookingRow, findBooking } from '../../db/queries/booking';
import { asStudio } from '../../db/studio-context';
import { clientChangeRefusal } from '../../domain/booking/change-policy';
import { blockedRange, isFreeSlot } from '../../domain/booking/slots';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { otherSlots, slotTaken } from './book-slot';
import { withClientBooking } from './booking-page';
import { slotQuery } from './free-slots';

/** The booking a client's token names, its studio and type, and what the policy says of a change now. */
function changeable(sequelize: Sequelize, token: string) {
  return withClientBooking(sequelize, token, async (context) => {
    const refusal = clientChangeRefusal(context.booking, context.type.change_notice_hours, new Date());
    if (refusal) throw new ConflictError('booking_closed', refusal);
    return context;
  });
}

const reread = async (sequelize: Sequelize, booking: BookingRow): Promise<BookingRow> => {
  const now = await asStudio(booking.owner_id, () => findBooking(sequelize, booking.owner_id, booking.id));
  if (!now) throw new NotFoundError('Booking');
  return now;
};

/**
 * The client cancels their booking by its token, within the type's notice (domain/booking/
 * change-policy.ts): its session is cancelled with it, BOOKING_CANCELLED is recorded, the time is
 * free again. 409 `booking_closed` past the notice or once ended.
 */
export async function cancelClientBooking(sequelize: Sequelize, token: string, requestId?: string) {
  const { booking } = await changeable(sequelize, token);
  const ended = await asStudio(booking.owner_id, () =>
    endBooking(sequelize, booking.owner_id, booking.id, 'CANCELLED', ['HELD', 'PENDING', 'CONFIRMED'], requestId),
  );
  if (!ended) throw new ConflictError('booking_closed', 'This booking can no longer change');
  return reread(sequelize, booking);
}

/**
 * The client moves their booking to another free slot of its type with the same member, within
 * the notice: the booking, its session (the tasks timed on it follow) and BOOKING_RESCHEDULED in
 * one transaction. 409 `slot_taken` with other slots when the time is not free (its own time does
 * not count against it), `booking_closed` past the notice or for a hold (a hold is booked again).
 */
export async function rescheduleClientBooking(sequelize: Sequelize, token: string, start: Date, requestId?: string) {
  const { booking, studio, type } = await changeable(sequelize, token);
  if (booking.status === 'HELD')
    throw new ConflictError('booking_closed', 'A held time is not moved: book another one');
  return asStudio(booking.owner_id, async () => {
    const now = new Date();
    const query = await slotQuery(sequelize, studio, type, {
      from: start,
      to: new Date(start.getTime() + 60_000),
      now,
      exceptBookingId: booking.id,
    });
    const taken = async () => slotTaken(await otherSlots(sequelize, studio, type, start, now));
    if (!isFreeSlot(query, booking.member_id, start)) throw await taken();
    const moved = await moveBooking(
      sequelize,
      booking.owner_id,
      booking.id,
      {
        startsAt: start,
        endsAt: new Date(start.getTime() + type.duration_minutes * 60_000),
        blocked: blockedRange(type, start),
      },
      requestId,
    );
    if (moved === null) throw await taken();
    if (!moved) throw new ConflictError('booking_closed', 'This booking can no longer change');
    return reread(sequelize, booking);
  });
}
