// Two-way sync with a member's CalDAV calendar (issue 45 §3), through HTTP against the real stack
// and a real CalDAV server (Radicale, from PyPI, in the test stack): a recurring event of their
// calendar, in its own zone and with a moved occurrence, hides its slots; a booking appears in the
// calendar (read back by Python's icalendar, not the service's parser) and leaves it when cancelled.
import crypto from 'node:crypto';
import request from 'supertest';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { parisBookingStudio } from '../../helpers/booking-studio';
import { type Mail, mailAttachment, mailsTo } from '../../helpers/mail';
import { parseIcsWithPython, parseInvitationWithPython } from '../../helpers/python-icalendar';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { freePort } from '../../../scripts/stack/wait';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('caldav');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const RADICALE = () => process.env.RADICALE_URL!;
const ACCOUNT = { username: 'studio', password: 'studio-local-calendar' };
const authorization = `Basic ${Buffer.from(`${ACCOUNT.username}:${ACCOUNT.password}`).toString('base64')}`;

/** A calendar of its own on Radicale for one test (MKCALENDAR). */
async function newCalendar(): Promise<string> {
  const url = `${RADICALE()}/${ACCOUNT.username}/test-${crypto.randomUUID()}/`;
  const made = await fetch(url, { method: 'MKCALENDAR', headers: { authorization } });
  expect(made.status).toBe(201);
  return url;
}

/** Puts an iCalendar object into the calendar as a calendar app would (a plain PUT). */
async function putEvent(calendarUrl: string, name: string, lines: string[]): Promise<void> {
  const body = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Another app//EN', ...lines, 'END:VCALENDAR', ''].join(
    '\r\n',
  );
  const put = await fetch(`${calendarUrl}${name}.ics`, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'text/calendar; charset=utf-8' },
    body,
  });
  expect([201, 204]).toContain(put.status);
}

/** The calendar's events, as Python's icalendar reads Radicale's whole collection (a GET). */
async function eventsIn(calendarUrl: string) {
  const text = await (await fetch(calendarUrl, { headers: { authorization } })).text();
  return text.includes('BEGIN:VCALENDAR') ? parseIcsWithPython(text).events : [];
}

