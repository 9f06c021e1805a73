import { tzlib_get_ical_block } from 'timezones-ical-library';
import { wallClockDate } from '../wall-clock';

/**
 * A small iCalendar writer (RFC 5545): one calendar of events, each in UTC or on the clock of its
 * zone (TZID, with the zone's VTIMEZONE from the tz database: timezones-ical-library). Written here
 * for the escaping and folding the feeds and invitations need (issue 45 §3; docs/booking.md,
 * "Calendar feeds"). Pure: no I/O.
 */

/** One event of a calendar. */
export interface CalendarEvent {
  /** Globally unique and stable: a calendar app updates the event it already has under this id. */
  uid: string;
  /** When this version of the event was made (no METHOD: the same as LAST-MODIFIED, RFC 5545 §3.8.7.2). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string | null;
  lastModified: Date;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED' | null;
  /**
   * The IANA zone its start and end are written in (TZID, on that zone's clock), the calendar
   * carrying the zone's definition; absent or unknown: UTC.
   */
  timeZone?: string | null;
  /** An invitation's version (iTIP): a calendar app keeps the highest. */
  sequence?: number;
  /** Who invites, and who is invited (an invitation's; a feed's events have neither). */
  organizer?: CalendarPerson;
  attendee?: CalendarPerson;
}

/** A person of an invitation: their name (CN) and address. */
export interface CalendarPerson {
  name: string;
  email: string;
}

/** The calendar itself: who made it, its name and the zone its owner lives in. */
export interface Calendar {
  /** PRODID: `-//Company//Product//EN`. */
  productId: string;
  /** X-WR-CALNAME, the name calendar apps show. */
  name: string;
  /** X-WR-TIMEZONE, a hint of the owner's zone (each event's own zone is its TZID). */
  timeZone: string | null;
  /** An invitation's METHOD (RFC 5546): REQUEST to add or update, CANCEL to remove; none for a feed. */
  method?: 'REQUEST' | 'CANCEL';
  events: readonly CalendarEvent[];
}

/** Longest line in octets, the CRLF not counted (RFC 5545 §3.1). */
export const MAX_LINE_OCTETS = 75;

/** Control characters a TEXT value may not hold (all but HTAB; line breaks are escaped first). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000A-\u001F\u007F]/g;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROLS, '');
}

/**
 * A content line folded (RFC 5545 §3.1): no line longer than 75 octets of UTF-8, each continuation
 * starting with one space; a character is never cut between two lines.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

/** How many octets UTF-8 writes a code point in. */
function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** A UTC DATE-TIME value: `20261128T183000Z`. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A CN parameter value: quoted, without the quotes and control characters a parameter may not hold. */
const paramText = (value: string) => `"${value.replace(CONTROLS, '').replace(/[\t"]/g, '')}"`;
const person = (role: 'ORGANIZER' | 'ATTENDEE', p: CalendarPerson, extra = '') =>
  `${role};CN=${paramText(p.name)}${extra}:mailto:${p.email.replace(/[\s<>"]/g, '')}`;

/** A zone's definition: the TZID it gives and its VTIMEZONE's lines. */
interface ZoneDefinition {
  tzid: string;
  lines: string[];
}

const zoneDefinitions = new Map<string, ZoneDefinition | null>();

/** A zone's VTIMEZONE from the tz database, and the TZID it defines; null for UTC and a zone it does not know. */
export function zoneDefinition(zone: string): ZoneDefinition | null {
  if (!zoneDefinitions.has(zone)) {
    const block = zone === 'UTC' || zone === 'Etc/UTC' ? '' : tzlib_get_ical_block(zone);
    const text = Array.isArray(block) ? (block[0] ?? '') : '';
    const tzid = /^TZID:(.+)$/m.exec(text)?.[1]?.trim();
    zoneDefinitions.set(
      zone,
      text.startsWith('BEGIN:VTIMEZONE') && tzid ? { tzid, lines: text.split(/\r?\n/).filter(Boolean) } : null,
    );
  }
  return zoneDefinitions.get(zone) ?? null;
}

/**
 * Whether a clock in `zone` shows at `instant` a time it shows twice (the hour repeated when clocks
 * go back), this occurrence or the other. RFC 5545 reads such a local time as its first occurrence,
 * but readers differ: ical.js reads the start of the repeated hour as its second. Both are written
 * in UTC, which every reader takes as the instant it is.
 */
function repeatedClockTime(instant: Date, zone: string): boolean {
  const clock = wallClockDate(instant, zone).getTime();
  return [30, 60, 120].some((m) =>
    [-1, 1].some((sign) => wallClockDate(new Date(instant.getTime() + sign * m * 60_000), zone).getTime() === clock),
  );
}

/** DTSTART or DTEND: on the zone's clock with its TZID, or in UTC. */
function timeLine(name: 'DTSTART' | 'DTEND', instant: Date, zone: string | null | undefined): string {
  const defined = zone ? zoneDefinition(zone) : null;
  if (!zone || !defined || repeatedClockTime(instant, zone)) return `${name}:${utcDateTime(instant)}`;
  return `${name};TZID=${defined.tzid}:${utcDateTime(wallClockDate(instant, zone)).slice(0, -1)}`;
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    timeLine('DTSTART', event.start, event.timeZone),
    timeLine('DTEND', event.end, event.timeZone),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.status ? [`STATUS:${event.status}`] : []),
    ...(event.sequence !== undefined ? [`SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendee ? [person('ATTENDEE', event.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED')] : []),
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    'END:VEVENT',
  ];
}

/** The definitions of the zones the events are written in, each once (RFC 5545: every TZID used is defined). */
function zonesOf(events: readonly CalendarEvent[]): ZoneDefinition[] {
  const zones = [...new Set(events.map((e) => e.timeZone).filter((z): z is string => Boolean(z)))];
  const defined = zones.map(zoneDefinition).filter((d): d is ZoneDefinition => d !== null);
  return [...new Map(defined.map((d) => [d.tzid, d])).values()];
}

/** The calendar as an iCalendar object: CRLF line ends, folded lines, ending with a CRLF. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.timeZone ? [`X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`] : []),
    ...zonesOf(calendar.events).flatMap((d) => d.lines),
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
