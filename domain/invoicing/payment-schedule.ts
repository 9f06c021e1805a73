import { addDays, isCalendarDate } from './calendar-date';
import { centsToDecimal } from './money';

/**
 * Payment schedules (issue 21 §1): a quote or an invoice paid in installments, each a percentage
 * or a fixed amount, due on booking, on a fixed date, or a number of days before or after the
 * session's start. This module checks a schedule, computes each installment's amount (always
 * adding up to the total, to the cent) and due date, and tells which installments the money paid
 * covers. Integer cents, calendar dates (`YYYY-MM-DD`); nothing here reads or writes a row.
 */

export const DUE_TYPES = ['on_booking', 'fixed', 'before_start', 'after_start'] as const;
export type DueType = (typeof DUE_TYPES)[number];

/** When an installment is due: `days` for before_start and after_start only, `date` for fixed only. */
export interface DueRule {
  type: DueType;
  days?: number;
  date?: string;
}

/** One installment as the studio gives it: a percentage (0.01 to 100, two decimals at most) or an amount in cents, not both. */
export interface InstallmentInput {
  percentage?: number;
  amountCents?: bigint;
  due: DueRule;
}

/** What a schedule is computed against. */
export interface ScheduleContext {
  /** The document's total in cents, VAT included (≥ 0). */
  totalCents: bigint;
  /** The day the document was booked (quote accepted, invoice created), on the studio's calendar. */
  bookingDate: string;
  /** The session's start day on the studio's calendar, or null for a document without a dated session. */
  sessionStart: string | null;
}

/** A problem with a schedule: `path` names the API field (`payment_schedule.1.due.days`), `message` is for the studio. */
export interface ScheduleProblem {
  path: string;
  message: string;
}

/** An installment computed: its amount, its due date, and why that date. */
export interface ScheduledInstallment {
  /** Position in the schedule as given, from 0. */
  index: number;
  amountCents: bigint;
  dueDate: string;
  /** Due relative to the session's start (before_start, after_start): moves when the session does. */
  followsSession: boolean;
  /** The rule gave a day before the booking date; the installment is due on the booking date instead. */
  movedToBooking: boolean;
}

export const MAX_INSTALLMENTS = 12;
/** The most days an installment may be due before or after the session's start: ten years. */
export const MAX_DUE_DAYS = 3650;

/** The schedule's field in the API body, the root of every problem's path. */
const ROOT = 'payment_schedule';
const HUNDRED_PERCENT = 10_000n; // in basis points

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;
const isRelative = (type: DueType) => type === 'before_start' || type === 'after_start';

/** A percentage in basis points (33.33 → 3333), or null when it is not a number with at most two decimals. */
function basisPoints(percentage: number): bigint | null {
  if (typeof percentage !== 'number' || !Number.isFinite(percentage)) return null;
  const scaled = Math.round(percentage * 100);
  // 33.33 * 100 is 3332.9999999999995 in binary floating point: compare with a tolerance, not ===.
  return Math.abs(percentage * 100 - scaled) < 1e-6 ? BigInt(scaled) : null;
}

function checkContext(context: ScheduleContext): void {
  if (typeof context.totalCents !== 'bigint' || context.totalCents < 0n)
    throw new RangeError(`A document total is 0 or more cents: ${String(context.totalCents)}`);
  if (!isCalendarDate(context.bookingDate))
    throw new RangeError(`Not a booking date (YYYY-MM-DD): ${context.bookingDate}`);
  if (context.sessionStart !== null && !isCalendarDate(context.sessionStart))
    throw new RangeError(`Not a session start date (YYYY-MM-DD): ${context.sessionStart}`);
}

