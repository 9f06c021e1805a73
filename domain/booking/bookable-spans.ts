import { addDays } from '../invoicing/calendar-date';
import { type AvailabilitySchedule, type Interval, dayWorkingIntervals, mergeIntervals } from './availability';
import { datesFromTo, isoWeekStart, localDate } from './local-time';

/**
 * The working stretches slots are laid in for a member: whole (not cut to the search), merged
 * within each ISO week, and cut at the start of each week (Monday 00:00 in the schedule's zone).
 * A slot's start times step from its stretch's start, so a stretch must begin at the same instant
 * whatever the search: a month's list and a hold's check of one start must see the same grid.
 * Merging across days (hours to 24:00, then from 00:00) could otherwise reach back without end for a
 * member who works around the clock; the week is the bound, and a slot never spans Sunday night.
 */
export function bookableSpans(schedule: AvailabilitySchedule, first: number, last: number): Interval[] {
  if (first > last) return [];
  const zone = schedule.time_zone;
  const monday = isoWeekStart(localDate(new Date(first), zone));
  const sunday = addDays(isoWeekStart(localDate(new Date(last), zone)), 6);
  const spans: Interval[] = [];
  for (let week = monday; week <= sunday; week = addDays(week, 7)) {
    const days = datesFromTo(week, addDays(week, 6)).flatMap((date) => dayWorkingIntervals(schedule, date));
    for (const span of mergeIntervals(days))
      if (span.end.getTime() > first && span.start.getTime() <= last) spans.push(span);
  }
  return spans;
}
