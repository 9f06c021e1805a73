import { centsToDecimal, toHundredths } from '../invoicing/money';
import { type LedgerSource } from './record-content';

/** The totals a closure keeps per currency, in cents while they are added. */
export const TOTAL_FIELDS = [
  'invoiced_incl_tax',
  'invoiced_excl_tax',
  'credited_incl_tax',
  'credited_excl_tax',
  'paid',
  'reversed',
  'refunded',
] as const;
export type TotalField = (typeof TOTAL_FIELDS)[number];

/** One record's share of a closure's totals. */
export interface Contribution {
  currency: string;
  cents: Partial<Record<TotalField, bigint>>;
}

/** A closure's totals as stored: per currency (ISO 4217), each field a decimal string ("1200.00"). */
export type ClosureTotals = Record<string, Record<TotalField, string>>;

const taxCents = (summary: unknown, field: 'vat' | 'amount'): bigint =>
  Array.isArray(summary)
    ? summary.reduce<bigint>((sum, part) => sum + toHundredths((part as Record<string, string>)[field]), 0n)
    : 0n;

/**
 * What one record adds to its period: an invoice its amount with tax and without (the amount less
 * its taxes: the tax lines' summary when it has one, else its VAT summary; an invoice issued with
 * no summary kept counts its whole amount), a credit note the same from its VAT breakdown, a
 * payment, reversal or refund its amount.
 */
export function contributionOf(source: LedgerSource): Contribution {
  switch (source.type) {
    case 'INVOICE_ISSUED': {
      const { row } = source;
      const amount = toHundredths(row.amount);
      const taxes = row.tax_amounts ? taxCents(row.tax_amounts, 'amount') : taxCents(row.vat_amounts, 'vat');
      return { currency: row.currency, cents: { invoiced_incl_tax: amount, invoiced_excl_tax: amount - taxes } };
    }
    case 'CREDIT_NOTE_ISSUED': {
      const { row } = source;
      const amount = toHundredths(row.amount);
      return {
        currency: row.currency,
        cents: { credited_incl_tax: amount, credited_excl_tax: amount - taxCents(row.vat_parts, 'vat') },
      };
    }
    default: {
      const { row } = source;
      const field: TotalField = row.kind === 'payment' ? 'paid' : row.kind === 'refund' ? 'refunded' : 'reversed';
      return { currency: row.currency, cents: { [field]: toHundredths(row.amount) } };
    }
  }
}

/** The totals of a period's records, per currency (currencies in code order, every field present). */
export function closureTotals(shares: readonly Contribution[]): ClosureTotals {
  const sums = new Map<string, Record<TotalField, bigint>>();
  for (const share of shares) {
    const sum =
      sums.get(share.currency) ?? (Object.fromEntries(TOTAL_FIELDS.map((f) => [f, 0n])) as Record<TotalField, bigint>);
    for (const field of TOTAL_FIELDS) sum[field] += share.cents[field] ?? 0n;
    sums.set(share.currency, sum);
  }
  return Object.fromEntries(
    [...sums.keys()]
      .sort()
      .map((currency) => [
        currency,
        Object.fromEntries(TOTAL_FIELDS.map((f) => [f, centsToDecimal(sums.get(currency)![f])])) as Record<
          TotalField,
          string
        >,
      ]),
  );
}
