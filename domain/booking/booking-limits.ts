import { isoWeekStart, localDate } from './local-time';

/** A booking of this session type already held or confirmed, counted by the limits. */
export interface CountedBooking {
  member_id: string;
  start: Date;
}

/** How many bookings of a type a member takes per local day and per ISO week; null: no limit. */
export interface BookingLimits {
  daily_limit: number | null;
  weekly_limit: number | null;
}

/**
 * Whether a member is full on a local date (in the schedule's zone): the bookings of this type
 * they already hold that day reach the daily limit, or those of that ISO week (Monday to Sunday)
 * reach the weekly one. Null when the type has no limit, so a search skips the question.
 */
export function limitReachedOn(
  limits: BookingLimits,
  counted: readonly CountedBooking[],
  member_id: string,
  timeZone: string,
): ((date: string) => boolean) | null {
  const { daily_limit, weekly_limit } = limits;
  if (daily_limit === null && weekly_limit === null) return null;
  const perDay = new Map<string, number>();
  const perWeek = new Map<string, number>();
  for (const booking of counted) {
    if (booking.member_id !== member_id) continue;
    const date = localDate(booking.start, timeZone);
    const week = isoWeekStart(date);
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
  }
  return (date) =>
    (daily_limit !== null && (perDay.get(date) ?? 0) >= daily_limit) ||
    (weekly_limit !== null && (perWeek.get(isoWeekStart(date)) ?? 0) >= weekly_limit);
}
