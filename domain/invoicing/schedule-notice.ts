import { languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { formatDay, formatMoney } from './document-html';
import { changedDueDates, computeSchedule, paidInstallments, type ScheduleContext } from './payment-schedule';
import { installmentInputs, type StoredInstallment } from './stored-schedule';

const WORDS = {
  'fr-FR': (n: number, amount: string, to: string, from: string) =>
    `Échéance ${n} : ${amount}, le ${to} (au lieu du ${from})`,
  'en-US': (n: number, amount: string, to: string, from: string) =>
    `Installment ${n}: ${amount}, due ${to} (instead of ${from})`,
} as const;

/**
 * The lines of a schedule notice (issue 21 §1): each unpaid installment whose due date moved with
 * the session, with its amount and its new and former dates in the reader's language; empty when
 * nothing the client still owes moved (then no email goes out). Pure.
 */
export function scheduleNoticeLines(
  stored: readonly StoredInstallment[],
  before: ScheduleContext,
  after: ScheduleContext,
  amountPaidCents: bigint,
  locale: UserLocale,
  currency: string,
): string[] {
  const inputs = installmentInputs(stored);
  const was = computeSchedule(inputs, before);
  const now = computeSchedule(inputs, after);
  const paid = new Set(paidInstallments(now, amountPaidCents).map((i) => i.index));
  return changedDueDates(was, now)
    .filter((change) => !paid.has(change.index))
    .map((change) =>
      WORDS[languageOf(locale)](
        change.index + 1,
        formatMoney(now[change.index].amountCents, locale, currency),
        formatDay(change.to, locale),
        formatDay(change.from, locale),
      ),
    );
}

/** The tracking key of the notice of move `eventId` for document `documentId`: one email per document and move. */
export const scheduleNoticeKey = (eventId: string, documentId: string): string =>
  `schedule-changed:${eventId}:${documentId}`;
