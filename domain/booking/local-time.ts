import { addDays, daysBetween, instantAtWallClock, isCalendarDate, weekdayOf } from '../invoicing/calendar-date';
import { formatDateInZone, wallClockDate } from '../wall-clock';

/**
 * A member's local time: the dates and clock times a schedule is written in, and the instants they
 * stand for in the schedule's zone. Intl is the only source of zone rules.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const CLOCK = /^(\d{2}):(\d{2})$/;

/** Minutes since midnight of a clock time `HH:MM` from 00:00 to 24:00 (24:00: the end of the day), or null. */
export function clockMinutes(time: unknown): number | null {
  const match = typeof time === 'string' ? CLOCK.exec(time) : null;
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** Offset from UTC of `timeZone` at `instant` (whole seconds), in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockDate(new Date(whole), timeZone).getTime() - whole;
}

/**
 * The one offset a zone keeps all through a local date, or null when its clocks change that day.
 * Offsets lie between -12 h and +14 h, so the day's instants all fall between midnight UTC minus
 * 14 h and the next midnight UTC plus 12 h; zones change clocks months apart, so the same offset
 * at both ends means no change between. Kept per zone and date: a month of slots asks each day often.
 */
const steadyOffsets = new Map<string, number | null>();
const STEADY_OFFSETS_KEPT = 20_000;
function steadyOffset(date: string, timeZone: string): number | null {
  const key = `${timeZone} ${date}`;
  const known = steadyOffsets.get(key);
  if (known !== undefined) return known;
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const before = offsetAt(midnight - 14 * HOUR_MS, timeZone);
  const after = offsetAt(midnight + 36 * HOUR_MS, timeZone);
  const steady = before === after ? before : null;
  if (steadyOffsets.size >= STEADY_OFFSETS_KEPT) steadyOffsets.clear();
  steadyOffsets.set(key, steady);
  return steady;
}

/**
 * The instant a clock in `timeZone` shows `time` on `date`: when a studio's working day starts or
 * ends. A time the clock skips when daylight saving starts (02:30 in Paris on the last Sunday of
 * March) moves forward by the jump (03:30); a time shown twice when it ends (02:30 on the last
 * Sunday of October) is the first of the two. `24:00` is the next day's `00:00`. Throws a
 * RangeError on a date, time or zone that is not one.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const minutes = clockMinutes(time);
  if (!isCalendarDate(date) || minutes === null) throw new RangeError(`Not a local time: ${date} ${time}`);
  if (minutes === 24 * 60) return zonedInstant(addDays(date, 1), '00:00', timeZone);
  const steady = steadyOffset(date, timeZone);
  if (steady === null) return instantAtWallClock(date, Math.floor(minutes / 60), minutes % 60, timeZone);
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS - steady);
}

/** The date (`YYYY-MM-DD`) a calendar in `timeZone` shows at `instant`: the member's day of a slot. */
export function localDate(instant: Date, timeZone: string): string {
  return formatDateInZone(instant, timeZone);
}

/** ISO weekday of a date: 1 Monday to 7 Sunday, as weekly hours name their day. */
export function isoWeekday(date: string): number {
  return weekdayOf(date) || 7;
}

/** The Monday that starts the ISO week of `date`: the key a weekly booking limit counts by. */
export function isoWeekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** Every date from `first` to `last`, both included (none when `last` is earlier). */
export function datesFromTo(first: string, last: string): string[] {
  const count = daysBetween(first, last);
  return Array.from({ length: Math.max(0, count + 1) }, (_, i) => addDays(first, i));
}

/**
 * Reads the local date of instants (epoch milliseconds) in `timeZone`, asking Intl once per day
 * rather than once per instant: what a sweep over a month of candidate slots needs.
 */
export function localDateReader(timeZone: string): (instant: number) => string {
  let date = '';
  let dayStart = Infinity;
  let nextDayStart = -Infinity;
  return (instant) => {
    if (instant < dayStart || instant >= nextDayStart) {
      date = localDate(new Date(instant), timeZone);
      dayStart = zonedInstant(date, '00:00', timeZone).getTime();
      nextDayStart = zonedInstant(date, '24:00', timeZone).getTime();
    }
    return date;
  };
}
