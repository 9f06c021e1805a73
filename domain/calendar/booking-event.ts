import { type Calendar } from './ical-writer';

/** What a booking's event in its member's own calendar shows. */
export interface BookedTime {
  id: string;
  session_type_name: string;
  client_name: string;
  client_email: string;
  client_phone: string | null;
  address: string | null;
  notes: string | null;
  starts_at: Date;
  ends_at: Date;
}

/**
 * A confirmed booking as the event written into its member's own calendar (CalDAV): the session
 * type and the client's name (the member's private calendar, signed into, unlike a feed's secret
 * address), the client's address when the shoot is on site, and how to reach them. Its UID is
 * stable (`booking-<id>@<host>`), so a reschedule moves the same event.
 */
export function bookingEvent(booking: BookedTime, host: string, now: Date): Calendar {
  const description = [
    `Client: ${booking.client_name} <${booking.client_email}>`,
    booking.client_phone ? `Phone: ${booking.client_phone}` : null,
    booking.notes ? `Notes: ${booking.notes}` : null,
  ].filter((line): line is string => line !== null);
  return {
    productId: '-//Studio service//Bookings//EN',
    name: booking.session_type_name,
    timeZone: null,
    events: [
      {
        uid: `booking-${booking.id}@${host}`,
        stamp: now,
        start: booking.starts_at,
        end: booking.ends_at,
        summary: `${booking.session_type_name} · ${booking.client_name}`,
        location: booking.address,
        description: description.join('\n'),
        lastModified: now,
        status: 'CONFIRMED',
      },
    ],
  };
}
