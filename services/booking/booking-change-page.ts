import { type Sequelize } from 'sequelize-typescript';
import { type BookingRow, type BookingStudioRow, type BookingTypeRow } from '../../db/queries/booking';
import { clientChangeRefusal } from '../../domain/booking/change-policy';
import { type Slot } from '../../domain/booking/slots';
import { withClientBooking } from './booking-page';
import { findFreeSlots } from './free-slots';

/** What the client's page of their booking shows: the booking, whether it may change now, and where it may move. */
export interface BookingChangeView {
  booking: BookingRow;
  studio: BookingStudioRow;
  type: BookingTypeRow;
  /** Why it cannot change now (past the notice, ended), or null. */
  refusal: string | null;
  /** Free slots of its type with its member in the range asked (its own time not in the way); none when it cannot move. */
  slots: Slot[];
}

/**
 * The client's page of their booking by its token (issue 45 §2: rescheduling and cancelling from
 * the portal): the booking, the studio's policy now, and a range of free slots to move it to, read
 * as the studio. 404 for an unknown token.
 */
export async function bookingChangeView(
  sequelize: Sequelize,
  token: string,
  /** The range of slots shown, from the booking (its client's clock). */
  rangeOf: (booking: BookingRow) => { from: Date; to: Date },
): Promise<BookingChangeView> {
  return withClientBooking(sequelize, token, async ({ booking, studio, type }) => {
    const range = rangeOf(booking);
    const now = new Date();
    const refusal = clientChangeRefusal(booking, type.change_notice_hours, now);
    const movable = refusal === null && booking.status !== 'HELD';
    const slots = movable
      ? (await findFreeSlots(sequelize, studio, type, { ...range, now, exceptBookingId: booking.id })).filter(
          (s) => s.member_ids.includes(booking.member_id) && s.start.getTime() !== booking.starts_at.getTime(),
        )
      : [];
    return { booking, studio, type, refusal, slots };
  });
}
