// The iCalendar writer's text rules (RFC 5545 §3.1, §3.3.11), property-tested: escaping reads back
// to the text, folding keeps every line within 75 octets, never cuts a character, and unfolds back.
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
