import { type Sequelize } from 'sequelize-typescript';
import { clientLocale } from '../../domain/accounts/client-locale';
import { ConflictError } from '../../domain/errors';
import { formatDateInZone } from '../../domain/wall-clock';
import { type DepositDeduction, scheduleAfterDeposits } from '../../domain/invoicing/deposits';
import { DEPOSIT_LINE } from '../../domain/invoicing/item-types';
import { centsToDecimal } from '../../domain/invoicing/money';
import { computeSchedule, scheduleProblems } from '../../domain/invoicing/payment-schedule';
import { installmentInputs, scheduleContextOf, type StoredInstallment } from '../../domain/invoicing/stored-schedule';
import { linesTotals, storedTaxAmountOf, storedVatPercentage } from '../../domain/invoicing/line-taxes';
import { Contact } from '../models/Contact';
import { type Invoice } from '../models/Invoice';
import { type Quote } from '../models/Quote';
import { type QuoteItem } from '../models/QuoteItem';
import { Organization } from '../models/Organization';
import { quoteDeposits } from '../queries/deposits';
import { findDocument } from '../queries/invoicing';
import { type ItemProps, writeDocument } from './invoicing-documents';

/** A quote line as the props of an invoice line: the same pricing, so the totals come out the same. */
function lineOf(item: QuoteItem): ItemProps {
  const priced = item.price_includes_tax
    ? { price_with_tax: Number(item.price_with_tax), price_includes_tax: true }
    : { price_without_tax: Number(item.price_without_tax), price_includes_tax: false };
  return {
    item_type: item.item_type,
    description: item.description,
    quantity: Number(item.quantity),
    ...(item.item_type === 'DISCOUNT' || item.item_type === 'TEXT' ? {} : priced),
    vat_percentage: Number(item.vat_percentage),
    taxes: item.taxes,
    discount_percentage: Number(item.discount_percentage),
    discount_amount: item.discount_amount === null ? null : Number(item.discount_amount),
    discount_type: item.discount_type,
    user_session_type_id: item.user_session_type_id,
    display_order: item.display_order,
    category: item.category,
    zero_rate_reason: item.zero_rate_reason ?? null,
  };
}

/** A deduction as the final invoice's DEPOSIT line (negative; net and VAT, or each tax, as the deposit declared them). */
function deductionLine(d: DepositDeduction, displayOrder: number): ItemProps {
  return {
    item_type: DEPOSIT_LINE,
    description: d.label,
    quantity: 1,
    price_with_tax: Number(centsToDecimal(d.withTaxCents)),
    price_without_tax: Number(centsToDecimal(d.baseCents)),
    ...(d.taxes
      ? {
          vat_percentage: Number(storedVatPercentage(d.taxes)),
          taxes: d.taxes.map(storedTaxAmountOf),
        }
      : { vat_percentage: d.vatBasisPoints / 100 }),
    deposit_invoice_id: d.depositInvoiceId,
    display_order: displayOrder,
  };
}

/**
 * POST /api/quotes/:id/invoice (issue 20 §6): a DRAFT invoice with the quote's title, client,
 * session and lines, linked by quote_id. A refused quote is not invoiced (409).
 *
 * It is the quote's final invoice (issue 21 §1): it deducts every issued deposit invoice of the
 * quote, net of its credit notes, with one DEPOSIT line per deposit and VAT rate ("Acompte n°
 * F-2026-00012 du 12/03/2026"), so its totals per rate and its balance due are what is left to
 * pay. While a deposit invoice of the quote is a draft it is refused (409 deposit_draft): issue or
 * delete the draft first. Its schedule is the quote's installments no deposit billed, their
 * amounts fixed as the quote computed them (scheduleAfterDeposits); none when that no longer adds
 * up against what is left. All in one transaction holding the quote's row lock.
 */
export async function invoiceFromQuote(
  sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  requestId?: string,
): Promise<Invoice> {
  const id = await sequelize.transaction(async (transaction) => {
    await findDocument(sequelize, 'quote', quoteId, ownerId, transaction, true);
    const quote = (await findDocument(sequelize, 'quote', quoteId, ownerId, transaction)) as Quote;
    if (quote.status === 'REJECTED')
      throw new ConflictError('quote_rejected', 'This quote was refused: it cannot be invoiced');
    const owner = await Organization.findByPk(ownerId, {
      attributes: ['time_zone', 'locale'],
      transaction,
      rejectOnEmpty: true,
    });
    const contact = quote.contact_id
      ? await Contact.findOne({
          where: { id: quote.contact_id, owner_id: ownerId },
          attributes: ['locale'],
          transaction,
        })
      : null;
    const deposits = await quoteDeposits(
      sequelize,
      ownerId,
      quoteId,
      owner.time_zone,
      clientLocale(contact, owner),
      transaction,
    );
    if (deposits.drafts.length > 0) {
      throw new ConflictError(
        'deposit_draft',
        'A deposit invoice of this quote is still a draft: issue it or delete it before making the final invoice',
        { invoice_ids: deposits.drafts.map((d) => d.id) },
      );
    }
    const items = [...(quote.items ?? [])]
      .sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id))
      .map(lineOf);
    const lastOrder = items.reduce((max, line) => Math.max(max, line.display_order ?? 0), 0);
    const lines = [...items, ...deposits.deductions.map((d, i) => deductionLine(d, lastOrder + 1 + i))];
    const invoice = await writeDocument(
      sequelize,
      'invoice',
      ownerId,
      null,
      {
        title: quote.title,
        description: quote.description,
        session_id: quote.session_id,
        contact_id: quote.contact_id,
        quote_id: quote.id,
        currency: quote.currency,
        items: lines,
        payment_schedule: finalSchedule(
          quote,
          deposits.installments,
          linesTotals(lines).totalWithTaxCents,
          owner.time_zone,
        ),
      },
      transaction,
      requestId,
    );
    return invoice.id;
  });
  return (await findDocument(sequelize, 'invoice', id, ownerId)) as Invoice;
}

/** The final invoice's schedule (scheduleAfterDeposits), or null when it cannot be computed against what is left to pay. */
function finalSchedule(
  quote: Quote,
  deposited: ReadonlySet<number>,
  finalTotalCents: bigint,
  timeZone: string,
): StoredInstallment[] | null {
  if (deposited.size === 0) return quote.payment_schedule;
  const stored = quote.payment_schedule ?? [];
  const context = scheduleContextOf(quote, quote.session?.start_date, timeZone);
  const inputs = installmentInputs(stored);
  if (stored.length === 0 || scheduleProblems(inputs, context).length > 0) return null;
  const amounts = computeSchedule(inputs, context).map((i) => i.amountCents);
  const rest = scheduleAfterDeposits(stored, amounts, deposited);
  if (!rest) return null;
  const restContext = { ...context, totalCents: finalTotalCents, bookingDate: formatDateInZone(new Date(), timeZone) };
  return scheduleProblems(installmentInputs(rest), restContext).length === 0 ? rest : null;
}
