/**
 * When a session automation task is due. Pure: the session automation's workflow (deterministic code) and the
 * activities that record `scheduled_at` compute it the same way.
 */
export const TASK_TIMINGS = ['IMMEDIATE', 'AFTER_APPLIED', 'BEFORE_SESSION_START', 'AFTER_SESSION_START'] as const;
export type TaskTiming = (typeof TASK_TIMINGS)[number];

/** The longest offset: ten years, in minutes (the column's check). */
export const MAX_OFFSET_MINUTES = 3650 * 1440;

export interface TaskSchedule {
  timing: TaskTiming;
  offsetMinutes: number;
}

const MINUTE_MS = 60_000;

/**
 * The moment a task is due, in epoch milliseconds; null while it cannot be known (a task timed on
 * the session's start, for a session without a start date). A due moment already past means
 * "at once": a reminder two days before a session booked for tomorrow goes out now.
 */
export function taskDueAt(task: TaskSchedule, at: { appliedAt: number; sessionStart: number | null }): number | null {
  switch (task.timing) {
    case 'IMMEDIATE':
      return at.appliedAt;
    case 'AFTER_APPLIED':
      return at.appliedAt + task.offsetMinutes * MINUTE_MS;
    case 'BEFORE_SESSION_START':
      return at.sessionStart === null ? null : at.sessionStart - task.offsetMinutes * MINUTE_MS;
    case 'AFTER_SESSION_START':
      return at.sessionStart === null ? null : at.sessionStart + task.offsetMinutes * MINUTE_MS;
  }
}

/**
 * A task's timing from what an API body may give: `timing` and `offset_minutes`, or the older
 * `delay_days` (days after the automation is applied; 0: at once).
 */
export function scheduleFromInput(input: {
  timing?: TaskTiming;
  offset_minutes?: number;
  delay_days?: number;
}): TaskSchedule {
  if (input.timing)
    return { timing: input.timing, offsetMinutes: input.timing === 'IMMEDIATE' ? 0 : (input.offset_minutes ?? 0) };
  const days = input.delay_days ?? 0;
  return days > 0 ? { timing: 'AFTER_APPLIED', offsetMinutes: days * 1440 } : { timing: 'IMMEDIATE', offsetMinutes: 0 };
}

/** The whole days after application a schedule amounts to (the `delay_days` column), 0 for other timings. */
export function delayDaysOf(schedule: TaskSchedule): number {
  return schedule.timing === 'AFTER_APPLIED' ? Math.floor(schedule.offsetMinutes / 1440) : 0;
}
