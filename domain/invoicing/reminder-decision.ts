import { isCalendarDate } from './calendar-date';
import { toHundredths } from './money';
import {
  computeSchedule,
  inDueOrder,
  paidInstallments,
  type ScheduledInstallment,
  scheduleProblems,
} from './payment-schedule';
import { nextReminder, type NextReminder, reminderStepProblems, type ReminderStep } from './reminder-plan';
import { installmentInputs, scheduleContextOf, type StoredInstallment } from './stored-schedule';
import { reminderStepsOf, type StoredReminderStep } from './stored-reminder-steps';

/**
 * What one invoice's reminder workflow does next (issue 21 §2), from the facts read at that
 * moment: end for good, hold (nothing to send until something changes), or send the next
 * reminder at its moment. Pure: the workflow asks, sleeps, and asks again when it wakes.
 */

/** A reminder behind the invoice (sent, or failed for good): it counts as done for its due date. */
export interface ReminderBehind {
  dueDate: string;
  stepIndex: number;
  occurrence: number;
}

export interface InvoiceReminderFacts {
  status: 'DRAFT' | 'ISSUED' | 'CANCELLED';
  balanceDueCents: bigint;
  /** The due date reminded of (reminderDueDate); null when none can be told. */
  dueDate: string | null;
  /** The client's IANA time zone (theirs, else the studio's). */
  timeZone: string;
  steps: readonly ReminderStep[];
  /** The studio's word on this invoice. */
  control: 'PAUSED' | 'STOPPED' | null;
  /** Every invoice of this client paused. */
  clientPaused: boolean;
  /** A card payment started lately and not settled: the client is paying. */
  cardPaymentPending: boolean;
  /** The client has an email address (reminders go by email, SMS only on top). */
  hasEmail: boolean;
  behind: readonly ReminderBehind[];
}

export type HoldReason =
  | 'paused'
  | 'client_paused'
  | 'card_payment_pending'
  | 'no_steps'
  | 'no_email'
  | 'no_due_date'
  | 'all_sent';
export type EndReason = 'not_issued' | 'settled' | 'stopped';

export type ReminderDecision =
  | { kind: 'end'; reason: EndReason }
  | { kind: 'hold'; reason: HoldReason; recheckAfterMs: number }
  | { kind: 'send'; dueDate: string; reminder: NextReminder };

const HOUR = 3_600_000;
/** A card payment started this recently and not settled holds the reminders (the client is paying); an older one, a checkout left open, does not. */
export const CARD_PAYMENT_HOLD_MS = HOUR;
/**
 * How long a hold lasts before the workflow looks again without being told. Signals (a payment, a
 * resume, new settings) wake it at once; this is the net under a signal that never came.
 */
export const HOLD_RECHECK_MS: Record<HoldReason, number> = {
  paused: 24 * HOUR,
  client_paused: 24 * HOUR,
  // A checkout the client left open does not hold reminders for long: the card provider settles or fails it.
  card_payment_pending: HOUR,
  no_steps: 24 * HOUR,
  no_email: 24 * HOUR,
  no_due_date: 24 * HOUR,
  all_sent: 7 * 24 * HOUR,
};

/**
 * The due date reminders are about: with a payment schedule, the first installment (in due order)
 * the money paid does not cover; else the invoice's own due date. Null when neither is known.
 */
export function reminderDueDate(
  invoiceDueDate: string | null,
  schedule: readonly ScheduledInstallment[] | null,
  amountPaidCents: bigint,
): string | null {
  if (schedule && schedule.length > 0) {
    const paid = new Set(paidInstallments(schedule, amountPaidCents).map((i) => i.index));
    const next = inDueOrder(schedule).find((i) => !paid.has(i.index));
    if (next) return next.dueDate;
  }
  return invoiceDueDate !== null && isCalendarDate(invoiceDueDate) ? invoiceDueDate : null;
}

const hold = (reason: HoldReason): ReminderDecision => ({
  kind: 'hold',
  reason,
  recheckAfterMs: HOLD_RECHECK_MS[reason],
});

/**
 * The decision at `now`. In order: an invoice not issued (a draft, cancelled) or settled (no
 * balance due) ends its reminders, as does the studio's stop; a pause (invoice or client), a card
 * payment in progress, no steps, no email or no due date hold them; else the next reminder of the
 * current due date (nextReminder over the reminders already behind for that date), or a hold
 * when none is left. Steps the studio saved are valid; invalid ones throw (a bug).
 */
