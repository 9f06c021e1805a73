import { isFrench, languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { type CreditVatPart, type CreditVatWeight, splitCreditByVat } from './credit-vat';
import { type TaxPart } from './credit-taxes';
import { type TaxAmount } from './tax-lines';
import { centsToDecimal } from './money';
import { type StoredInstallment } from './stored-schedule';
import { type DocumentTotals, type VatLine } from './totals';

/**
 * Deposit invoices (factures d'acompte, issue 21 §1): the pure rules. A deposit invoice bills one
 * installment of a quote's schedule before the service, VAT included, split over the quote's VAT
 * rates; the final invoice made from the quote then deducts every issued deposit (net of its
 * credit notes), one line per deposit and rate, so the VAT declared on the deposits is never
 * declared twice. Amounts in cents (integers), rates in basis points.
 */

/** One VAT rate's share of a deposit: with tax, and its base and VAT (base + VAT = with tax). */
export type DepositPart = CreditVatPart;

/** Each rate's amount with tax: what a split is in proportion to. */
export function withTaxByRate(vat: readonly VatLine[]): CreditVatWeight[] {
  return vat.map((v) => ({ vatBasisPoints: v.vatBasisPoints, withTaxCents: v.baseCents + v.vatCents }));
}

/** A deposit invoice's totals per rate as the parts splitDeposit answers (its lines are those parts). */
export function depositParts(vat: readonly VatLine[]): DepositPart[] {
  return vat.map((v) => ({
    vatBasisPoints: v.vatBasisPoints,
    withTaxCents: v.baseCents + v.vatCents,
    baseCents: v.baseCents,
    vatCents: v.vatCents,
  }));
}

/**
 * An installment (cents with tax, above 0) split over the quote's VAT rates in proportion to what
 * each rate has left with tax once the quote's earlier deposits (`earlier`, their parts) are taken
 * off (largest remainder to the cent, the earlier, lower rate on a tie), each share then split into
 * base (rounded half away from zero) and VAT (the rest). The parts add up exactly to the
 * installment; lowest rate first; a rate with nothing left takes no share, so deposits together
 * never take more at a rate than the quote holds there (a 6-cent line at 10 % billed by two
 * deposits of 41.9 % each: 2 cents, then 3, not 3 and 3).
 */
export function splitDeposit(
  installmentCents: bigint,
  quoteVat: readonly VatLine[],
  earlier: readonly DepositPart[] = [],
): DepositPart[] {
  if (installmentCents <= 0n) throw new RangeError('A deposit is more than 0');
  const weights = withTaxByRate(quoteVat).map((w) => {
    const taken = earlier
      .filter((p) => p.vatBasisPoints === w.vatBasisPoints)
      .reduce((sum, p) => sum + p.withTaxCents, 0n);
    return { ...w, withTaxCents: w.withTaxCents > taken ? w.withTaxCents - taken : 0n };
  });
  // Earlier deposits past the quote (it was lowered since): the quote's own weights, as before.
  return splitCreditByVat(
    installmentCents,
    weights.some((w) => w.withTaxCents > 0n) ? weights : withTaxByRate(quoteVat),
  );
}

/**
 * What is left of an issued deposit invoice once its credit notes are taken off, per rate: the
 * deposit's own base and VAT at each rate (`depositVat`, its totals) less each credit note's
 * breakdown as stored at issue (`credits`: whole lines at their rate, an amount over what was
 * still creditable at each rate), the one its documents show. Only rates with something left are
 * answered. Should the stored parts leave a rate below zero (a credit note of whole lines worth
 * more than the deposit at a rate, or one from before the breakdowns were stored), what is left
 * in all is split again pro rata over the deposit's rates instead, so no part is ever negative.
 */
export function remainingDeposit(
  depositVat: readonly VatLine[],
  credits: readonly (readonly CreditVatPart[])[],
): DepositPart[] {
  const weights = withTaxByRate(depositVat);
  const left = new Map<number, DepositPart>(depositParts(depositVat).map((p) => [p.vatBasisPoints, p]));
  for (const credit of credits) {
    for (const p of credit) {
      const part = left.get(p.vatBasisPoints) ?? {
        vatBasisPoints: p.vatBasisPoints,
        withTaxCents: 0n,
        baseCents: 0n,
        vatCents: 0n,
      };
      left.set(p.vatBasisPoints, {
        vatBasisPoints: p.vatBasisPoints,
        withTaxCents: part.withTaxCents - p.withTaxCents,
        baseCents: part.baseCents - p.baseCents,
        vatCents: part.vatCents - p.vatCents,
      });
    }
  }
  const parts = [...left.values()].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
  const consistent = parts.every(
    (p) => p.withTaxCents >= 0n && p.baseCents >= 0n && p.vatCents >= 0n && (p.withTaxCents > 0n || p.baseCents === 0n),
  );
  if (consistent) return parts.filter((p) => p.withTaxCents > 0n);
  const total = parts.reduce((sum, p) => sum + p.withTaxCents, 0n);
  return total > 0n ? splitCreditByVat(total, weights) : [];
}

/** An issued deposit invoice as the final invoice deducts it. */
export interface IssuedDeposit {
  invoiceId: string;
  /** Its legal number (F-2026-00012). */
  number: string;
  /** Its issue day on the studio's calendar, YYYY-MM-DD. */
  issuedOn: string;
  /** What is left of it per rate (remainingDeposit). */
  remaining: readonly DepositPart[];
  /** A deposit of a quote with tax lines: what is left of it per set of taxes (tax-deposits.ts), instead. */
  remainingTaxes?: readonly TaxPart[];
}

/** One deduction line of a final invoice: negative amounts, at one rate, naming its deposit. */
export interface DepositDeduction {
  depositInvoiceId: string;
  label: string;
  vatBasisPoints: number;
  /** Below 0: what is taken off, with tax. */
  withTaxCents: bigint;
  /** Below 0: what is taken off the rate's base. */
  baseCents: bigint;
  /** A deposit of a quote with tax lines: the set of taxes, each with what is taken off (below 0); vatBasisPoints is then 0. */
  taxes?: TaxAmount[];
}

const words = { 'fr-FR': { deposit: 'Acompte n°', of: 'du' }, 'en-US': { deposit: 'Deposit no.', of: 'of' } } as const;

/** "Acompte n° F-2026-00012 du 12/03/2026" (fr-FR), "Deposit no. F-2026-00012 of 03/12/2026" (en-US). */
export function depositLabel(number: string, issuedOn: string, locale: UserLocale): string {
  const day = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${issuedOn}T00:00:00Z`));
  const w = words[languageOf(locale)];
  return `${w.deposit} ${number} ${w.of} ${day}`;
}

/**
 * The deduction lines of a final invoice: for each deposit (in the order given: by issue), one
 * line per rate with something left, negative, labelled in the client's language.
 */
export function depositDeductions(deposits: readonly IssuedDeposit[], locale: UserLocale): DepositDeduction[] {
  return deposits.flatMap((d) =>
    d.remainingTaxes
      ? d.remainingTaxes.map((p) => ({
          depositInvoiceId: d.invoiceId,
          label: depositLabel(d.number, d.issuedOn, locale),
          vatBasisPoints: 0,
          withTaxCents: -p.withTaxCents,
          baseCents: -p.baseCents,
          taxes: p.taxes.map((t) => ({ ...t, amountCents: -t.amountCents })),
        }))
      : d.remaining.map((p) => ({
          depositInvoiceId: d.invoiceId,
          label: depositLabel(d.number, d.issuedOn, locale),
          vatBasisPoints: p.vatBasisPoints,
          withTaxCents: -p.withTaxCents,
          baseCents: -p.baseCents,
        })),
  );
}

/** A message for the studio when the deposits deducted exceed the invoice's lines at some rate (its base or VAT below 0); null otherwise. */
export function depositOverrun(totals: DocumentTotals): string | null {
  const over = totals.vat.find((v) => v.baseCents < 0n || v.vatCents < 0n);
  if (!over) return null;
  return `The deposits deducted at ${centsToDecimal(BigInt(over.vatBasisPoints)).replace(/\.?0+$/, '')} % come to more than this invoice's lines at that rate`;
}

/**
 * The schedule of the final invoice: the quote's installments that no deposit invoice billed,
 * each with its amount fixed as the quote's schedule computed it (so a percentage keeps meaning a
 * share of the whole service, not of what is left) and its due rule kept. Null when nothing is
 * left to schedule; the quote's schedule unchanged when no installment was billed by a deposit.
 */
export function scheduleAfterDeposits(
  stored: readonly StoredInstallment[] | null,
  amountsCents: readonly bigint[],
  deposited: ReadonlySet<number>,
): StoredInstallment[] | null {
  if (!stored || stored.length === 0) return null;
  if (deposited.size === 0) return [...stored];
  const rest = stored.flatMap((s, i) =>
    deposited.has(i) || (amountsCents[i] ?? 0n) <= 0n ? [] : [{ amount: centsToDecimal(amountsCents[i]), due: s.due }],
  );
  return rest.length > 0 ? rest : null;
}

/**
 * A deposit invoice's line at one rate: "Acompte de 30 % sur le devis D-2026-00003 – TVA 20 %"
 * (the rate named when the deposit spans several), "Deposit of 30 % on quote D-2026-00003 – VAT 20 %".
 */
export function depositLineLabel(
  quoteNumber: string,
  percentage: number | undefined,
  vatBasisPoints: number | string,
  severalRates: boolean,
  locale: UserLocale,
): string {
  const num = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const french = isFrench(locale);
  const share = percentage === undefined ? '' : french ? ` de ${num(percentage)} %` : ` of ${num(percentage)} %`;
  // A set of taxes (tax-deposits.ts) is named as it is ("GST 5 % + QST 9.975 %").
  const rateText =
    typeof vatBasisPoints === 'string' ? vatBasisPoints : `${french ? 'TVA' : 'VAT'} ${num(vatBasisPoints / 100)} %`;
  const rate = severalRates ? ` – ${rateText}` : '';
  return french
    ? `Acompte${share} sur le devis ${quoteNumber}${rate}`
    : `Deposit${share} on quote ${quoteNumber}${rate}`;
}
