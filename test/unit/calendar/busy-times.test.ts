// The busy time of a CalDAV calendar's objects (domain/calendar/busy-times.ts): recurrences, their
// exceptions, zones with and without their VTIMEZONE, across changes of daylight saving.
import fc from 'fast-check';
import { busyTimesOf } from '../../../domain/calendar/busy-times';
import { calendarChanges, needsWholeRead } from '../../../domain/calendar/calendar-sync';

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const iso = (spans: { start: Date; end: Date }[]) =>
  spans.map((s) => [s.start.toISOString(), s.end.toISOString()]).sort((a, b) => a[0].localeCompare(b[0]));
const window = (from: string, to: string, zone = 'Europe/Paris') => ({ from: new Date(from), to: new Date(to), zone });

describe('busyTimesOf', () => {
  it('expands a weekly event in its own zone across the change of daylight saving, without its VTIMEZONE', () => {
    // 9:00 in New York every Saturday: 14:00 UTC before 8 March 2026, 13:00 UTC after.
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:weekly@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=America/New_York:20260228T090000',
      'DTEND;TZID=America/New_York:20260228T100000',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
    );
    expect(iso(busyTimesOf(ics, window('2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z')))).toEqual([
      ['2026-02-28T14:00:00.000Z', '2026-02-28T15:00:00.000Z'],
      ['2026-03-07T14:00:00.000Z', '2026-03-07T15:00:00.000Z'],
      ['2026-03-14T13:00:00.000Z', '2026-03-14T14:00:00.000Z'],
    ]);
  });

  it('leaves out an EXDATE, moves an occurrence a RECURRENCE-ID changed, and frees a cancelled one', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:daily@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Australia/Sydney:20261003T100000',
      'DURATION:PT2H',
      'RRULE:FREQ=DAILY;COUNT=5',
      'EXDATE;TZID=Australia/Sydney:20261004T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:daily@test',
      'DTSTAMP:20260101T000000Z',
      'RECURRENCE-ID;TZID=Australia/Sydney:20261005T100000',
      'DTSTART;TZID=Australia/Sydney:20261005T150000',
      'DTEND;TZID=Australia/Sydney:20261005T160000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:daily@test',
      'DTSTAMP:20260101T000000Z',
      'RECURRENCE-ID;TZID=Australia/Sydney:20261006T100000',
      'DTSTART;TZID=Australia/Sydney:20261006T100000',
      'DTEND;TZID=Australia/Sydney:20261006T120000',
      'STATUS:CANCELLED',
      'END:VEVENT',
    );
    // Sydney moves to UTC+11 on Sunday 4 October 2026.
    expect(iso(busyTimesOf(ics, window('2026-10-01T00:00:00Z', '2026-10-31T00:00:00Z')))).toEqual([
      ['2026-10-03T00:00:00.000Z', '2026-10-03T02:00:00.000Z'],
      ['2026-10-05T04:00:00.000Z', '2026-10-05T05:00:00.000Z'],
      ['2026-10-06T23:00:00.000Z', '2026-10-07T01:00:00.000Z'],
    ]);
  });

  it('reads an all-day event in the member’s zone, a floating time in it too, and frees a transparent one', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:day@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;VALUE=DATE:20260329',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:floating@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260401T090000',
      'DTEND:20260401T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:free@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260402T090000Z',
      'DTEND:20260402T100000Z',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
    // 29 March 2026 in Paris is 23 hours long (clocks go forward at 2:00).
    expect(iso(busyTimesOf(ics, window('2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z')))).toEqual([
      ['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-04-01T07:00:00.000Z', '2026-04-01T08:00:00.000Z'],
    ]);
  });

  it('reads a zone of its own definition (a VTIMEZONE under a name that is not IANA)', () => {
    const ics = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Studio Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0300',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:own@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Studio Standard Time:20260601T120000',
      'DTEND;TZID=Studio Standard Time:20260601T130000',
      'END:VEVENT',
    );
    expect(iso(busyTimesOf(ics, window('2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z')))).toEqual([
      ['2026-06-01T09:00:00.000Z', '2026-06-01T10:00:00.000Z'],
    ]);
  });

  it('keeps only what meets the window, and stops a rule with no end at the window’s end', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:forever@test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20200106T080000Z',
      'DTEND:20200106T090000Z',
      'RRULE:FREQ=WEEKLY',
      'END:VEVENT',
    );
    const spans = busyTimesOf(ics, window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z'));
    expect(spans).toHaveLength(4);
    for (const s of spans) expect(s.start.getUTCDay()).toBe(1);
  });
});

describe('calendarChanges', () => {
  const etags = fc.dictionary(fc.webUrl(), fc.string({ minLength: 1, maxLength: 5 }), { maxKeys: 12 });
  it('fetches what is new or changed (everything on a whole read) and forgets what is gone', () => {
    fc.assert(
      fc.property(etags, etags, fc.boolean(), (knownRecord, listedRecord, whole) => {
        const known = new Map(Object.entries(knownRecord));
        const listed = new Map(Object.entries(listedRecord));
        const { fetch, gone } = calendarChanges(known, listed, whole);
        for (const [href, etag] of listed) expect(fetch.includes(href)).toBe(whole || known.get(href) !== etag);
        expect(fetch.every((href) => listed.has(href))).toBe(true);
        expect(new Set(gone)).toEqual(new Set([...known.keys()].filter((href) => !listed.has(href))));
      }),
    );
  });

  it('reads everything again once the window has moved on by a day', () => {
    const end = new Date('2027-01-01T00:00:00Z');
    expect(needsWholeRead(null, end)).toBe(true);
    expect(needsWholeRead(new Date('2026-12-31T01:00:00Z'), end)).toBe(false);
    expect(needsWholeRead(new Date('2026-12-31T00:00:00Z'), end)).toBe(true);
  });
});
