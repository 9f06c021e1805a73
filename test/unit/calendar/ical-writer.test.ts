// The iCalendar writer's text rules (RFC 5545 §3.1, §3.3.11), property-tested: escaping reads back
// to the text, folding keeps every line within 75 octets, never cuts a character, and unfolds back.
import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };
import fc from 'fast-check';
import { eventSummary, type FeedSession } from '../../../domain/calendar/calendar-feed';
import {
  escapeText,
  foldLine,
  MAX_LINE_OCTETS,
  utcDateTime,
  writeCalendar,
} from '../../../domain/calendar/ical-writer';

/** RFC 5545's reading of an escaped TEXT value. */
const unescape = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
/** RFC 5545's unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

const text = fc.string({ unit: 'binary', maxLength: 300 });
const printable = fc.string({
  unit: fc.constantFrom('a', 'é', '€', '😀', ',', ';', '\\', '\n', ' ', 'Z'),
  maxLength: 300,
});

describe('escapeText', () => {
  it('reads back to the text, line breaks as \\n, without control characters', () => {
    fc.assert(
      fc.property(printable, (value) => {
        const escaped = escapeText(value);
        expect(unescape(escaped)).toBe(value.replace(/\r\n|\r/g, '\n'));
        expect(escaped).not.toMatch(/[\r\n]/);
        // Every comma and semicolon is escaped.
        expect(escaped.replace(/\\[\\;,n]/g, '')).not.toMatch(/[;,\\]/);
      }),
    );
  });

  it('leaves no control character but a tab, whatever the input', () => {
    fc.assert(
      fc.property(text, (value) => {
        // eslint-disable-next-line no-control-regex
        expect(escapeText(value)).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F]/);
      }),
    );
  });
});

describe('foldLine', () => {
  it('keeps every line within 75 octets, cuts no character and unfolds to the line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (raw) => {
        const line = `SUMMARY:${escapeText(raw)}`;
        const folded = foldLine(line);
        const lines = folded.split('\r\n');
        for (const [i, l] of lines.entries()) {
          expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(MAX_LINE_OCTETS);
          if (i > 0) expect(l.startsWith(' ')).toBe(true);
          // A cut inside a character would leave a lone surrogate or a replacement character.
          expect(Buffer.from(l, 'utf8').toString('utf8')).toBe(l);
        }
        expect(unfold(folded)).toBe(line);
      }),
    );
  });

  it('leaves a short line alone', () => {
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
    const exact = `X:${'a'.repeat(MAX_LINE_OCTETS - 2)}`;
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}b`)).toBe(`${exact}\r\n b`);
  });
});

describe('writeCalendar', () => {
  it('writes CRLF lines, UTC times and one event per session', () => {
    const start = new Date('2026-12-05T14:00:00.000Z');
    const ics = writeCalendar({
      productId: '-//Studio service//Calendar feed//EN',
      name: 'Studio, Lumière; Paris',
      timeZone: 'Europe/Paris',
      events: [
        {
          uid: 'session-1@example.com',
          stamp: start,
          start,
          end: new Date('2026-12-05T16:30:00.000Z'),
          summary: 'Mariage (Wedding)',
          location: 'Mairie, 1 place\nParis',
          description: null,
          lastModified: start,
          status: 'CONFIRMED',
        },
      ],
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('X-WR-CALNAME:Studio\\, Lumière\\; Paris\r\n');
    expect(ics).toContain('DTSTART:20261205T140000Z\r\nDTEND:20261205T163000Z\r\n');
    expect(ics).toContain('LOCATION:Mairie\\, 1 place\\nParis\r\n');
    expect(utcDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});

// ical.js (a library the writer does not use) reads what the writer wrote, with the zone definition
// the calendar carries: the CommonJS build, as domain/calendar/busy-times.ts loads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ICAL = require('ical.js') as typeof ICALModule;

/** The instants a calendar's first event starts and ends at, as ical.js reads them with the calendar's own VTIMEZONEs. */
function readBack(ics: string): { start: number; end: number; tzid: string | null } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    ICAL.TimezoneService.register(zone, zone.tzid);
  }
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  return {
    start: event.startDate.toUnixTime() * 1000,
    end: event.endDate.toUnixTime() * 1000,
    tzid: typeof tzid === 'string' ? tzid : null,
  };
}

