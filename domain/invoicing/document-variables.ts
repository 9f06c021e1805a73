import { type UserLocale } from '../accounts/users';
import { displayNumber } from './document-number';
import { formatDay, formatMoney } from './document-html';
import { toHundredths } from './money';

/** The quote or invoice fields its messages read (a plain row or a model). */
export interface MessageDocument {
  id: string;
  created_at: Date;
  number?: string | null;
  title: string;
  amount: string | number;
  /** ISO 4217 code of its amounts. */
  currency: string;
  valid_until?: string | null;
  due_date?: string | null;
  balance_due?: string | number | null;
}

/** The `{{ }}` variables of a quote's messages (email templates, workflow tasks). */
export const QUOTE_VARIABLES = ['quote.number', 'quote.title', 'quote.amount', 'quote.valid_until'] as const;
/** The `{{ }}` variables of an invoice's messages. */
export const INVOICE_VARIABLES = [
  'invoice.number',
  'invoice.title',
  'invoice.amount',
  'invoice.balance_due',
  'invoice.due_date',
] as const;

/**
 * The variables of the messages about a quote or an invoice, written for the reader: the number
 * it shows (the legal one once issued), its title, amounts in the reader's language and the document's currency and
 * dates as calendar days. One map for the document emails and the workflow tasks.
 */
export function documentMessageVariables(
  kind: 'quote' | 'invoice',
  document: MessageDocument,
  locale: UserLocale,
  timeZone: string,
): Record<string, string> {
  const money = (value: string | number | null | undefined) =>
    formatMoney(toHundredths(value ?? 0), locale, document.currency);
  const day = (value: string | null | undefined) => (value ? formatDay(value, locale) : '');
  const common = { number: displayNumber(document, timeZone), title: document.title, amount: money(document.amount) };
  if (kind === 'quote')
    return {
      'quote.number': common.number,
      'quote.title': common.title,
      'quote.amount': common.amount,
      'quote.valid_until': day(document.valid_until),
    };
  return {
    'invoice.number': common.number,
    'invoice.title': common.title,
    'invoice.amount': common.amount,
    'invoice.balance_due': money(document.balance_due ?? document.amount),
    'invoice.due_date': day(document.due_date),
  };
}
