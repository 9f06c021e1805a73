import { type BookingNews } from '../booking/booking-email';
import { type Calendar } from './ical-writer';

/** What a booking's invitation shows. */
export interface InvitedBooking {
  id: string;
  session_type_name: string;
  client_name: string;
  client_email: string;
  address: string | null;
  starts_at: Date;
  ends_at: Date;
  studio_name: string;
  studio_email: string;
}

/**
 * A booking as the calendar invitation its client's email carries (iTIP, RFC 5546): METHOD REQUEST
 * for a confirmed or moved booking, CANCEL for a cancelled one; the studio as ORGANIZER, the
 * client as ATTENDEE; the same UID as the event in the member's own calendar
 * (`booking-<id>@<host>`), and a SEQUENCE that grows with each change, so a calendar app updates
 * or removes the event it added rather than adding another.
 */
export function bookingInvitation(
  booking: InvitedBooking,
  news: BookingNews,
  at: { host: string; sequence: number; now: Date },
): Calendar & { method: 'REQUEST' | 'CANCEL' } {
  const cancelled = news === 'cancelled';
  return {
    productId: '-//Studio service//Bookings//EN',
    name: booking.studio_name,
    timeZone: null,
    method: cancelled ? 'CANCEL' : 'REQUEST',
    events: [
      {
        uid: `booking-${booking.id}@${at.host}`,
        stamp: at.now,
        start: booking.starts_at,
        end: booking.ends_at,
        summary: `${booking.session_type_name} · ${booking.studio_name}`,
        location: booking.address,
        description: null,
        lastModified: at.now,
        status: cancelled ? 'CANCELLED' : 'CONFIRMED',
        sequence: at.sequence,
        organizer: { name: booking.studio_name, email: booking.studio_email },
        attendee: { name: booking.client_name, email: booking.client_email },
      },
    ],
  };
}
