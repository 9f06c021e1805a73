import { isCalendarDate } from '../invoicing/calendar-date';
import { isTimeZone } from '../time-zone';
import { clockMinutes, datesFromTo, isoWeekday, localDate, zonedInstant } from './local-time';

/**
 * A member's availability (issue 45 §1): the hours they take bookings each weekday, and the dates
 * that differ (a holiday, a day with other hours), written in the member's own time zone so that
 * 09:00 stays 09:00 on both sides of a daylight saving change.
 */

/** Hours of one day, `HH:MM` from 00:00 to 24:00 (24:00: until midnight), start before end. */
export interface DayHours {
  start: string;
  end: string;
}

/** Hours the member works every week on an ISO weekday: 1 Monday .. 7 Sunday. A day may have several (09:00–12:00, 14:00–18:00). */
export interface WeeklyHours extends DayHours {
  weekday: number;
}

/** A date override in the schedule's zone: hours replace the weekday's; [] is a day off (a holiday). */
export interface DateOverride {
  /** YYYY-MM-DD */
  date: string;
  hours: DayHours[];
}

/** When a member takes bookings: weekly hours and dated overrides, in the zone they work in. */
export interface AvailabilitySchedule {
  member_id: string;
  /** IANA, such as Europe/Paris */
  time_zone: string;
  weekly: WeeklyHours[];
  overrides: DateOverride[];
}

/** A stretch of real time, [start, end): start included, end not, so two stretches may touch. */
export interface Interval {
  start: Date;
  end: Date;
}

/** A problem of a schedule a studio sent, with the path of the field at fault. */
export interface ScheduleProblem {
  path: string;
  message: string;
}

/** The hours that hold on `date`: its override's, else its weekday's. */
function hoursOn(schedule: AvailabilitySchedule, date: string): DayHours[] {
  const override = schedule.overrides.find((o) => o.date === date);
  if (override) return override.hours;
  const weekday = isoWeekday(date);
  return schedule.weekly.filter((h) => h.weekday === weekday);
}

/**
 * The instants the member works on one local date, in order. Hours that daylight saving empties
 * (02:00–03:00 on the day clocks skip that hour) give nothing.
 */
export function dayWorkingIntervals(schedule: AvailabilitySchedule, date: string): Interval[] {
  return hoursOn(schedule, date)
    .map((h) => ({
      start: zonedInstant(date, h.start, schedule.time_zone),
      end: zonedInstant(date, h.end, schedule.time_zone),
    }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Intervals sorted by start, with those that overlap or touch made one. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const next of sorted) {
    const last = merged[merged.length - 1];
    if (last && next.start <= last.end) {
      if (next.end > last.end) last.end = next.end;
    } else merged.push({ start: next.start, end: next.end });
  }
  return merged;
}

/**
 * The instants [start, end) a member works between `from` and `to`, from weekly hours and
 * overrides, in the schedule's zone: merged (09:00–12:00 and 12:00–18:00 are one stretch), sorted,
 * and cut to [from, to).
 */
export function workingIntervals(schedule: AvailabilitySchedule, from: Date, to: Date): Interval[] {
  if (!(from < to)) return [];
  const dates = datesFromTo(localDate(from, schedule.time_zone), localDate(to, schedule.time_zone));
  return mergeIntervals(dates.flatMap((date) => dayWorkingIntervals(schedule, date)))
    .filter((i) => i.end > from && i.start < to)
    .map((i) => ({ start: i.start < from ? from : i.start, end: i.end > to ? to : i.end }));
}

/** Problems of one day's hours: each time, each end after its start, no two overlapping (touching is fine). */
function checkDayHours(hours: { value: DayHours; path: string }[]): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const valid: { start: number; end: number; path: string }[] = [];
  for (const { value, path } of hours) {
    const start = clockMinutes(value.start);
    const end = clockMinutes(value.end);
    if (start === null) problems.push({ path: `${path}.start`, message: 'is not a time HH:MM from 00:00 to 24:00' });
    if (end === null) problems.push({ path: `${path}.end`, message: 'is not a time HH:MM from 00:00 to 24:00' });
    if (start === null || end === null) continue;
    if (end <= start) problems.push({ path: `${path}.end`, message: `must be after the start (${value.start})` });
    else valid.push({ start, end, path });
  }
  valid.sort((a, b) => a.start - b.start);
  valid.forEach((h, i) => {
    const overlapped = valid.slice(0, i).find((earlier) => earlier.end > h.start);
    if (overlapped)
      problems.push({ path: h.path, message: `overlaps the hours at ${overlapped.path} on the same day` });
  });
  return problems;
}

/**
 * Problems of a schedule a studio sends, in plain English with the path of each: a time that is
 * not HH:MM, hours that end at or before they start, hours of one day that overlap, a weekday out
 * of 1..7, a date that is not one or that has two overrides, a time zone Intl does not know.
 * [] when the schedule is fine.
 */
export function checkSchedule(schedule: AvailabilitySchedule): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  if (!isTimeZone(schedule.time_zone))
    problems.push({ path: 'time_zone', message: 'is not a known time zone (an IANA name such as Europe/Paris)' });
  const byWeekday = new Map<number, { value: DayHours; path: string }[]>();
  schedule.weekly.forEach((h, i) => {
    if (!Number.isInteger(h.weekday) || h.weekday < 1 || h.weekday > 7)
      problems.push({ path: `weekly.${i}.weekday`, message: 'is not an ISO weekday: 1 Monday to 7 Sunday' });
    const day = byWeekday.get(h.weekday) ?? [];
    day.push({ value: h, path: `weekly.${i}` });
    byWeekday.set(h.weekday, day);
  });
  for (const day of byWeekday.values()) problems.push(...checkDayHours(day));
  const firstOverride = new Map<string, number>();
  schedule.overrides.forEach((o, i) => {
    if (!isCalendarDate(o.date)) problems.push({ path: `overrides.${i}.date`, message: 'is not a date YYYY-MM-DD' });
    else if (firstOverride.has(o.date))
      problems.push({
        path: `overrides.${i}.date`,
        message: `has another override (overrides.${firstOverride.get(o.date)}): one per date`,
      });
    else firstOverride.set(o.date, i);
    problems.push(...checkDayHours(o.hours.map((h, j) => ({ value: h, path: `overrides.${i}.hours.${j}` }))));
  });
  return problems;
}
