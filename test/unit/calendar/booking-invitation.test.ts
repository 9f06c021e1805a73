// A booking's calendar invitation (iTIP, RFC 5546) and its email (issue 45 §3): METHOD, a stable
// UID and a growing SEQUENCE; ORGANIZER and ATTENDEE whatever the names hold; the email on the
// client's clock and the studio's.
import fc from 'fast-check';
import { bookingEmail } from '../../../domain/booking/booking-email';
import { bookingInvitation, type InvitedBooking } from '../../../domain/calendar/booking-invitation';
import { writeCalendar } from '../../../domain/calendar/ical-writer';

const booking = (over: Partial<InvitedBooking> = {}): InvitedBooking => ({
  id: '7b0c7a8e-1111-4c3b-9a51-0d9b1f5a2c11',
  session_type_name: 'Portrait',
  client_name: 'Inès Moreau',
  client_email: 'ines@client.test',
  address: null,
  starts_at: new Date('2026-12-07T09:00:00Z'),
  ends_at: new Date('2026-12-07T10:00:00Z'),
  studio_name: 'Atelier Lumière',
  studio_email: 'bonjour@atelier.test',
  ...over,
});
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const lineOf = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((l) => l.startsWith(name));

describe('bookingInvitation', () => {
  it('asks to add a confirmed booking and to remove a cancelled one, under one UID', () => {
    const at = { host: 'studio.example', now: new Date('2026-11-29T10:00:00Z') };
    const request = writeCalendar(bookingInvitation(booking(), 'confirmed', { ...at, sequence: 0 }));
    const cancel = writeCalendar(bookingInvitation(booking(), 'cancelled', { ...at, sequence: 3600 }));
    expect(lineOf(request, 'METHOD')).toBe('METHOD:REQUEST');
    expect(lineOf(cancel, 'METHOD')).toBe('METHOD:CANCEL');
    expect(lineOf(request, 'UID')).toBe(lineOf(cancel, 'UID'));
    expect(lineOf(request, 'UID')).toBe('UID:booking-7b0c7a8e-1111-4c3b-9a51-0d9b1f5a2c11@studio.example');
    expect(lineOf(cancel, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(lineOf(cancel, 'SEQUENCE')).toBe('SEQUENCE:3600');
    expect(lineOf(request, 'ORGANIZER')).toBe('ORGANIZER;CN="Atelier Lumière":mailto:bonjour@atelier.test');
  });

  it('keeps ORGANIZER and ATTENDEE one parameter and one address, whatever the names hold', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (studio, client) => {
        const ics = writeCalendar(
          bookingInvitation(booking({ studio_name: studio, client_name: client }), 'confirmed', {
            host: 'studio.example',
            sequence: 1,
            now: new Date(),
          }),
        );
        for (const name of ['ORGANIZER', 'ATTENDEE']) {
          const line = lineOf(ics, name)!;
          // One quoted CN value, no quote or line break inside it, then the address.
          // eslint-disable-next-line no-control-regex
          expect(line).toMatch(/^[A-Z]+;CN="[^"\r\n\u0000-\u001f]*"(;[A-Z-]+=[A-Z-]+)*:mailto:\S+$/);
        }
      }),
    );
  });
});

describe('bookingEmail', () => {
  const facts = {
    studioName: 'Atelier Lumière',
    clientName: 'Inès Moreau',
    sessionTypeName: 'Portrait',
    start: new Date('2026-12-07T09:00:00Z'),
    end: new Date('2026-12-07T10:00:00Z'),
    clientTimeZone: 'America/Toronto',
    studioTimeZone: 'Europe/Paris',
    address: '3 rue des Lilas, 75011 Paris',
    locale: 'fr-FR',
    link: 'https://studio.example/portal/booking/abc',
  };

  it('tells the time on the client’s clock, and on the studio’s when it differs', () => {
    const email = bookingEmail('fr-FR', 'confirmed', facts);
    expect(email.subject).toBe('Votre réservation est confirmée · Atelier Lumière');
    expect(email.text).toContain('04:00–05:00 (America/Toronto)');
    expect(email.text).toContain('10:00–11:00 (Europe/Paris)');
    expect(email.text).toContain('Adresse : 3 rue des Lilas, 75011 Paris');
    expect(email.text).toContain(
      'annuler (selon les conditions du studio) :\nhttps://studio.example/portal/booking/abc',
    );
    const same = bookingEmail('en-US', 'cancelled', {
      ...facts,
      clientTimeZone: 'Europe/Paris',
      locale: 'en-US',
      link: null,
    });
    expect(same.text).not.toContain('portal/booking');
    expect(same.subject).toBe('Your booking is cancelled · Atelier Lumière');
    expect(same.text.match(/\(Europe\/Paris\)/g)).toHaveLength(1);
    expect(same.text).toContain('Address: 3 rue des Lilas');
  });

  it('escapes the names in its HTML', () => {
    const email = bookingEmail('en-US', 'rescheduled', { ...facts, clientName: '<b>Eve</b>', locale: 'en-US' });
    expect(email.html).not.toContain('<b>Eve</b>');
    expect(email.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
