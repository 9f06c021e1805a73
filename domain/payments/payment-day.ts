import { instantAtWallClock, isCalendarDate } from '../invoicing/calendar-date';
import { formatDateInZone } from '../wall-clock';

/**
 * A payment's day (issue 40 §15): the studio's calendar day at the instant it was received, one
 * rule for the receipt, the cashed status sent to the platform, the e-report and the accounting
 * export. A payment at 00:30 in Paris on 25 November is the 25th, not the 24th as UTC says.
 */
export function paymentDay(receivedAt: Date, studioTimeZone: string): string {
  return formatDateInZone(receivedAt, studioTimeZone);
}

/**
 * The instant a `received_at` as given stands for: a date and time with its offset is that
 * instant; a date alone (`2026-11-25`) is that day on the studio's clock, kept as the instant the
 * day starts there, so `paymentDay` of it is the day given, whatever the zone (Martinique, west of
 * UTC, included). Null for neither.
 */
export function receivedInstant(given: string, studioTimeZone: string): Date | null {
  if (isCalendarDate(given)) return instantAtWallClock(given, 0, 0, studioTimeZone);
  const instant = new Date(given);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** How far ahead of the clock a received instant may be (clocks drift). */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * A `received_at` read on the studio's clock and checked: the instant, or why it is refused (not
 * yet received, or before 2000).
 */
export function readReceivedAt(
  given: string,
  studioTimeZone: string,
  now: Date,
): { instant: Date } | { problem: string } {
  const instant = receivedInstant(given, studioTimeZone);
  if (!instant) return { problem: 'must be a date (YYYY-MM-DD) or a date and time with its offset' };
  if (instant.getTime() > now.getTime() + FUTURE_SLACK_MS) return { problem: 'must not be in the future' };
  if (paymentDay(instant, studioTimeZone) < '2000-01-01') return { problem: 'must be in 2000 or later' };
  return { instant };
}
