import { type AvailabilitySchedule, type Interval } from './availability';
import { type BookingLimits, type CountedBooking, limitReachedOn } from './booking-limits';
import { bookableSpans } from './bookable-spans';
import { localDateReader } from './local-time';

export type { CountedBooking } from './booking-limits';

/**
 * Free slots (issue 45 §1): the start times a client may pick for a session type, and the members
 * free for each. A start is shown for a member when:
 * - the slot [start, start + duration) lies wholly inside one of the member's working stretches
 *   (the buffers may reach outside working hours);
 * - its blocked range, buffers included, overlaps none of the member's busy times (touching is fine);
 * - it is at least the minimum notice after now, and at most the booking window after now;
 * - the member has fewer bookings of this type than the daily limit on the slot's local day, and
 *   than the weekly limit in its ISO week (both in the schedule's zone);
 * - it is on the grid: the stretch's start, then every increment after it in real minutes (on a
 *   daylight saving day the stretch still starts at its wall-clock time);
 * - from <= start < to.
 * docs/booking.md, "How free slots are found", says the same for a studio owner.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** How a session type is booked online. */
export interface BookingRules extends BookingLimits {
  /** How long the session lasts: 5..1440 minutes. */
  duration_minutes: number;
  /** Time kept free before the session (setting up, travel): 0..720 minutes. */
  buffer_before_minutes: number;
  /** Time kept free after it (packing up, travel): 0..720 minutes. */
  buffer_after_minutes: number;
  /** Start times step by this from each working stretch's start: 5..1440 minutes. */
  increment_minutes: number;
  /** No slot starts sooner than this after now. */
  minimum_notice_minutes: number;
  /** No slot starts later than this many days after now. */
  booking_window_days: number;
  /** Bookings of this type a member takes per local day (schedule zone); null: no limit. */
  daily_limit: number | null;
  /** Bookings of this type a member takes per ISO week (Monday start, schedule zone); null: no limit. */
  weekly_limit: number | null;
}

/** A member's busy time: a session, a hold, a booking (its buffers included), an external calendar's event. */
export interface BusyTime {
  member_id: string;
  start: Date;
  end: Date;
}

/** A time a client may book, and the members free then (sorted), any of whom may take it. */
export interface Slot {
  start: Date;
  end: Date;
  member_ids: string[];
}

/** What a slot search looks at: the members' schedules, the type's rules, who is busy when, the bookings the limits count. */
export interface SlotQuery {
  schedules: AvailabilitySchedule[];
  rules: BookingRules;
  busy: BusyTime[];
  counted: CountedBooking[];
  now: Date;
  from: Date;
  to: Date;
}

/** The range a booking of these rules blocks: [start - buffer_before, start + duration + buffer_after). */
export function blockedRange(rules: BookingRules, start: Date): Interval {
  return {
    start: new Date(start.getTime() - rules.buffer_before_minutes * MINUTE_MS),
    end: new Date(start.getTime() + (rules.duration_minutes + rules.buffer_after_minutes) * MINUTE_MS),
  };
}

/** A stretch of time in epoch milliseconds, [start, end). */
type Span = { start: number; end: number };

/** Each member's busy times in epoch milliseconds, sorted by start; empty and invalid ones dropped (they block nothing). */
function sortedBusy(busy: readonly BusyTime[]): Map<string, Span[]> {
  const byMember = new Map<string, Span[]>();
  for (const b of busy) {
    const span = { start: b.start.getTime(), end: b.end.getTime() };
    if (!(span.end > span.start)) continue;
    const list = byMember.get(b.member_id) ?? [];
    list.push(span);
    byMember.set(b.member_id, list);
  }
  for (const list of byMember.values()) list.sort((a, b) => a.start - b.start);
  return byMember;
}

/** The first and last instant a slot may start at: notice, window, from and to together. */
function startBounds(q: SlotQuery): { first: number; last: number } {
  const { rules, now } = q;
  const positive = (n: number) => Number.isFinite(n) && n > 0;
  if (!positive(rules.duration_minutes) || !positive(rules.increment_minutes))
    throw new RangeError('A session type needs a duration and an increment of at least a minute');
  return {
    first: Math.max(q.from.getTime(), now.getTime() + rules.minimum_notice_minutes * MINUTE_MS),
    last: Math.min(q.to.getTime() - 1, now.getTime() + rules.booking_window_days * DAY_MS),
  };
}

/**
 * The starts from `first` to `last` (epoch ms, both included) a member is free for, in order. One
 * sweep: candidate starts only grow, so the busy times that begin before a candidate's blocked
 * range ends are a growing prefix of the sorted list, and the range is free exactly when the
 * latest end in that prefix is at or before the range's start.
 */
function memberStarts(
  q: SlotQuery,
  schedule: AvailabilitySchedule,
  busy: readonly Span[],
  first: number,
  last: number,
): number[] {
  const { rules } = q;
  const duration = rules.duration_minutes * MINUTE_MS;
  const increment = rules.increment_minutes * MINUTE_MS;
  const before = rules.buffer_before_minutes * MINUTE_MS;
  const after = rules.buffer_after_minutes * MINUTE_MS;
  const full = limitReachedOn(rules, q.counted, schedule.member_id, schedule.time_zone);
  const dateOf = localDateReader(schedule.time_zone);
  const starts: number[] = [];
  let next = 0;
  let busyUntil = -Infinity;
  for (const span of bookableSpans(schedule, first, last)) {
    const spanStart = span.start.getTime();
    const spanEnd = span.end.getTime();
    const skipped = Math.max(0, Math.ceil((first - spanStart) / increment));
    for (
      let start = spanStart + skipped * increment;
      start <= last && start + duration <= spanEnd;
      start += increment
    ) {
      const blockedEnd = start + duration + after;
      while (next < busy.length && busy[next].start < blockedEnd) busyUntil = Math.max(busyUntil, busy[next++].end);
      if (busyUntil > start - before) continue;
      if (full?.(dateOf(start))) continue;
      starts.push(start);
    }
  }
  return starts;
}

/** The slots a client may book between from and to, sorted by start, each with the members free for it. */
export function freeSlots(q: SlotQuery): Slot[] {
  const { first, last } = startBounds(q);
  if (first > last) return [];
  const busy = sortedBusy(q.busy);
  const members = new Map<number, string[]>();
  for (const schedule of q.schedules)
    for (const start of memberStarts(q, schedule, busy.get(schedule.member_id) ?? [], first, last)) {
      const list = members.get(start) ?? [];
      list.push(schedule.member_id);
      members.set(start, list);
    }
  const duration = q.rules.duration_minutes * MINUTE_MS;
  return [...members.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, ids]) => ({ start: new Date(start), end: new Date(start + duration), member_ids: ids.sort() }));
}

/** Whether `start` is a slot freeSlots would show for `member_id`: what a hold checks again before it is taken. */
export function isFreeSlot(q: SlotQuery, member_id: string, start: Date): boolean {
  const schedule = q.schedules.find((s) => s.member_id === member_id);
  const at = start.getTime();
  const { first, last } = startBounds(q);
  if (!schedule || !(at >= first && at <= last)) return false;
  const busy = sortedBusy(q.busy.filter((b) => b.member_id === member_id)).get(member_id) ?? [];
  return memberStarts(q, schedule, busy, at, at).includes(at);
}