describe('events on their zone’s clock', () => {
  const ZONES = [
    'Europe/Paris',
    'America/New_York',
    'Australia/Sydney',
    'America/Toronto',
    'Europe/London',
    'Europe/Dublin',
    'Australia/Lord_Howe',
    'America/St_Johns',
    'Asia/Kolkata',
  ];
  const calendarAt = (start: Date, end: Date, timeZone: string | null) =>
    writeCalendar({
      productId: '-//Studio service//Calendar feed//EN',
      name: 'Studio',
      timeZone,
      events: [
        {
          uid: 'session-1@example.com',
          stamp: start,
          start,
          end,
          summary: 'Séance',
          location: null,
          description: null,
          lastModified: start,
          status: 'CONFIRMED',
          timeZone,
        },
      ],
    });

  it('reads back to the same instants through the zone definition it carries, repeated hours included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        // Whole seconds from 2026 to 2036, the feeds' years.
        fc.integer({ min: Date.UTC(2026, 0, 1) / 1000, max: Date.UTC(2036, 0, 1) / 1000 }),
        fc.integer({ min: 1, max: 600 }),
        (zone, seconds, minutes) => {
          const start = new Date(seconds * 1000);
          const end = new Date(start.getTime() + minutes * 60_000);
          const ics = calendarAt(start, end, zone);
          const read = readBack(ics);
          expect([read.start, read.end]).toEqual([start.getTime(), end.getTime()]);
          // Every TZID used is defined once in the calendar.
          const tzids = [...ics.matchAll(/;TZID=([^:]+):/g)].map((m) => m[1]);
          for (const tzid of new Set(tzids)) expect(ics.split(`\r\nTZID:${tzid}\r\n`)).toHaveLength(2);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes a Paris evening on the Paris clock, and the repeated hour of October in UTC', () => {
    const evening = calendarAt(new Date('2026-12-05T17:00:00Z'), new Date('2026-12-05T18:30:00Z'), 'Europe/Paris');
    expect(evening).toContain(
      'DTSTART;TZID=Europe/Paris:20261205T180000\r\nDTEND;TZID=Europe/Paris:20261205T193000\r\n',
    );
    expect(evening).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n');
    // 02:30 on 25 October 2026 happens twice in Paris: each is written as the instant it is.
    const second = calendarAt(new Date('2026-10-25T01:30:00Z'), new Date('2026-10-25T02:30:00Z'), 'Europe/Paris');
    expect(second).toContain('DTSTART:20261025T013000Z\r\n');
    const first = calendarAt(new Date('2026-10-25T00:30:00Z'), new Date('2026-10-25T03:00:00Z'), 'Europe/Paris');
    expect(first).toContain('DTSTART:20261025T003000Z\r\n');
    expect(first).toContain('DTEND;TZID=Europe/Paris:20261025T040000\r\n');
    // 01:00 on 4 November 2029 happens twice in Toronto; ical.js read the first, on the local clock, as the second.
    const toronto = calendarAt(new Date('2029-11-03T19:39:00Z'), new Date('2029-11-04T05:00:00Z'), 'America/Toronto');
    expect(toronto).toContain('DTEND:20291104T050000Z\r\n');
    expect(readBack(toronto).end).toBe(Date.parse('2029-11-04T05:00:00Z'));
    expect(calendarAt(new Date('2026-12-05T17:00:00Z'), new Date('2026-12-05T18:00:00Z'), 'Mars/Olympus')).toContain(
      'DTSTART:20261205T170000Z\r\n',
    );
  });
});

describe('eventSummary', () => {
  const session: FeedSession = {
    id: 's',
    title: 'Séance',
    status: 'VALIDATED',
    start_date: new Date(),
    end_date: null,
    location: null,
    type_name: 'Portrait',
    type_minutes: 60,
    client_name: 'Inès Martin',
    updated_at: new Date(),
  };
  it('names the client only when the studio allows it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.option(fc.string()), (title, type) => {
        const summary = eventSummary({ ...session, title, type_name: type }, false);
        expect(summary).toBe(type ? `${title} (${type})` : title);
      }),
    );
    expect(eventSummary(session, false)).toBe('Séance (Portrait)');
    expect(eventSummary(session, true)).toBe('Séance (Portrait) · Inès Martin');
  });
});
