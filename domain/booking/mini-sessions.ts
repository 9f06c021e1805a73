import { type DayHours, type Interval } from './availability';
import { clockMinutes, zonedInstant } from './local-time';

/**
 * A mini-session day (issue 45 §1): short slots of one session type with one member, laid from a
 * start, each `slot_minutes` long and `gap_minutes` apart, skipping breaks, until `spots` slots.
 */
export interface MiniSessionPlan {
  /** YYYY-MM-DD in `time_zone`. */
  day: string;
  time_zone: string;
  /** HH:MM */
  start_time: string;
  slot_minutes: number;
  gap_minutes: number;
  /** Times of the day with no slot (lunch); a slot that would overlap one starts after it. */
  breaks: DayHours[];
  spots: number;
}

/** The plan's slots, in order: `spots` of them, none overlapping a break, each its length in real time. */
export function miniSessionSlots(plan: MiniSessionPlan): Interval[] {
  const breaks = plan.breaks
    .map((b) => ({
      start: zonedInstant(plan.day, b.start, plan.time_zone),
      end: zonedInstant(plan.day, b.end, plan.time_zone),
    }))
    .filter((b) => b.end > b.start)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const slots: Interval[] = [];
  let at = zonedInstant(plan.day, plan.start_time, plan.time_zone).getTime();
  const length = plan.slot_minutes * 60_000;
  while (slots.length < plan.spots) {
    const inBreak = breaks.find((b) => at < b.end.getTime() && at + length > b.start.getTime());
    if (inBreak) {
      at = inBreak.end.getTime();
      continue;
    }
    slots.push({ start: new Date(at), end: new Date(at + length) });
    at += length + plan.gap_minutes * 60_000;
  }
  return slots;
}

/** What is wrong with a plan a studio sends; [] when nothing is. */
export function checkMiniSessionPlan(plan: MiniSessionPlan): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (clockMinutes(plan.start_time) === null) problems.push({ path: 'start_time', message: 'must be a time HH:MM' });
  plan.breaks.forEach((b, i) => {
    const start = clockMinutes(b.start);
    const end = clockMinutes(b.end);
    if (start === null || end === null || end <= start)
      problems.push({ path: `breaks.${i}`, message: 'must be HH:MM to a later HH:MM' });
  });
  if (problems.length) return problems;
  const slots = miniSessionSlots(plan);
  if (slots.length && slots[slots.length - 1].end.getTime() > zonedInstant(plan.day, '24:00', plan.time_zone).getTime())
    problems.push({ path: 'spots', message: 'the slots run past the end of the day' });
  return problems;
}
