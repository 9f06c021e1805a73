import { ValidationError } from '../errors';

/** Spec: recurrence_pattern is a frequency (daily, weekly, monthly) and an interval (every N of them). */
export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export interface Recurrence {
  frequency: RecurrenceFrequency;
  interval: number;
}

const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
] as const;
type DayOfWeek = 'SUNDAY' | 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY';
const DAY_MS = 86_400_000;

/** When a schedule fires, in the shape of a Temporal ScheduleSpec (kept free of the SDK: this is a pure rule). */
export interface ExportScheduleSpec {
  startAt: Date;
  timezone?: string;
  calendars?: {
    second: number;
    minute: number;
    hour: number;
    dayOfMonth?: number;
    month?: (typeof MONTHS)[number][];
    year?: number;
    dayOfWeek?: DayOfWeek;
  }[];
  /** Milliseconds. */
  intervals?: { every: number; offset: number }[];
  /** 1 for a one-off export. */
  remainingActions?: number;
}

/** The wall-clock parts of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: String(parts.weekday).toUpperCase() as DayOfWeek,
  };
}

/** Checks a recurrence: a whole interval from 1; monthly intervals divide the year, so the months repeat each year. */
export function validateRecurrence(recurrence: Recurrence): Recurrence {
  const { frequency, interval } = recurrence;
  const max = { daily: 365, weekly: 52, monthly: 12 }[frequency];
  if (!Number.isInteger(interval) || interval < 1 || interval > max)
    throw new ValidationError(`recurrence_pattern.interval must be a whole number from 1 to ${max} for ${frequency}`);
  if (frequency === 'monthly' && 12 % interval !== 0) {
    throw new ValidationError(
      'recurrence_pattern.interval for monthly must be 1, 2, 3, 4, 6 or 12 (the months must repeat every year)',
    );
  }
  return recurrence;
}

/**
 * When a scheduled export runs: first at `scheduledAt`, then per the recurrence. Daily and
 * weekly exports (interval 1) and monthly ones follow the owner's wall clock across daylight
 * saving changes (calendar specs in their zone); every N days or weeks is a fixed interval
 * aligned on `scheduledAt`, so it may move by an hour at a change of time. A monthly export on
 * the 29th to 31st skips months that have no such day. No recurrence: once.
 */
export function exportScheduleSpec(
  scheduledAt: Date,
  recurrence: Recurrence | null,
  timeZone: string,
): ExportScheduleSpec {
  const at = wallClock(scheduledAt, timeZone);
  const time = { second: at.second, minute: at.minute, hour: at.hour };
  if (!recurrence) {
    return {
      startAt: scheduledAt,
      timezone: timeZone,
      calendars: [{ ...time, dayOfMonth: at.day, month: [MONTHS[at.month - 1]], year: at.year }],
      remainingActions: 1,
    };
  }
  const { frequency, interval } = validateRecurrence(recurrence);
  if (frequency === 'monthly') {
    const months = Array.from({ length: 12 / interval }, (_, k) => MONTHS[(at.month - 1 + k * interval) % 12]);
    return { startAt: scheduledAt, timezone: timeZone, calendars: [{ ...time, dayOfMonth: at.day, month: months }] };
  }
  if (interval === 1) {
    return {
      startAt: scheduledAt,
      timezone: timeZone,
      calendars: [frequency === 'daily' ? time : { ...time, dayOfWeek: at.weekday }],
    };
  }
  const everyMs = (frequency === 'daily' ? interval : interval * 7) * DAY_MS;
  // Temporal counts intervals from the epoch: the offset puts the fires on scheduledAt's phase.
  const offsetMs = ((scheduledAt.getTime() % everyMs) + everyMs) % everyMs;
  return { startAt: scheduledAt, intervals: [{ every: everyMs, offset: offsetMs }] };
}
