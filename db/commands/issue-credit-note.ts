import { type Sequelize } from 'sequelize-typescript';
import { type CreditNoteInput, creditNotePlan } from '../../domain/invoicing/credit-note-plan';
import { centsToDecimal } from '../../domain/invoicing/money';
import { sellerOf } from '../../domain/invoicing/seller';
import { creditNoteLegalFacts } from '../../domain/invoicing/credit-note-body';
import { storedDelivery, supplyDayOf } from '../../domain/invoicing/service-delivery';
import { formatDateInZone } from '../../domain/wall-clock';
import { AuditLog } from '../models/AuditLog';
import { CreditNote } from '../models/CreditNote';
import { InvoiceItem } from '../models/InvoiceItem';
import { Organization } from '../models/Organization';
import { UserCompany } from '../models/UserCompany';
import { assertIssued, ledgerSummary } from '../queries/invoice-ledger';
import { appendLedgerRecord } from './append-ledger-record';
import { drawDocumentNumber } from './document-numbers';
import { lockInvoice, settleInvoice } from './invoice-ledger';

export type { CreditNoteInput };

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
    const invoiceLines = await InvoiceItem.findAll({ where: { invoice_id: invoice.id }, transaction });
    const earlierNotes = await CreditNote.findAll({
      where: { invoice_id: invoice.id },
      attributes: ['vat_parts', 'tax_parts'],
      transaction,
    });
    // What it credits, decided on what was read under the invoice's lock (domain/invoicing/credit-note-plan.ts).
    const plan = creditNotePlan(invoiceLines, summary, input, earlierNotes);
    const { time_zone: timeZone } = await Organization.findByPk(ownerId, {
      attributes: ['time_zone'],
      transaction,
      rejectOnEmpty: true,
    });
    // The seller of a credit note is the studio as it is when it issues the note (its files show this copy for good).
    const seller = sellerOf(await UserCompany.findOne({ where: { user_id: ownerId }, transaction }));
    const issuedAt = new Date();
    const number = await drawDocumentNumber(sequelize, ownerId, 'credit_note', issuedAt, timeZone, transaction);
    const creditNote = await CreditNote.create(
      {
        owner_id: ownerId,
        invoice_id: invoice.id,
        number,
        reason: input.reason.trim(),
        amount: centsToDecimal(plan.amountCents),
        currency: invoice.currency,
        items: plan.lines,
        vat_parts: plan.vat_parts,
        tax_parts: plan.tax_parts,
        seller,
        // What its law decides of it, kept as its files word it (domain/invoicing/credit-note-body.ts).
        legal_facts: creditNoteLegalFacts(
          { ...plan, items: plan.lines, currency: invoice.currency },
          { seller, buyer: invoice.buyer },
          { issuedOn: formatDateInZone(issuedAt, timeZone), supplyDate: supplyDayOf(storedDelivery(invoice)) },
        ),
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
    return { creditNote, refundDueCents: plan.refundDueCents };
  });
}
