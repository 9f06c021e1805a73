import { wallClockDate } from '../wall-clock';

/**
 * Calendar dates (`YYYY-MM-DD`, a day on someone's calendar, no time and no zone) and the one
 * conversion back to an instant that payment schedules and reminders need. Day arithmetic is done
 * in UTC, where every day has 24 hours, so a daylight saving change never shifts a date.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of `date`, or NaN when it is not a real calendar date (2026-02-30, 2026-13-01, 2026-1-5). */
function utcMidnight(date: string): number {
  const match = DATE.exec(date);
  if (!match) return NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : NaN;
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (years 1000 to 9999). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && value >= '1000' && !Number.isNaN(utcMidnight(value));
}

function checked(date: string): number {
  const ms = utcMidnight(date);
  if (Number.isNaN(ms)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return ms;
}

/** `date` moved by `days` whole days (negative: earlier). Throws a RangeError on an invalid date or a fractional day count. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`A whole number of days is needed: ${days}`);
  return new Date(checked(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((checked(to) - checked(from)) / DAY_MS);
}

/** Day of the week of `date`: 0 for Sunday to 6 for Saturday, as Date.getUTCDay. */
export function weekdayOf(date: string): number {
  return new Date(checked(date)).getUTCDay();
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (Paris in winter: +3 600 000). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000; // wallClockDate keeps whole seconds
  return wallClockDate(new Date(whole), timeZone).getTime() - whole;
}

/**
 * The instant a clock in `timeZone` shows `hour:minute` on `date`. A time that the clock skips
 * (the hour lost when daylight saving starts) gives the instant it jumps to, which is when such a
 * time first "happens"; a time shown twice (the hour repeated in autumn) gives the first of the two.
 */
export function instantAtWallClock(date: string, hour: number, minute: number, timeZone: string): Date {
  const wall = checked(date) + (hour * 60 + minute) * 60_000;
  // Try the offsets in force a day either side: one of them is the right one, unless the time is skipped.
  const offsets = [
    ...new Set([offsetAt(wall - DAY_MS, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY_MS, timeZone)]),
  ];
  const matches = offsets
    .map((offset) => wall - offset)
    .filter((instant) => wallClockDate(new Date(instant), timeZone).getTime() === wall)
    .sort((a, b) => a - b);
  if (matches.length > 0) return new Date(matches[0]);
  // Skipped: the offset grew across `wall` (a gap). Counting with the smaller offset, the one in
  // force before the jump, lands past the gap, at the wall time shifted by its length (02:30 → 03:30).
  return new Date(wall - Math.min(...offsets));
}