function dueProblems(due: DueRule | undefined, path: string, context: ScheduleContext): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const need = (field: string, message: string) => problems.push({ path: field ? `${path}.${field}` : path, message });
  if (!due || !DUE_TYPES.includes(due.type)) {
    need('type', `The due rule's type is one of ${DUE_TYPES.join(', ')}`);
    return problems;
  }
  if (isRelative(due.type)) {
    const when = due.type === 'before_start' ? 'before' : 'after';
    if (!given(due.days)) need('days', `Give the number of days ${when} the session's start`);
    else if (!Number.isInteger(due.days) || due.days < 0) need('days', 'The number of days is a whole number from 0');
    else if (due.days > MAX_DUE_DAYS) need('days', `The number of days is at most ${MAX_DUE_DAYS}`);
    if (given(due.date)) need('date', 'Only a fixed due date takes a date');
    if (context.sessionStart === null)
      need(
        'type',
        "This installment follows the session's start, but there is no dated session: choose on_booking or fixed, or date the session first",
      );
  } else {
    if (given(due.days))
      need('days', "Only a due date relative to the session's start (before_start, after_start) takes days");
    if (due.type === 'fixed') {
      if (!given(due.date)) need('date', 'A fixed due date needs its date (YYYY-MM-DD)');
      else if (!isCalendarDate(due.date)) need('date', `${String(due.date)} is not a calendar date (YYYY-MM-DD)`);
    } else if (given(due.date)) need('date', 'Only a fixed due date takes a date');
  }
  return problems;
}

/**
 * Every problem with `installments` against `context`, empty when the schedule may be saved. The
 * context must be sound (a total of 0 or more, real dates): a bad one is a bug, and throws.
 */
export function scheduleProblems(
  installments: readonly InstallmentInput[],
  context: ScheduleContext,
): ScheduleProblem[] {
  checkContext(context);
  const problems: ScheduleProblem[] = [];
  if (installments.length === 0) return [{ path: ROOT, message: 'A payment schedule needs at least one installment' }];
  if (installments.length > MAX_INSTALLMENTS)
    problems.push({
      path: ROOT,
      message: `A payment schedule has at most ${MAX_INSTALLMENTS} installments; this one has ${installments.length}`,
    });
  let percentTotal = 0n;
  let fixedTotal = 0n;
  let percentCount = 0;
  installments.forEach((installment, index) => {
    const path = `${ROOT}.${index}`;
    const hasPercentage = given(installment.percentage);
    const hasAmount = given(installment.amountCents);
    if (hasPercentage && hasAmount) problems.push({ path, message: 'Give a percentage or an amount, not both' });
    else if (!hasPercentage && !hasAmount) problems.push({ path, message: 'Give a percentage or an amount' });
    else if (hasPercentage) {
      percentCount += 1;
      const bp = basisPoints(installment.percentage as number);
      if (bp === null)
        problems.push({ path: `${path}.percentage`, message: 'A percentage has at most two decimals (33.33)' });
      else if (bp <= 0n || bp > HUNDRED_PERCENT)
        problems.push({ path: `${path}.percentage`, message: 'A percentage is more than 0 and at most 100' });
      else percentTotal += bp;
    } else {
      const amount = installment.amountCents;
      if (typeof amount !== 'bigint' || amount <= 0n)
        problems.push({ path: `${path}.amount`, message: 'An amount is more than 0.00' });
      else fixedTotal += amount;
    }
    problems.push(...dueProblems(installment.due, `${path}.due`, context));
  });
  if (percentTotal > HUNDRED_PERCENT)
    problems.push({
      path: ROOT,
      message: `The percentages add up to ${centsToDecimal(percentTotal)} %, more than 100 %`,
    });
  if (fixedTotal > context.totalCents) {
    problems.push({
      path: ROOT,
      message: `The fixed amounts add up to ${centsToDecimal(fixedTotal)}, more than the document's total, ${centsToDecimal(context.totalCents)}`,
    });
  } else if (fixedTotal > 0n && fixedTotal === context.totalCents && percentCount > 0) {
    problems.push({
      path: ROOT,
      message: 'The fixed amounts already make the whole total: the installments given as a percentage would be 0.00',
    });
  }
  return problems;
}

/**
 * `rest` shared by `shares` (basis points adding up to exactly 100 %) with the largest remainder
 * method: each gets the floor of its exact share, then the cents left go one each to the largest
 * fractional parts, ties to the earlier share. The result adds up to `rest` exactly.
 */
function largestRemainder(rest: bigint, shares: readonly bigint[]): bigint[] {
  const floors = shares.map((bp) => (rest * bp) / HUNDRED_PERCENT);
  let left = rest - floors.reduce((a, b) => a + b, 0n);
  const order = shares
    .map((bp, i) => ({ i, remainder: (rest * bp) % HUNDRED_PERCENT }))
    .sort((a, b) => (a.remainder > b.remainder ? -1 : a.remainder < b.remainder ? 1 : a.i - b.i));
  // Fewer cents are left than shares (each fractional part is below one cent), so one each suffices.
  for (const { i } of order) {
    if (left === 0n) break;
    floors[i] += 1n;
    left -= 1n;
  }
  return floors;
}

