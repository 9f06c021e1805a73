import { ConflictError, ValidationError } from '../errors';
import { type CreditRequestLine, creditedLines, type InvoiceLineForCredit } from './credit-note-lines';
import {
  compatibleVatParts,
  creditNoteTaxes,
  type StoredTaxPart,
  storedTaxParts,
  taxPartsOf,
  taxSetOverrun,
} from './credit-taxes';
import { creditNoteVat, creditOverrun } from './credit-vat';
import { checkCreditNote, type LedgerSummary } from './ledger';
import { ledgerError } from './ledger-error';
import { lineTaxRates, type StoredTax, type TaxableLine, usesTaxLines } from './line-taxes';
import { centsToDecimal, toHundredths } from './money';
import { type StoredVatPart, storedVatParts, vatPartsOf } from './stored-vat';
import { taxSetLabel, taxSetParts } from './tax-deposits';
import { computeTotals, type LineInput } from './totals';

/** A line of a credit note as stored: the invoice line it credits, what of it, at which rate or taxes. */
export interface CreditNoteLine {
  invoice_item_id: string | null;
  description: string | null;
  quantity: string;
  vat_percentage: string;
  total: string;
  /** The invoice line's taxes, when it has tax lines (issue 30 §2). */
  taxes?: StoredTax[] | null;
}

/** What a credit note asks: a reason, and an amount, some lines, or (neither) everything still creditable. */
export interface CreditNoteInput {
  reason: string;
  /** Cents with tax; absent with no items: everything still creditable. */
  amountCents?: bigint;
  items?: CreditRequestLine[];
}

/** An invoice's line as its credit notes read it. */
export type InvoiceLineCredited = InvoiceLineForCredit & LineInput & TaxableLine & { taxes?: StoredTax[] | null };

/** A credit note's breakdown, fixed at issue. */
export interface CreditBreakdown {
  vat_parts: StoredVatPart[];
  tax_parts: StoredTaxPart[] | null;
}

/** What a credit note credits, decided (creditNotePlan). */
export interface CreditNotePlan extends CreditBreakdown {
  lines: CreditNoteLine[];
  amountCents: bigint;
  /** The part of it that covers money already paid: owed back to the client. */
  refundDueCents: bigint;
}

/**
 * What a credit note against an issued invoice credits (issue 20 §4): an amount, some lines, or
 * everything still creditable, checked against its payments ledger (never more than creditable:
 * 409) and broken down by the invoice's rates or sets of taxes less what its earlier credit notes
 * took. Pure: the issue reads the invoice, its lines, ledger and earlier notes under its lock.
 */
export function creditNotePlan(
  invoiceLines: readonly InvoiceLineCredited[],
  summary: LedgerSummary,
  input: CreditNoteInput,
  earlierNotes: readonly CreditBreakdown[],
): CreditNotePlan {
  let lines: CreditNoteLine[] = [];
  let amountCents = input.amountCents ?? summary.creditableCents;
  if (input.items) {
    const credited = creditedLines(invoiceLines, input.items);
    if (!credited.ok) throw new ValidationError('The lines to credit are not valid', credited.problems);
    // A line with taxes keeps them on the credit note, which prints them (issue 30 §2).
    const taxesOf = new Map(invoiceLines.map((l) => [l.id, l.taxes]));
    lines = credited.lines.map((l) => {
      const taxes = taxesOf.get(l.invoice_item_id ?? '');
      return taxes ? { ...l, taxes } : l;
    });
    amountCents = credited.amountCents;
  }
  if (amountCents === 0n && input.amountCents === undefined)
    throw new ConflictError('credit_exceeds_creditable', 'Nothing is left to credit on this invoice');
  const check = checkCreditNote(summary, amountCents);
  if (check.refusal) throw ledgerError(check.refusal);
  const breakdown = usesTaxLines(invoiceLines)
    ? taxLinesBreakdown(invoiceLines, lines, amountCents, earlierNotes)
    : vatBreakdown(invoiceLines, lines, amountCents, earlierNotes);
  return { lines, amountCents, refundDueCents: check.refundDueCents, ...breakdown };
}

/**
 * A credit note's VAT breakdown: the invoice's rates less what its earlier credit notes took;
 * whole lines may not take a rate past what is left.
 */
function vatBreakdown(
  invoiceLines: readonly InvoiceLineCredited[],
  lines: readonly CreditNoteLine[],
  amountCents: bigint,
  earlierNotes: readonly CreditBreakdown[],
): CreditBreakdown {
  const invoiceVat = computeTotals(invoiceLines).vat.map((v) => ({
    vatBasisPoints: v.vatBasisPoints,
    withTaxCents: v.baseCents + v.vatCents,
  }));
  const earlier = earlierNotes.map((n) => vatPartsOf(n.vat_parts));
  const credited = lines.map((l) => ({
    vatBasisPoints: Number(toHundredths(l.vat_percentage)),
    withTaxCents: toHundredths(l.total),
  }));
  const parts = creditNoteVat({ amountCents, lines: credited }, invoiceVat, earlier);
  const overrun = lines.length > 0 ? creditOverrun(parts, invoiceVat, earlier) : null;
  if (overrun) {
    const rate = centsToDecimal(BigInt(overrun.vatBasisPoints)).replace(/\.?0+$/, '');
    throw overrunError(`${rate} %`, overrun.creditableCents);
  }
  return { vat_parts: storedVatParts(parts), tax_parts: null };
}

/**
 * The same for an invoice with tax lines (issue 30 §2): per set of taxes (credit-taxes.ts), kept in
 * tax_parts, with vat_parts the same parts at their combined rates.
 */
function taxLinesBreakdown(
  invoiceLines: readonly InvoiceLineCredited[],
  lines: readonly CreditNoteLine[],
  amountCents: bigint,
  earlierNotes: readonly CreditBreakdown[],
): CreditBreakdown {
  const invoiceSets = taxSetParts(invoiceLines);
  const earlier = earlierNotes.map((n) => taxPartsOf(n.tax_parts ?? []));
  // A credited line carries its invoice line's taxes (copied above), else its one VAT rate.
  const credited = lines.map((l) => ({
    taxes: lineTaxRates({ item_type: 'SESSION_TYPE', vat_percentage: l.vat_percentage, taxes: l.taxes }),
    withTaxCents: toHundredths(l.total),
  }));
  const overrun = credited.length > 0 ? taxSetOverrun(credited, invoiceSets, earlier) : null;
  if (overrun) throw overrunError(taxSetLabel(overrun), overrun.creditableCents);
  const parts = creditNoteTaxes(amountCents, credited, invoiceSets, earlier);
  return { vat_parts: compatibleVatParts(parts), tax_parts: storedTaxParts(parts) };
}

const overrunError = (where: string, creditableCents: bigint) =>
  new ConflictError(
    'credit_exceeds_creditable',
    `These lines credit more at ${where} than is left to credit there, ${centsToDecimal(creditableCents)}: credit an amount instead`,
  );
