/**
 * A small iCalendar writer (RFC 5545): one calendar of events, times in UTC. Written here because
 * no iCalendar library is installed (issue 45 §3; docs/booking.md, "Calendar feeds"). Pure: no I/O.
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
  /** X-WR-TIMEZONE, a hint of the owner's zone (every time is written in UTC anyway). */
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

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
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
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
