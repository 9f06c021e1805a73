import { type UserLocale } from '../accounts/users';
import { ConflictError, ValidationError } from '../errors';
import { type OperationCategory } from './billing-framework';
import { depositLineLabel, depositParts, splitDeposit } from './deposits';
import { type StoredTax, storedTaxOf, type TaxableLine, usesTaxLines } from './line-taxes';
import { centsToDecimal } from './money';
import { invoiceOperation } from './operation-category';
import { computeSchedule, scheduleProblems } from './payment-schedule';
import { installmentInputs, scheduleContextOf, type StoredInstallment } from './stored-schedule';
import { splitTaxDeposit, taxSetLabel, taxSetParts } from './tax-deposits';
import { computeTotals, type LineInput } from './totals';

/** A quote as its deposits read it. */
export interface DepositedQuote {
  status: string;
  number: string | null;
  amount: string;
  created_at: Date;
  payment_schedule: StoredInstallment[] | null;
  items?: (LineInput & TaxableLine)[];
}

/** What one installment of a quote's schedule bills now. */
export interface DueInstallment {
  amountCents: bigint;
  /** YYYY-MM-DD. */
  dueDate: string;
  percentage: number | undefined;
}

/**
 * The installment `installment` (from 0) of a quote's schedule as a deposit invoice bills it
 * (issue 21 §1): only on a quote sent or accepted (409 `quote_rejected`, `quote_not_sent`), an
 * installment the schedule has (400), a schedule that computes as things stand (400 naming each
 * problem), and an amount above 0.
 */
export function dueInstallment(
  quote: DepositedQuote,
  sessionStart: Date | null | undefined,
  timeZone: string,
  installment: number,
): DueInstallment {
  if (quote.status === 'REJECTED')
    throw new ConflictError('quote_rejected', 'This quote was refused: no deposit can be billed on it');
  if (quote.status === 'PENDING' || !quote.number)
    throw new ConflictError('quote_not_sent', 'Send the quote, or mark it accepted, before billing a deposit on it');
  const stored = quote.payment_schedule ?? [];
  if (installment >= stored.length) {
    const message =
      stored.length === 0
        ? 'The quote has no payment schedule'
        : `The quote's schedule has ${stored.length} installment${stored.length === 1 ? '' : 's'}: 0 to ${stored.length - 1}`;
    throw new ValidationError(message, [{ path: 'installment', message }]);
  }
  const context = scheduleContextOf(quote, sessionStart, timeZone);
  const inputs = installmentInputs(stored);
  const problems = scheduleProblems(inputs, context);
  if (problems.length > 0)
    throw new ValidationError("The quote's payment schedule cannot be computed as things stand", problems);
  const due = computeSchedule(inputs, context)[installment];
  if (due.amountCents <= 0n)
    throw new ValidationError('This installment comes to 0.00: there is nothing to bill', [
      { path: 'installment', message: 'comes to 0.00' },
    ]);
  return { amountCents: due.amountCents, dueDate: due.dueDate, percentage: stored[installment].percentage };
}

/** A line of a deposit invoice, priced with tax. */
export interface DepositLine {
  item_type: 'SESSION_TYPE';
  description: string;
  quantity: number;
  price_with_tax: number;
  price_includes_tax: true;
  display_order: number;
  taxes?: StoredTax[];
  vat_percentage?: number;
  category?: OperationCategory;
}

/**
 * A deposit invoice's lines: the installment split over the quote's VAT rates (deposits.ts) or,
 * when its lines carry their own taxes, over its sets of taxes (tax-deposits.ts), what the quote's
 * other deposits took taken off first; one line per rate or set, priced with tax.
 */
export function depositLines(
  quote: Pick<DepositedQuote, 'number' | 'items'>,
  earlier: readonly { items?: (LineInput & TaxableLine)[] }[],
  amountCents: bigint,
  percentage: number | undefined,
  locale: UserLocale,
): DepositLine[] {
  const line = (index: number, withTaxCents: bigint, rate: number | string, several: boolean): DepositLine => ({
    item_type: 'SESSION_TYPE',
    description: depositLineLabel(quote.number!, percentage, rate, several, locale),
    quantity: 1,
    price_with_tax: Number(centsToDecimal(withTaxCents)),
    price_includes_tax: true,
    display_order: index,
  });
  if (usesTaxLines(quote.items ?? [])) {
    const parts = splitTaxDeposit(
      amountCents,
      taxSetParts(quote.items ?? []),
      earlier.flatMap((d) => taxSetParts(d.items ?? [])),
    );
    return parts.map((p, index) => ({
      ...line(index, p.withTaxCents, taxSetLabel(p), parts.length > 1),
      taxes: p.taxes.map(storedTaxOf),
    }));
  }
  const parts = splitDeposit(
    amountCents,
    computeTotals(quote.items ?? []).vat,
    earlier.flatMap((d) => depositParts(computeTotals(d.items ?? []).vat)),
  );
  return parts.map((p, index) => ({
    ...line(index, p.withTaxCents, p.vatBasisPoints, parts.length > 1),
    vat_percentage: p.vatBasisPoints / 100,
    category: depositCategory(quote.items ?? [], p.vatBasisPoints),
  }));
}

/**
 * What a deposit line bills (issue 32 §5): goods when every priced line of the quote at its VAT
 * rate sells goods, else services (a share of a session, or of both).
 */
function depositCategory(items: readonly LineInput[], vatBasisPoints: number): OperationCategory {
  const atRate = items.filter((i) => Math.round(Number(i.vat_percentage) * 100) === vatBasisPoints);
  return invoiceOperation(atRate) === 'GOODS' ? 'GOODS' : 'SERVICES';
}