/**
 * Each installment's amount and due date, in the order given. Throws a RangeError when
 * scheduleProblems finds anything: a schedule is checked before it is saved.
 *
 * Amounts: the fixed amounts first; the rest (total − fixed amounts) is shared by the percentages
 * with the largest remainder method, to the cent. When the percentages add up to less than 100 %
 * (or there are none), the share they leave is apportioned with them and added to the last
 * installment of the list, so the amounts always add up to the total. The last of the list, not
 * the last due: due dates move with the session, amounts must not.
 *
 * Due dates: on_booking → the booking date; fixed → its date; before_start → start − days;
 * after_start → start + days. A date before the booking date becomes the booking date (nothing is
 * due before the client booked; `movedToBooking` says so).
 */
export function computeSchedule(
  installments: readonly InstallmentInput[],
  context: ScheduleContext,
): ScheduledInstallment[] {
  const problems = scheduleProblems(installments, context);
  if (problems.length)
    throw new RangeError(`Invalid payment schedule: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);

  const fixedTotal = installments.reduce((sum, i) => sum + (i.amountCents ?? 0n), 0n);
  const percentIndexes = installments.flatMap((i, index) => (given(i.percentage) ? [index] : []));
  const shares = percentIndexes.map((index) => basisPoints(installments[index].percentage as number) as bigint);
  const unshared = HUNDRED_PERCENT - shares.reduce((a, b) => a + b, 0n);
  const apportioned = largestRemainder(context.totalCents - fixedTotal, [...shares, unshared]);

  const amounts = installments.map((i) => i.amountCents ?? 0n);
  percentIndexes.forEach((index, k) => (amounts[index] = apportioned[k]));
  amounts[amounts.length - 1] += apportioned[apportioned.length - 1];

  return installments.map(({ due }, index) => {
    const raw = dueDateOf(due, context);
    return {
      index,
      amountCents: amounts[index],
      dueDate: raw < context.bookingDate ? context.bookingDate : raw,
      followsSession: isRelative(due.type),
      movedToBooking: raw < context.bookingDate,
    };
  });
}

/** The day a valid rule gives, before moving it to the booking date. */
function dueDateOf(due: DueRule, { bookingDate, sessionStart }: ScheduleContext): string {
  switch (due.type) {
    case 'on_booking':
      return bookingDate;
    case 'fixed':
      return due.date as string;
    case 'before_start':
      return addDays(sessionStart as string, -(due.days as number));
    case 'after_start':
      return addDays(sessionStart as string, due.days as number);
  }
}

/** The installments in the order they fall due: by due date, then as listed. */
export function inDueOrder(schedule: readonly ScheduledInstallment[]): ScheduledInstallment[] {
  return [...schedule].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.index - b.index));
}

/**
 * The installments the money paid covers, in due order: an installment is paid when the amount
 * paid reaches the sum of the amounts of the installments due up to it, itself included. Money is
 * applied to the earliest due first, whatever the client meant it for; an installment of 0.00 is
 * paid as soon as those before it are. `amountPaidCents` is the ledger's `amountPaidCents`.
 */
export function paidInstallments(
  schedule: readonly ScheduledInstallment[],
  amountPaidCents: bigint,
): ScheduledInstallment[] {
  const paid: ScheduledInstallment[] = [];
  let cumulated = 0n;
  for (const installment of inDueOrder(schedule)) {
    cumulated += installment.amountCents;
    if (cumulated > amountPaidCents) break;
    paid.push(installment);
  }
  return paid;
}

/**
 * The installments whose due date differs between two computations of the same schedule (before
 * and after the session moved): what the client is told once, with the new dates.
 */
export function changedDueDates(
  before: readonly ScheduledInstallment[],
  after: readonly ScheduledInstallment[],
): { index: number; from: string; to: string }[] {
  if (before.length !== after.length)
    throw new RangeError('Two computations of one schedule have as many installments');
  return before.flatMap((b, index) =>
    b.dueDate === after[index].dueDate ? [] : [{ index, from: b.dueDate, to: after[index].dueDate }],
  );
}
