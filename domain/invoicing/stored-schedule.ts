import { formatDateInZone } from '../wall-clock';
import { isCalendarDate } from './calendar-date';
import { centsToDecimal, toHundredths } from './money';
import {
  computeSchedule,
  type DueRule,
  type InstallmentInput,
  paidInstallments,
  type ScheduleContext,
  type ScheduledInstallment,
  scheduleProblems,
} from './payment-schedule';

/** An installment as stored and as the API takes it: a percentage, or an amount as a decimal string. */
export interface StoredInstallment {
  percentage?: number;
  amount?: string;
  due: DueRule;
}

/** The stored installments as the schedule rules read them (amounts in cents). */
export function installmentInputs(stored: readonly StoredInstallment[]): InstallmentInput[] {
  return stored.map((s) => ({
    ...(s.percentage !== undefined ? { percentage: s.percentage } : {}),
    ...(s.amount !== undefined ? { amountCents: toHundredths(s.amount) } : {}),
    due: {
      type: s.due.type,
      ...(s.due.days !== undefined ? { days: s.due.days } : {}),
      ...(s.due.date !== undefined ? { date: s.due.date } : {}),
    },
  }));
}

/** An installment as the API shows it: what the studio set, then its computed amount and due date, and whether it is paid. */
export function presentInstallment(stored: StoredInstallment, computed: ScheduledInstallment, paid: boolean) {
  return {
    ...(stored.percentage !== undefined ? { percentage: stored.percentage } : {}),
    ...(stored.amount !== undefined ? { amount_set: stored.amount } : {}),
    due: stored.due,
    amount: centsToDecimal(computed.amountCents),
    due_date: computed.dueDate,
    follows_session: computed.followsSession,
    paid,
  };
}

/**
 * What a document's schedule is computed against: its total, its booking day (an issued invoice's
 * issue, else the document's creation) and its session's start day, on the studio's calendar.
 */
export function scheduleContextOf(
  document: { amount: string; created_at: Date; issued_at?: Date | null },
  sessionStart: Date | null | undefined,
  timeZone: string,
): ScheduleContext {
  const start = sessionStart ? formatDateInZone(sessionStart, timeZone) : null;
  return {
    totalCents: toHundredths(document.amount),
    bookingDate: formatDateInZone(document.issued_at ?? document.created_at, timeZone),
    // A session dated outside the calendar the rules count on (years 1000 to 9999) counts as undated.
    sessionStart: start !== null && isCalendarDate(start) && start < '9000' ? start : null,
  };
}

/** A quote or invoice as its schedule is computed: its total and days, its stored schedule, its session's start. */
export interface ScheduledDocument {
  amount: string;
  created_at: Date;
  issued_at?: Date | null;
  payment_schedule?: readonly StoredInstallment[] | null;
  /** The session read with the document (db/queries/schedule-session.ts); absent or null: none. */
  session?: { start_date: Date | null } | null;
}

/**
 * A document's schedule computed now, or null without one (or when it no longer computes: its
 * session undated). The one computation the studio's reads, the client's, the checkout and the
 * files share (issue 40 §9).
 */
export function documentScheduleNow(document: ScheduledDocument, timeZone: string): ScheduledInstallment[] | null {
  const stored = document.payment_schedule;
  if (!stored?.length) return null;
  const inputs = installmentInputs(stored);
  const context = scheduleContextOf(document, document.session?.start_date, timeZone);
  if (!isCalendarDate(context.bookingDate) || scheduleProblems(inputs, context).length > 0) return null;
  return computeSchedule(inputs, context);
}

/**
 * A document's schedule as the API shows it, or null without one: each installment with its
 * amount and due date computed now (so dates that follow the session move with it), and paid
 * once the money kept covers it (`amountPaidCents`, invoices only).
 */
export function presentSchedule(document: ScheduledDocument, timeZone: string, amountPaidCents: bigint) {
  const stored = document.payment_schedule;
  if (!stored || stored.length === 0) return null;
  const computed = documentScheduleNow(document, timeZone);
  // A stored schedule was valid when saved; a later change (a session undated) can make it uncomputable.
  if (!computed)
    return stored.map((s) => ({
      ...s,
      amount: null,
      due_date: null,
      follows_session: s.due.type === 'before_start' || s.due.type === 'after_start',
      paid: false,
    }));
  const paid = new Set(paidInstallments(computed, amountPaidCents).map((i) => i.index));
  return computed.map((c) => presentInstallment(stored[c.index], c, paid.has(c.index)));
}
