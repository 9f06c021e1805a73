import { wallClockDate } from '../wall-clock';
import { addDays, instantAtWallClock, isCalendarDate, weekdayOf } from './calendar-date';

/**
 * Payment reminders (issue 21 §2, dunning): a studio's reminder steps (N days before the due date,
 * on it, N days after, repeated every N days up to M times) and the one question the reminder
 * workflow asks, "when does the next reminder go out?", under quiet hours in the client's time
 * zone. Pure: the workflow sleeps until the answer, sends, records, and asks again.
 */

export const REMINDER_CHANNELS = ['email', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** One step of a studio's reminders. */
export interface ReminderStep {
  /** Days from the due date: negative before it, 0 on it, positive after it. */
  offsetDays: number;
  /** Repeat the step every this many days (needs maxRepeats). */
  repeatEveryDays?: number;
  /** How many times the step repeats after its first reminder (needs repeatEveryDays): 1 + maxRepeats reminders in all. */
  maxRepeats?: number;
  /** Always `email` (it carries the payment link and is what email_tracking records), optionally `sms` too. */
  channels: ReminderChannel[];
}

export interface ReminderProblem {
  path: string;
  message: string;
}

export const MAX_REMINDER_STEPS = 10;
export const MAX_OFFSET_DAYS = 365;
export const MAX_REPEAT_EVERY_DAYS = 365;
export const MAX_REPEATS = 52;

/** Reminders go out from 09:00 to 20:00 (20:00 itself is quiet), Monday to Saturday, on the client's clock. */
export const SEND_FROM_HOUR = 9;
export const SEND_UNTIL_HOUR = 20;
const SUNDAY = 0;

/** The studio's steps in the API body, the root of every problem's path. */
const ROOT = 'reminder_steps';

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;
const wholeIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Every problem with a studio's reminder steps, empty when they may be saved. No steps at all means no reminders. */
export function reminderStepProblems(steps: readonly ReminderStep[]): ReminderProblem[] {
  const problems: ReminderProblem[] = [];
  if (steps.length > MAX_REMINDER_STEPS)
    problems.push({ path: ROOT, message: `At most ${MAX_REMINDER_STEPS} reminder steps; there are ${steps.length}` });
  const offsets = new Map<number, number>();
  steps.forEach((step, index) => {
    const path = `${ROOT}.${index}`;
    if (!wholeIn(step.offsetDays, -MAX_OFFSET_DAYS, MAX_OFFSET_DAYS)) {
      problems.push({
        path: `${path}.offset_days`,
        message: `The offset is a whole number of days from -${MAX_OFFSET_DAYS} (before the due date) to ${MAX_OFFSET_DAYS} (after it)`,
      });
    } else if (offsets.has(step.offsetDays)) {
      problems.push({
        path: `${path}.offset_days`,
        message: `Step ${offsets.get(step.offsetDays)} already reminds on that day: one step per day`,
      });
    } else offsets.set(step.offsetDays, index);
    const repeats = given(step.repeatEveryDays) || given(step.maxRepeats);
    if (repeats && !given(step.repeatEveryDays))
      problems.push({ path: `${path}.repeat_every_days`, message: 'A step that repeats says every how many days' });
    else if (repeats && !wholeIn(step.repeatEveryDays, 1, MAX_REPEAT_EVERY_DAYS))
      problems.push({ path: `${path}.repeat_every_days`, message: `Repeat every 1 to ${MAX_REPEAT_EVERY_DAYS} days` });
    if (repeats && !given(step.maxRepeats))
      problems.push({ path: `${path}.max_repeats`, message: 'A step that repeats says up to how many times' });
    else if (repeats && !wholeIn(step.maxRepeats, 1, MAX_REPEATS))
      problems.push({ path: `${path}.max_repeats`, message: `A step repeats 1 to ${MAX_REPEATS} times` });
    const channels: readonly unknown[] = Array.isArray(step.channels) ? step.channels : [];
    if (channels.some((c) => !REMINDER_CHANNELS.includes(c as ReminderChannel)))
      problems.push({ path: `${path}.channels`, message: 'The channels are email and sms' });
    else if (new Set(channels).size !== channels.length)
      problems.push({ path: `${path}.channels`, message: 'A channel is named twice' });
    else if (!channels.includes('email'))
      problems.push({
        path: `${path}.channels`,
        message: 'Every reminder is sent by email (it carries the payment link); add sms to send a text as well',
      });
  });
  return problems;
}

/** Whether `instant` is in quiet hours on a clock in `timeZone`: 20:00 to 09:00, or any time on Sunday. */
export function isQuietTime(instant: Date, timeZone: string): boolean {
  const wall = wallClockDate(instant, timeZone);
  const hour = wall.getUTCHours();
  return wall.getUTCDay() === SUNDAY || hour < SEND_FROM_HOUR || hour >= SEND_UNTIL_HOUR;
}

/** `instant` itself when it is not quiet, else the next 09:00 on a clock in `timeZone` that is not a Sunday. */
export function nextAllowedMoment(instant: Date, timeZone: string): Date {
  if (!isQuietTime(instant, timeZone)) return instant;
  const wall = wallClockDate(instant, timeZone);
  let day = wall.toISOString().slice(0, 10);
  if (wall.getUTCHours() >= SEND_FROM_HOUR) day = addDays(day, 1); // after 20:00, or a Sunday daytime
  if (weekdayOf(day) === SUNDAY) day = addDays(day, 1);
  return instantAtWallClock(day, SEND_FROM_HOUR, 0, timeZone);
}

/** Where one invoice's (or installment's) reminders stand. */
export interface ReminderState {
  /** The due date reminded of, on the client's calendar. */
  dueDate: string;
  /** The client's IANA time zone: quiet hours are theirs. */
  timeZone: string;
  now: Date;
  /**
   * Per step (same order as the steps), how many of its reminders are behind it: after sending
   * occurrence k of step i, store k + 1 (not "one more": occurrences passed over are skipped, see
   * nextReminder). Missing entries count as 0.
   */
  sentCount: readonly number[];
  /** Paused by the studio (for the invoice or the client): nothing goes out, no date changes. */
  paused: boolean;
  /** Stopped for good: paid, settled by a credit note, or stopped by the studio. */
  stopped: boolean;
}

export interface NextReminder {
  /** When to send it: never in quiet hours, never before `now`. */
  at: Date;
  stepIndex: number;
  /** 0 for the step's first reminder, k for its k-th repeat. */
  occurrence: number;
  /** The day the step meant it for (due date + offset + k × repeat); `at` is that day at 09:00, or later. */
  scheduledDate: string;
  channels: ReminderChannel[];
}

interface Occurrence {
  stepIndex: number;
  occurrence: number;
  offsetDays: number;
  day: string;
  nominal: number;
}

/** Every reminder the steps make for `dueDate`, each on its day at 09:00 on the client's clock, in key order (day, step offset, step index). */
function occurrences(steps: readonly ReminderStep[], dueDate: string, timeZone: string): Occurrence[] {
  const nominalOf = new Map<string, number>();
  const all = steps.flatMap((step, stepIndex) =>
    Array.from({ length: 1 + (step.maxRepeats ?? 0) }, (_, occurrence) => {
      const day = addDays(dueDate, step.offsetDays + occurrence * (step.repeatEveryDays ?? 0));
      let nominal = nominalOf.get(day);
      if (nominal === undefined)
        nominalOf.set(day, (nominal = instantAtWallClock(day, SEND_FROM_HOUR, 0, timeZone).getTime()));
      return { stepIndex, occurrence, offsetDays: step.offsetDays, day, nominal };
    }),
  );
  return all.sort((a, b) =>
    a.day < b.day ? -1 : a.day > b.day ? 1 : a.offsetDays - b.offsetDays || a.stepIndex - b.stepIndex,
  );
}

/**
 * The next reminder to send, or null (paused, stopped, or nothing left). Each step's reminders are
 * meant for 09:00 on their day, the client's clock; one that is due (its moment passed, or now in
 * quiet hours) goes out at the next allowed moment from max(its moment, now).
 *
 * A reminder is passed over (never sent) when a later one, in the order (day, step offset, step
 * index), is meant for no later than it would go out: so one moved from a Sunday to Monday 09:00
 * gives way to Monday's own, two steps on one day send the one with the later offset (the due-date
 * step beats a repeat of an earlier step), and after a pause, a late start or a worker outage only
 * the latest reminder missed goes out, never a backlog. Hence no two reminders at one instant, and
 * a reminder passed over stays passed over as time goes on.
 *
 * The answer never moves earlier when `now` grows or a `sentCount` does. Throws a RangeError on
 * invalid steps, due date, counts or time zone.
 */
export function nextReminder(steps: readonly ReminderStep[], state: ReminderState): NextReminder | null {
  const problems = reminderStepProblems(steps);
  if (problems.length)
    throw new RangeError(`Invalid reminder steps: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  if (!isCalendarDate(state.dueDate)) throw new RangeError(`Not a due date (YYYY-MM-DD): ${state.dueDate}`);
  if (state.sentCount.some((n) => !Number.isInteger(n) || n < 0))
    throw new RangeError(`Sent counts are whole numbers from 0: ${state.sentCount.join(', ')}`);
  if (state.paused || state.stopped) return null;

  const now = state.now.getTime();
  const all = occurrences(steps, state.dueDate, state.timeZone);
  let best: { at: number; o: Occurrence } | null = null;
  all.forEach((o, position) => {
    if (o.occurrence < (state.sentCount[o.stepIndex] ?? 0)) return; // sent, or passed over and counted
    const at = nextAllowedMoment(new Date(Math.max(o.nominal, now)), state.timeZone).getTime();
    // The next occurrence in key order has the earliest moment of all later ones: it alone decides.
    const later = all[position + 1];
    if (later && later.nominal <= at) return;
    if (!best || at < best.at) best = { at, o };
  });
  if (!best) return null;
  const { at, o } = best as { at: number; o: Occurrence };
  return {
    at: new Date(at),
    stepIndex: o.stepIndex,
    occurrence: o.occurrence,
    scheduledDate: o.day,
    channels: [...steps[o.stepIndex].channels],
  };
}
