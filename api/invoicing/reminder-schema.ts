import { z } from 'zod';
import { USER_LOCALES, type UserLocale } from '../../domain/accounts/users';
import { MAX_REMINDER_STEPS, REMINDER_CHANNELS } from '../../domain/invoicing/reminder-plan';

/** A studio's own wording of a step in one language: subject and plain-text body, and the SMS when the step sends one. */
const ReminderWording = z
  .object({
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(5_000),
    sms: z.string().trim().min(1).max(320).optional(),
  })
  .strict();

/** The wording of a step per locale: any accepted locale; a client whose locale has none reads its language's (reminder-message.ts). */
const StepWording = z
  .object(
    Object.fromEntries(USER_LOCALES.map((l) => [l, ReminderWording.optional()])) as Record<
      UserLocale,
      z.ZodOptional<typeof ReminderWording>
    >,
  )
  .strict();

/** One reminder step; the reminder rules check the rest (one step per offset, a repeat names both its numbers, email always). */
export const ReminderStepBody = z
  .object({
    /** Days from the due date: negative before it, 0 on it, positive after it. */
    offset_days: z.number().int(),
    repeat_every_days: z.number().int().optional(),
    max_repeats: z.number().int().optional(),
    channels: z.array(z.enum(REMINDER_CHANNELS)).min(1).max(REMINDER_CHANNELS.length),
    wording: StepWording.optional(),
  })
  .strict();

export const ReminderSettingsBody = z
  .object({ reminder_steps: z.array(ReminderStepBody).max(MAX_REMINDER_STEPS) })
  .strict();
export type ReminderSettingsBody = z.infer<typeof ReminderSettingsBody>;

export const ReminderSettingsView = z.object({
  reminder_steps: z.array(ReminderStepBody),
  updated_at: z.string().nullable(),
});

/** Pause (nothing goes out, no date changes), resume, or stop for good. */
export const InvoiceRemindersBody = z.object({ status: z.enum(['active', 'paused', 'stopped']) }).strict();

export const ContactRemindersBody = z.object({ paused: z.boolean() }).strict();

const ReminderSentView = z.object({
  id: z.uuid(),
  due_date: z.string(),
  step_index: z.number().int(),
  occurrence: z.number().int(),
  scheduled_date: z.string(),
  channels: z.array(z.string()),
  status: z.enum(['SENT', 'FAILED']),
  sms_status: z.enum(['SENT', 'FAILED', 'NO_PHONE']).nullable(),
  error: z.string().nullable(),
  sent_at: z.string(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
});

/** An invoice's reminders: where they stand, the next one, and every one sent. */
export const InvoiceRemindersView = z.object({
  invoice_id: z.uuid(),
  /** active: a next reminder is planned; held: nothing goes out until `reason` changes; ended: none will. */
  state: z.enum(['active', 'held', 'ended']),
  /** Why held or ended: paused, client_paused, card_payment_pending, no_steps, no_email, no_due_date, all_sent; not_issued, settled, stopped. */
  reason: z.string().nullable(),
  /** The studio's word on this invoice, and on its client. */
  control: z.enum(['active', 'paused', 'stopped']),
  client_paused: z.boolean(),
  next: z
    .object({
      at: z.string(),
      due_date: z.string(),
      scheduled_date: z.string(),
      step_index: z.number().int(),
      occurrence: z.number().int(),
      channels: z.array(z.string()),
    })
    .nullable(),
  sent: z.array(ReminderSentView),
});
