import { type BookingStatus } from './booking-settings';

/**
 * What a client may still change of their booking (issue 45 §2), by the session type's notice: a
 * hold they have not paid, any time (it only frees the slot); a booking awaiting the studio or
 * confirmed, until `change_notice_hours` before it starts. A deposit paid stays the studio's (a
 * retainer, as studios write in their terms); the studio refunds it by a credit note if it wishes.
 */
export function clientChangeRefusal(
  booking: { status: BookingStatus; starts_at: Date },
  changeNoticeHours: number,
  now: Date,
): string | null {
  if (booking.status === 'HELD') return null;
  if (booking.status !== 'PENDING' && booking.status !== 'CONFIRMED')
    return `This booking is ${booking.status.toLowerCase()}: it can no longer change`;
  const latest = new Date(booking.starts_at).getTime() - changeNoticeHours * 3600_000;
  if (now.getTime() > latest)
    return `A booking can be changed until ${changeNoticeHours} hours before it starts; contact the studio`;
  return null;
}
