import { type UserLocale } from '../accounts/users';
import { type ReminderWording } from './reminder-message';
import { type ReminderChannel, type ReminderStep } from './reminder-plan';

/** A studio's reminder step as the API takes it and reminder_settings stores it. */
export interface StoredReminderStep {
  offset_days: number;
  repeat_every_days?: number;
  max_repeats?: number;
  channels: ReminderChannel[];
  /** The studio's own words for the step, per language; the default wording otherwise. */
  wording?: Partial<Record<UserLocale, ReminderWording>>;
}

/** The steps as the reminder rules read them. */
export function reminderStepsOf(stored: readonly StoredReminderStep[]): ReminderStep[] {
  return stored.map((s) => ({
    offsetDays: s.offset_days,
    ...(s.repeat_every_days !== undefined ? { repeatEveryDays: s.repeat_every_days } : {}),
    ...(s.max_repeats !== undefined ? { maxRepeats: s.max_repeats } : {}),
    channels: [...s.channels],
  }));
}
