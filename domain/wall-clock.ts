/**
 * Wall-clock time: what a clock in a time zone shows at an instant. The one place that turns an
 * instant into a studio's (or a contact's) day, time or excel date; calendar arithmetic on the
 * days themselves is domain/invoicing/calendar-date.ts.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The year, month, day, hour and minute a clock in `timeZone` showed at `instant`. */
function wallClockParts(
  instant: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: +parts.year,
    month: +parts.month,
    day: +parts.day,
    hour: +parts.hour,
    minute: +parts.minute,
    second: +parts.second,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date as exports write it: `2026-11-22` (ISO order, which every locale sorts right). */
export function formatDateInZone(instant: Date, timeZone: string): string {
  const p = wallClockParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A timestamp as exports write it, in the owner's zone to the minute: `2026-11-22 14:30`. */
export function formatTimestampInZone(instant: Date, timeZone: string): string {
  const p = wallClockParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * Excel has no time zones: a cell holds a wall-clock time. This is the Date whose UTC fields are
 * the wall-clock time in `timeZone` at `instant`, which exceljs writes as that serial date.
 */
export function wallClockDate(instant: Date, timeZone: string): Date {
  const p = wallClockParts(instant, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}