export function decideReminder(facts: InvoiceReminderFacts, now: Date): ReminderDecision {
  if (facts.status !== 'ISSUED') return { kind: 'end', reason: 'not_issued' };
  if (facts.balanceDueCents <= 0n) return { kind: 'end', reason: 'settled' };
  if (facts.control === 'STOPPED') return { kind: 'end', reason: 'stopped' };
  if (facts.control === 'PAUSED') return hold('paused');
  if (facts.clientPaused) return hold('client_paused');
  if (facts.cardPaymentPending) return hold('card_payment_pending');
  if (facts.steps.length === 0) return hold('no_steps');
  if (!facts.hasEmail) return hold('no_email');
  if (facts.dueDate === null) return hold('no_due_date');
  const problems = reminderStepProblems(facts.steps);
  if (problems.length) throw new RangeError(`Invalid reminder steps: ${problems.map((p) => p.path).join(', ')}`);
  const dueDate = facts.dueDate;
  const sentCount = facts.steps.map((_, stepIndex) =>
    facts.behind
      .filter((b) => b.dueDate === dueDate && b.stepIndex === stepIndex)
      .reduce((n, b) => Math.max(n, b.occurrence + 1), 0),
  );
  const reminder = nextReminder(facts.steps, {
    dueDate,
    timeZone: facts.timeZone,
    now,
    sentCount,
    paused: false,
    stopped: false,
  });
  return reminder ? { kind: 'send', dueDate, reminder } : hold('all_sent');
}

/** An invoice as stored, with its client, its studio's steps and what holds it (db/queries/invoice-reminders.ts reads it). */
export interface ReminderInvoice {
  status: InvoiceReminderFacts['status'];
  amount: string;
  amount_paid: string;
  balance_due: string;
  due_date: string | null;
  payment_schedule: StoredInstallment[] | null;
  created_at: Date;
  issued_at: Date | null;
  session_start: Date | null;
  contact_email: string | null;
  /** The client's zone, else the studio's. */
  time_zone: string;
  /** Schedules are computed on the studio's calendar. */
  studio_time_zone: string;
  client_paused: boolean;
  control: 'PAUSED' | 'STOPPED' | null;
  steps: StoredReminderStep[];
  card_pending: boolean;
}

/** The facts of a stored invoice: its schedule computed now (one that no longer computes, its session undated, falls back to the invoice's due date). */
export function invoiceReminderFacts(
  invoice: ReminderInvoice,
  behind: readonly ReminderBehind[],
): InvoiceReminderFacts {
  let schedule: ScheduledInstallment[] | null = null;
  if (invoice.payment_schedule?.length) {
    const inputs = installmentInputs(invoice.payment_schedule);
    const context = scheduleContextOf(invoice, invoice.session_start, invoice.studio_time_zone);
    if (scheduleProblems(inputs, context).length === 0) schedule = computeSchedule(inputs, context);
  }
  return {
    status: invoice.status,
    balanceDueCents: toHundredths(invoice.balance_due),
    dueDate: reminderDueDate(invoice.due_date, schedule, toHundredths(invoice.amount_paid)),
    timeZone: invoice.time_zone,
    steps: reminderStepsOf(invoice.steps),
    control: invoice.control,
    clientPaused: invoice.client_paused,
    cardPaymentPending: invoice.card_pending,
    hasEmail: Boolean(invoice.contact_email),
    behind,
  };
}

/** A decision as a workflow carries it (plain values): the moment of a reminder in epoch ms. */
export type ReminderPlan =
  | { kind: 'end'; reason: EndReason }
  | { kind: 'hold'; reason: HoldReason; recheckAfterMs: number }
  | { kind: 'send'; at: number; dueDate: string; stepIndex: number; occurrence: number };

export function reminderPlanOf(decision: ReminderDecision): ReminderPlan {
  if (decision.kind !== 'send') return decision;
  return {
    kind: 'send',
    at: decision.reminder.at.getTime(),
    dueDate: decision.dueDate,
    stepIndex: decision.reminder.stepIndex,
    occurrence: decision.reminder.occurrence,
  };
}