/** A wall-clock time in `zone` as iCalendar writes it with a TZID: 20261203T040000. */
function icalClock(instant: Date, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

/** The calendar invitation an email carries, as Python's icalendar reads it. */
async function invitationOf(mail: Mail) {
  const index = (mail.attachments ?? []).findIndex((a) => /calendar|ics/.test(`${a.contentType} ${a.fileName ?? ''}`));
  expect(index).toBeGreaterThanOrEqual(0);
  return parseInvitationWithPython((await mailAttachment(mail, index)).toString('utf8'));
}

interface Slot {
  start: string;
}

async function parisStudio(): Promise<TestUser & { slug: string; typeId: string }> {
  const studio = await parisBookingStudio(t.app, 'Atelier Calendrier', 'cal');
  const type = await request(t.app)
    .post('/api/session-types')
    .set(as(studio))
    .send({ name: 'Portrait', default_price: '180.00', vat_percentage: '20.00', duration_minutes: 60 })
    .expect(201);
  await request(t.app)
    .put(`/api/session-types/${type.body.id}/booking`)
    .set(as(studio))
    .send({ enabled: true, duration_minutes: 60, increment_minutes: 60, minimum_notice_minutes: 120 })
    .expect(200);
  return { ...studio, typeId: type.body.id as string };
}

const slotsOf = async (studio: { slug: string; typeId: string }): Promise<string[]> => {
  const from = new Date();
  const res = await request(t.app)
    .get(`/api/book/${studio.slug}/session-types/${studio.typeId}/slots`)
    .query({
      from: from.toISOString(),
      to: new Date(from.getTime() + 21 * DAY).toISOString(),
      time_zone: 'Europe/Paris',
    })
    .expect(200);
  return (res.body.slots as Slot[]).map((s) => s.start);
};

const connectionsOf = async (studio: TestUser) =>
  (await request(t.app).get('/api/calendar-connections').set(as(studio)).expect(200)).body.items as {
    id: string;
    busy_times: number;
    last_synced_at: string | null;
    last_error: string | null;
  }[];

describe('CalDAV calendars (issue 45 §3)', () => {
  it('hides the slots a recurring event of the member’s calendar holds, in its own zone and with a moved occurrence', async () => {
    const studio = await parisStudio();
    const calendar = await newCalendar();
    const free = await slotsOf(studio);
    // A slot at least two days ahead whose time a week later is free too (a weekday, working hours).
    const first = free.find(
      (s) =>
        Date.parse(s) > Date.now() + 2 * DAY &&
        free.includes(new Date(Date.parse(s) + 7 * DAY).toISOString()) &&
        free.includes(new Date(Date.parse(s) + 7 * DAY + 2 * HOUR).toISOString()),
    )!;
    expect(first).toBeDefined();
    const start = new Date(first);
    const second = new Date(start.getTime() + 7 * DAY);
    const moved = new Date(second.getTime() + 2 * HOUR);
    const ny = 'America/New_York';
    // A weekly event written in New York's time, no VTIMEZONE sent; its second occurrence moved two hours later.
    await putEvent(calendar, 'weekly', [
      'BEGIN:VEVENT',
      'UID:weekly-shoot@another.app',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${ny}:${icalClock(start, ny)}`,
      `DTEND;TZID=${ny}:${icalClock(new Date(start.getTime() + HOUR), ny)}`,
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'SUMMARY:Another shoot',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly-shoot@another.app',
      'DTSTAMP:20260101T000000Z',
      `RECURRENCE-ID;TZID=${ny}:${icalClock(second, ny)}`,
      `DTSTART;TZID=${ny}:${icalClock(moved, ny)}`,
      `DTEND;TZID=${ny}:${icalClock(new Date(moved.getTime() + HOUR), ny)}`,
      'SUMMARY:Another shoot, moved',
      'END:VEVENT',
    ]);
    // A free ("transparent") event holds nothing.
    await putEvent(calendar, 'free', [
      'BEGIN:VEVENT',
      'UID:free@another.app',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${icalClock(new Date(start.getTime() + HOUR), 'UTC')}Z`,
      `DTEND:${icalClock(new Date(start.getTime() + 2 * HOUR), 'UTC')}Z`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]);

    // A wrong password is told at once, and nothing is kept.
    const refused = await request(t.app)
      .post('/api/calendar-connections')
      .set(as(studio))
      .send({ url: calendar, username: ACCOUNT.username, password: 'not-the-password' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/refused the user name and password/);
    // A service that may not call private networks refuses a calendar on one (loopback here).
    const inside = await request(t.appWith({ CALDAV_ALLOW_PRIVATE_NETWORK: false }))
      .post('/api/calendar-connections')
      .set(as(studio))
      .send({ url: calendar, ...ACCOUNT });
    expect(inside.status).toBe(400);
    expect(inside.body.message).toMatch(/private network/);
    expect(await connectionsOf(studio)).toEqual([]);

    const connected = await request(t.app)
      .post('/api/calendar-connections')
      .set(as(studio))
      .send({ url: calendar, ...ACCOUNT })
      .expect(201);
    expect(connected.body.connection).not.toHaveProperty('password');
    expect(JSON.stringify(connected.body)).not.toContain(ACCOUNT.password);
    const [synced] = await eventually(
      'the first read of the calendar',
      async () => {
        const list = await connectionsOf(studio);
        return list[0]?.last_synced_at ? list : null;
      },
      60_000,
    );
    expect(synced).toMatchObject({ busy_times: 2, last_error: null });
    await request(t.app)
      .post('/api/calendar-connections')
      .set(as(studio))
      .send({ url: calendar, ...ACCOUNT })
      .expect(409);

    const now = await slotsOf(studio);
    expect(now).not.toContain(start.toISOString());
    expect(now).toContain(second.toISOString());
    expect(now).not.toContain(moved.toISOString());
    expect(now).toContain(new Date(start.getTime() + HOUR).toISOString());

    // The calendar server down (its address made one where nothing listens): the sync fails and
    // says why, the busy time read before still hides the slots; back up, the next sync clears it.
    const down = `http://127.0.0.1:${await freePort()}/studio/gone/`;
    await sql(`UPDATE calendar_connections SET url = $2 WHERE id = $1`, [synced.id, down]);
    await request(t.app).post(`/api/calendar-connections/${synced.id}/sync`).set(as(studio)).expect(202);
    const failing = await eventually(
      'the failed sync recorded',
      async () => (await connectionsOf(studio)).find((c) => c.last_error !== null),
      60_000,
    );
    expect(failing).toMatchObject({
      busy_times: 2,
      last_error: expect.stringMatching(/fetch failed|ECONNREFUSED|answer/i),
    });
    expect(await slotsOf(studio)).not.toContain(start.toISOString());
    await sql(`UPDATE calendar_connections SET url = $2 WHERE id = $1`, [synced.id, calendar]);
    await request(t.app).post(`/api/calendar-connections/${synced.id}/sync`).set(as(studio)).expect(202);
    await eventually(
      'the calendar read again',
      async () => (await connectionsOf(studio))[0].last_error === null,
      90_000,
    );

    // Another studio neither sees nor removes it.
    const other = await buildUser(t.app, { name: 'Autre studio' });
    expect(await connectionsOf(other)).toEqual([]);
    await request(t.app).delete(`/api/calendar-connections/${synced.id}`).set(as(other)).expect(404);
    await request(t.app).post(`/api/calendar-connections/${synced.id}/sync`).set(as(other)).expect(404);

    // Disconnected: its busy time no longer counts.
    await request(t.app).delete(`/api/calendar-connections/${synced.id}`).set(as(studio)).expect(204);
    expect(await slotsOf(studio)).toContain(start.toISOString());
  }, 120_000);

  it('writes a confirmed booking into the member’s calendar, emails its invitation with a link to move or cancel it, and follows each change', async () => {
    const studio = await parisStudio();
    const calendar = await newCalendar();
    await request(t.app)
      .post('/api/calendar-connections')
      .set(as(studio))
      .send({ url: calendar, ...ACCOUNT })
      .expect(201);
    const slot = (await slotsOf(studio)).find((s) => Date.parse(s) > Date.now() + 3 * DAY)!;
    const client = `ines-${crypto.randomUUID().slice(0, 8)}@client.test`;
    const made = await request(t.app)
      .post(`/api/book/${studio.slug}/session-types/${studio.typeId}/bookings`)
      .set('Accept-Language', 'en-GB,en;q=0.9,fr;q=0.5')
      .send({ start: slot, name: 'Inès Moreau', email: client, time_zone: 'America/Toronto' })
      .expect(201);
    expect(made.body.booking.status).toBe('CONFIRMED');
    // The client's contact keeps the language they booked in: the studio's own messages speak it too.
    const seen = await request(t.app).get(`/api/bookings/${made.body.booking.id}`).set(as(studio)).expect(200);
    const contact = await request(t.app).get(`/api/contacts/${seen.body.contact_id}`).set(as(studio)).expect(200);
    expect(contact.body.locale).toBe('en-GB');

    const [event] = await eventually(
      'the booking in the member’s calendar',
      async () => {
        const events = await eventsIn(calendar);
        return events.length ? events : null;
      },
      60_000,
    );
    expect(event).toMatchObject({
      uid: expect.stringMatching(new RegExp(`^booking-${made.body.booking.id}@`)),
      summary: 'Portrait · Inès Moreau',
      start: new Date(slot).toISOString(),
      end: new Date(Date.parse(slot) + HOUR).toISOString(),
    });
    // Read back by the next sync, the booking's own event does not hide another slot: it is the booking.
    const [connection] = await connectionsOf(studio);
    await request(t.app).post(`/api/calendar-connections/${connection.id}/sync`).set(as(studio)).expect(202);
    await eventually(
      'the sync that reads the booking back',
      async () => (await connectionsOf(studio))[0].busy_times === 1,
      60_000,
    );
    // The client's email, in the language they booked in (a French studio, an English browser),
    // carries the invitation (METHOD REQUEST, the same UID), on their clock and the studio's.
    const confirmation = await eventually(
      'the confirmation email',
      async () => (await mailsTo(client)).find((m) => m.subject.startsWith('Your booking is confirmed')),
      60_000,
    );
    expect(confirmation.text).toContain('Hello Inès Moreau, your booking is confirmed:');
    expect(confirmation.text).toContain('(America/Toronto)');
    expect(confirmation.text).toContain('(Europe/Paris)');
    const invitation = await invitationOf(confirmation);
    expect(invitation).toMatchObject({ method: 'REQUEST', uid: event.uid, start: event.start, status: 'CONFIRMED' });

    // The email's link opens the client's page of the booking: moved from there, the member's
    // calendar follows (the same event), and the client is told with a higher SEQUENCE.
    const link = /https?:\/\/\S+\/portal\/booking\/[A-Za-z0-9_-]+/.exec(confirmation.text)?.[0];
    expect(link).toBeDefined();
    const pagePath = new URL(link!).pathname;
    const pageHtml = (await request(t.app).get(pagePath).set('Accept-Language', 'fr-FR').expect(200)).text;
    expect(pageHtml).toContain('Votre réservation');
    expect(pageHtml).toContain('(America/Toronto)');
    // The week's last free time: past the type's notice (48 hours), so the booking may still change after.
    const later = [...pageHtml.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]).at(-1);
    expect(Date.parse(later!)).toBeGreaterThan(Date.now() + 3 * DAY);
    expect(later).toBeDefined();
    const moved = await request(t.app).post(`${pagePath}/reschedule`).type('form').send({ start: later }).expect(303);
    expect(moved.headers.location).toBe(`${pagePath}?notice=moved`);
    await eventually(
      'the booking moved in the member’s calendar',
      async () =>
        (await eventsIn(calendar)).find((e) => e.uid === event.uid && e.start === new Date(later!).toISOString()),
      60_000,
    );
    const rescheduled = await eventually(
      'the email of the new time',
      async () => (await mailsTo(client)).find((m) => m.subject.startsWith('Your booking has a new time')),
      60_000,
    );
    const moveInvitation = await invitationOf(rescheduled);
    expect(moveInvitation).toMatchObject({ method: 'REQUEST', uid: event.uid, start: new Date(later!).toISOString() });
    expect(moveInvitation.sequence).toBeGreaterThan(invitation.sequence);

    // Cancelled from the same page: gone from the calendar, and a CANCEL of the same event.
    await request(t.app).post(`${pagePath}/cancel`).type('form').send({}).expect(303);
    expect((await request(t.app).get(`${pagePath}?notice=cancelled`).expect(200)).text).toContain('annulée');
    await eventually('the booking gone from the calendar', async () => (await eventsIn(calendar)).length === 0, 60_000);
    const cancellation = await eventually(
      'the cancellation email',
      async () => (await mailsTo(client)).find((m) => m.subject.startsWith('Your booking is cancelled')),
      60_000,
    );
    const cancelled = await invitationOf(cancellation);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: event.uid, status: 'CANCELLED' });
    expect(cancelled.sequence).toBeGreaterThan(moveInvitation.sequence);
    // An unknown link is a page that says so, not an error.
    await request(t.app).get('/portal/booking/not-a-real-token-at-all-0000').expect(404);
    expect(await slotsOf(studio)).toContain(slot);
  }, 120_000);
});
