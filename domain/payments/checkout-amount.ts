import { type UserLocale } from '../accounts/users';
import { portalMessage } from '../client-portal/portal-messages';
import { inDueOrder, type ScheduledInstallment } from '../invoicing/payment-schedule';

/**
 * What "Pay" charges on an invoice from the client portal (issue 31 §3): the balance due, or one
 * installment of its payment schedule, and never more than the balance. Integer cents; pure.
 */

/** Why nothing can be charged: nothing due (409), or an installment the invoice does not have (400). */
export interface CheckoutRefusal {
  code: 'nothing_due' | 'installment_paid' | 'no_schedule' | 'no_such_installment';
  message: string;
}

export interface CheckoutAmountInput {
  /** The ledger's balance due (total − payments + refunds − credit notes, never below 0). */
  balanceDueCents: bigint;
  /** The ledger's money kept (domain/invoicing/ledger.ts `amountPaidCents`). */
  amountPaidCents: bigint;
  /** The invoice's schedule computed now, in list order; null without one. */
  schedule: readonly ScheduledInstallment[] | null;
  /** 1-based number of the installment in the schedule as listed; absent: the balance. */
  installment?: number;
  /** The client's language, which a refusal is worded in (issue 40 §11); English by default. */
  locale?: UserLocale;
}

/**
 * What is left to pay of each installment, by list index: money paid covers installments in due
 * order (paidInstallments' rule), so an installment's unpaid part is what the amount paid does not
 * reach of it. The parts add up to the schedule's total less the amount paid (never below 0).
 */
export function unpaidParts(schedule: readonly ScheduledInstallment[], amountPaidCents: bigint): bigint[] {
  const parts = schedule.map(() => 0n);
  let before = 0n;
  for (const installment of inDueOrder(schedule)) {
    const reached = amountPaidCents - before;
    const left = installment.amountCents - (reached > 0n ? reached : 0n);
    parts[installment.index] = left > 0n ? left : 0n;
    before += installment.amountCents;
  }
  return parts;
}

/**
 * The amount to charge: without `installment`, the balance due; with it, that installment's unpaid
 * part (unpaidParts), capped at the balance (a credit note may have lowered what is owed below
 * the schedule). A refusal when that is nothing, or when the installment does not exist.
 */
export function checkoutAmount(input: CheckoutAmountInput): { amountCents: bigint } | { refusal: CheckoutRefusal } {
  const { balanceDueCents, amountPaidCents, schedule, installment } = input;
  const locale = input.locale ?? 'en-US';
  if (balanceDueCents <= 0n) return { refusal: { code: 'nothing_due', message: portalMessage('nothing_due', locale) } };
  if (installment === undefined) return { amountCents: balanceDueCents };
  if (!schedule || schedule.length === 0)
    return { refusal: { code: 'no_schedule', message: portalMessage('no_schedule', locale) } };
  if (!Number.isInteger(installment) || installment < 1 || installment > schedule.length)
    return {
      refusal: {
        code: 'no_such_installment',
        message: portalMessage('no_such_installment', locale, { count: schedule.length }),
      },
    };
  if (schedule[installment - 1].amountCents === 0n)
    return { refusal: { code: 'nothing_due', message: portalMessage('installment_empty', locale, { installment }) } };
  const part = unpaidParts(schedule, amountPaidCents)[installment - 1];
  if (part <= 0n)
    return {
      refusal: { code: 'installment_paid', message: portalMessage('installment_paid', locale, { installment }) },
    };
  const amountCents = part < balanceDueCents ? part : balanceDueCents;
  return { amountCents };
}

/** What the portal offers to pay now: an installment (1-based, as listed) or the balance, its amount and its due day. */
export interface PaymentDueNow {
  /** 1-based number of the installment in the schedule as listed; null: the balance (no schedule). */
  installment: number | null;
  amountCents: bigint;
  /** The installment's due day (YYYY-MM-DD); without a schedule, the invoice's own due date. */
  dueDate: string | null;
}

/**
 * What the client is asked to pay now (issue 40 §10): with a schedule, the first installment in due
 * order not yet covered by the money paid, for its unpaid part capped at the balance (the amount
 * checkoutAmount charges for it); without one (or one that no longer computes), the balance by the
 * invoice's due date. Null when nothing is due. The portal's page and its Pay button read this.
 */
export function paymentDueNow(input: {
  balanceDueCents: bigint;
  amountPaidCents: bigint;
  schedule: readonly ScheduledInstallment[] | null;
  invoiceDueDate: string | null;
}): PaymentDueNow | null {
  const { balanceDueCents, amountPaidCents, schedule } = input;
  if (balanceDueCents <= 0n) return null;
  if (!schedule || schedule.length === 0)
    return { installment: null, amountCents: balanceDueCents, dueDate: input.invoiceDueDate };
  const parts = unpaidParts(schedule, amountPaidCents);
  const next = inDueOrder(schedule).find((i) => parts[i.index] > 0n);
  // Every installment covered yet a balance left (a schedule below the total): the balance.
  if (!next) return { installment: null, amountCents: balanceDueCents, dueDate: input.invoiceDueDate };
  const part = parts[next.index];
  return {
    installment: next.index + 1,
    amountCents: part < balanceDueCents ? part : balanceDueCents,
    dueDate: next.dueDate,
  };
}
