import { type DepositDeduction } from './deposits';
import { type TaxableLine, taxedItems } from './line-taxes';
import { toHundredths } from './money';

/** A final invoice's DEPOSIT line as stored. */
export type StoredDeduction = TaxableLine & {
  deposit_invoice_id: string | null;
  vat_percentage: string | number | null;
  total: string | number;
  price_without_tax: string | number;
};

// A deduction's rate: its VAT rate, or its set of taxes with what each took (a quote with tax lines).
const taxesKey = (taxes: readonly { name: string; milliPercent: number; amountCents: bigint }[]) =>
  taxes
    .map((t) => `${t.name}@${t.milliPercent}=${t.amountCents}`)
    .sort()
    .join('|');
const key = (depositId: string | null, rate: string, withTaxCents: bigint, baseCents: bigint) =>
  `${depositId}:${rate}:${withTaxCents}:${baseCents}`;

/**
 * Whether a final invoice's stored deduction lines are the ones its quote's deposits call for now
 * (issue 21 §1): the same deposits, rates or sets of taxes, and amounts; the labels are not
 * compared (any language will do).
 */
export function deductionsMatch(wanted: readonly DepositDeduction[], stored: readonly StoredDeduction[]): boolean {
  const want = wanted
    .map((d) =>
      key(d.depositInvoiceId, d.taxes ? taxesKey(d.taxes) : String(d.vatBasisPoints), d.withTaxCents, d.baseCents),
    )
    .sort();
  const have = stored
    .map((l) =>
      key(
        l.deposit_invoice_id,
        l.taxes ? taxesKey(taxedItems([l])[0].deposit_taxes ?? []) : String(Math.round(Number(l.vat_percentage) * 100)),
        toHundredths(l.total),
        toHundredths(l.price_without_tax),
      ),
    )
    .sort();
  return JSON.stringify(want) === JSON.stringify(have);
}
