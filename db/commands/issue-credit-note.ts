import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, ValidationError } from '../../domain/errors';
import { type CreditRequestLine, creditedLines } from '../../domain/invoicing/credit-note-lines';
import { creditNoteVat, creditOverrun } from '../../domain/invoicing/credit-vat';
import { checkCreditNote } from '../../domain/invoicing/ledger';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { storedVatParts, vatPartsOf } from '../../domain/invoicing/stored-vat';
import { computeTotals } from '../../domain/invoicing/totals';
import {
  compatibleVatParts,
  creditNoteTaxes,
  storedTaxParts,
  taxPartsOf,
  taxSetOverrun,
} from '../../domain/invoicing/credit-taxes';
import { lineTaxRates, usesTaxLines } from '../../domain/invoicing/line-taxes';
import { taxSetLabel, taxSetParts } from '../../domain/invoicing/tax-deposits';
import { AuditLog } from '../models/AuditLog';
import { CreditNote, type CreditNoteLine } from '../models/CreditNote';
import { InvoiceItem } from '../models/InvoiceItem';
import { User } from '../models/User';
import { UserCompany } from '../models/UserCompany';
import { sellerOf } from '../../domain/invoicing/seller';
import { appendLedgerRecord } from './append-ledger-record';
import { drawDocumentNumber } from './document-numbers';
import { assertIssued, ledgerSummary } from '../queries/invoice-ledger';
import { ledgerError, lockInvoice, settleInvoice } from './invoice-ledger';

export interface CreditNoteInput {
  reason: string;
  /** Cents with tax; absent with no items: everything still creditable. */
  amountCents?: bigint;
  items?: CreditRequestLine[];
}

/**
 * Issues a credit note against an issued invoice (issue 20 §4), in one transaction: what it
 * credits (an amount, some lines, or everything still creditable) checked against the ledger
 * (never more than creditable: 409), its number drawn from the studio's credit-note series, and
 * the invoice settled (balance lowered, CANCELLED once fully credited); the studio's company profile
 * is copied into its `seller` (the note's rows are never changed: the copy is in its INSERT); the note joins the studio's ledger chain. Answers the credit note and
 * the part of it that covers money already paid (`refundDueCents`).
 */
export async function issueCreditNote(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  input: CreditNoteInput,
  requestId?: string,
): Promise<{ creditNote: CreditNote; refundDueCents: bigint }> {
  return sequelize.transaction(async (transaction) => {
    const invoice = await lockInvoice(sequelize, ownerId, invoiceId, transaction);
    assertIssued(invoice);
    const summary = await ledgerSummary(sequelize, invoice, transaction);
    let lines: CreditNoteLine[] = [];
    let amountCents = input.amountCents ?? summary.creditableCents;
    const invoiceLines = await InvoiceItem.findAll({ where: { invoice_id: invoice.id }, transaction });
    if (input.items) {
      const credited = creditedLines(
        invoiceLines.map((l) => ({
          id: l.id,
          item_type: l.item_type,
          description: l.description,
          quantity: l.quantity,
          vat_percentage: l.vat_percentage,
          total: l.total,
        })),
        input.items,
      );
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
    const earlierNotes = await CreditNote.findAll({
      where: { invoice_id: invoice.id },
      attributes: ['vat_parts', 'tax_parts'],
      transaction,
    });
    const breakdown = usesTaxLines(invoiceLines)
      ? taxLinesBreakdown(invoiceLines, lines, amountCents, earlierNotes)
      : vatBreakdown(invoiceLines, lines, amountCents, earlierNotes);
    const { time_zone: timeZone } = await User.findByPk(ownerId, {
      attributes: ['time_zone'],
      transaction,
      rejectOnEmpty: true,
    });
    // The seller of a credit note is the studio as it is when it issues the note (its files show this copy for good).
    const company = await UserCompany.findOne({ where: { user_id: ownerId }, transaction });
    const issuedAt = new Date();
    const number = await drawDocumentNumber(sequelize, ownerId, 'credit_note', issuedAt, timeZone, transaction);
    const creditNote = await CreditNote.create(
      {
        owner_id: ownerId,
        invoice_id: invoice.id,
        number,
        reason: input.reason.trim(),
        amount: centsToDecimal(amountCents),
        currency: invoice.currency,
        items: lines,
        ...breakdown,
        seller: sellerOf(company),
        issued_at: issuedAt,
      },
      { transaction },
    );
    await settleInvoice(sequelize, invoice, transaction, requestId, {
      credit_note_id: creditNote.id,
      credit_note_number: number,
    });
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'CREATE',
        entity_type: 'CREDIT_NOTE',
        entity_id: creditNote.id,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { invoice_id: invoice.id, invoice_number: invoice.number, number, amount: creditNote.amount },
      },
      { transaction },
    );
    await appendLedgerRecord(sequelize, ownerId, { kind: 'credit_note', id: creditNote.id }, transaction);
    return { creditNote, refundDueCents: check.refundDueCents };
  });
}

type EarlierNote = Pick<CreditNote, 'vat_parts' | 'tax_parts'>;

/**
 * A credit note's VAT breakdown, fixed at issue: the invoice's rates less what its earlier credit
 * notes took (read under the invoice's lock); whole lines may not take a rate past what is left.
 */
function vatBreakdown(
  invoiceLines: readonly InvoiceItem[],
  lines: readonly CreditNoteLine[],
  amountCents: bigint,
  earlierNotes: readonly EarlierNote[],
): Pick<CreditNote, 'vat_parts' | 'tax_parts'> {
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
 * The same for an invoice with tax lines (issue 30 §2): per set of taxes (domain/invoicing/credit-taxes.ts),
 * kept in tax_parts, with vat_parts the same parts at their combined rates.
 */
function taxLinesBreakdown(
  invoiceLines: readonly InvoiceItem[],
  lines: readonly CreditNoteLine[],
  amountCents: bigint,
  earlierNotes: readonly EarlierNote[],
): Pick<CreditNote, 'vat_parts' | 'tax_parts'> {
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
