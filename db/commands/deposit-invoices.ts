import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { clientLocale } from '../../domain/accounts/client-locale';
import { ConflictError, ValidationError } from '../../domain/errors';
import { formatDateInZone } from '../../domain/wall-clock';
import { depositLineLabel, depositParts, splitDeposit } from '../../domain/invoicing/deposits';
import { centsToDecimal } from '../../domain/invoicing/money';
import { computeSchedule, scheduleProblems } from '../../domain/invoicing/payment-schedule';
import { installmentInputs, scheduleContextOf } from '../../domain/invoicing/stored-schedule';
import { computeTotals } from '../../domain/invoicing/totals';
import { storedTaxOf, usesTaxLines } from '../../domain/invoicing/line-taxes';
import { splitTaxDeposit, taxSetLabel, taxSetParts } from '../../domain/invoicing/tax-deposits';
import { type UserLocale } from '../../domain/accounts/users';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { type Quote } from '../models/Quote';
import { type QuoteItem } from '../models/QuoteItem';
import { type OperationCategory } from '../../domain/invoicing/billing-framework';
import { invoiceOperation } from '../../domain/invoicing/operation-category';
import { User } from '../models/User';
import { liveFinalInvoices } from '../queries/deposits';
import { findDocument } from '../queries/invoicing';
import { type ItemProps, writeDocument } from './invoicing-documents';

/**
 * POST /api/quotes/:id/deposit-invoices (issue 21 §1): a DRAFT deposit invoice (facture
 * d'acompte) for installment `installment` (from 0) of a sent or accepted quote's schedule. Its
 * amount is the installment's as the schedule computes it now (VAT included), split over the
 * quote's VAT rates in proportion, one line per rate priced with tax, so its totals per rate are
 * exactly the split. It is linked to the quote (`quote_id`, `deposit_installment`), due on the
 * installment's due date (today when that has passed), and issued, numbered and paid as any invoice.
 *
 * In one transaction holding the quote's row lock (deposits and the final invoice of one quote
 * are made one at a time): 409 `quote_rejected` / `quote_not_sent` (a PENDING quote), 400 for an
 * installment the schedule does not have, 409 `deposit_exists` when a deposit not cancelled
 * already bills it, 409 `quote_invoiced` once a final invoice is made from the quote.
 */
export async function createDepositInvoice(
  sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  installment: number,
  requestId?: string,
): Promise<Invoice> {
  const id = await sequelize.transaction(async (transaction) => {
    await findDocument(sequelize, 'quote', quoteId, ownerId, transaction, true);
    const quote = (await findDocument(sequelize, 'quote', quoteId, ownerId, transaction)) as Quote;
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
    const owner = await User.findByPk(ownerId, {
      attributes: ['time_zone', 'locale'],
      transaction,
      rejectOnEmpty: true,
    });
    const context = scheduleContextOf(quote, quote.session?.start_date, owner.time_zone);
    const inputs = installmentInputs(stored);
    const problems = scheduleProblems(inputs, context);
    if (problems.length > 0)
      throw new ValidationError("The quote's payment schedule cannot be computed as things stand", problems);
    const due = computeSchedule(inputs, context)[installment];
    if (due.amountCents <= 0n)
      throw new ValidationError('This installment comes to 0.00: there is nothing to bill', [
        { path: 'installment', message: 'comes to 0.00' },
      ]);
    if ((await liveFinalInvoices(sequelize, ownerId, quoteId, transaction)) > 0) {
      throw new ConflictError(
        'quote_invoiced',
        'An invoice that is not a deposit was made from this quote: delete it (a draft) or credit it in full before billing a deposit',
      );
    }
    const taken = await Invoice.findOne({
      where: {
        owner_id: ownerId,
        quote_id: quoteId,
        deposit_installment: installment,
        status: { [Op.ne]: 'CANCELLED' },
      },
      attributes: ['id', 'number', 'status'],
      transaction,
    });
    if (taken) {
      throw new ConflictError(
        'deposit_exists',
        `Installment ${installment} is already billed by ${taken.status === 'DRAFT' ? 'a draft deposit invoice' : `deposit invoice ${taken.number}`}: delete the draft or credit it in full first`,
        { invoice_id: taken.id },
      );
    }
    const contact = quote.contact_id
      ? await Contact.findOne({
          where: { id: quote.contact_id, owner_id: ownerId },
          attributes: ['locale'],
          transaction,
        })
      : null;
    const locale = clientLocale(contact, owner);
    // What the quote's other deposits took at each rate, so this one splits what is left.
    const earlier = await Invoice.findAll({
      where: {
        owner_id: ownerId,
        quote_id: quoteId,
        deposit_installment: { [Op.ne]: null },
        status: { [Op.ne]: 'CANCELLED' },
      },
      include: [{ model: InvoiceItem, as: 'items' }],
      transaction,
    });
    const lines = depositLines(quote, earlier, due.amountCents, stored[installment].percentage, locale);
    const today = formatDateInZone(new Date(), owner.time_zone);
    const invoice = await writeDocument(
      sequelize,
      'invoice',
      ownerId,
      null,
      {
        title: quote.title,
        session_id: quote.session_id,
        contact_id: quote.contact_id,
        quote_id: quote.id,
        currency: quote.currency,
        deposit_installment: installment,
        due_date: due.dueDate < today ? today : due.dueDate,
        items: lines,
      },
      transaction,
      requestId,
    );
    return invoice.id;
  });
  return (await findDocument(sequelize, 'invoice', id, ownerId)) as Invoice;
}

/**
 * A deposit invoice's lines: the installment split over the quote's VAT rates (deposits.ts) or,
 * when its lines carry their own taxes, over its sets of taxes (tax-deposits.ts), what the quote's
 * other deposits took taken off first; one line per rate or set, priced with tax.
 */
function depositLines(
  quote: Quote,
  earlier: readonly Invoice[],
  amountCents: bigint,
  percentage: number | undefined,
  locale: UserLocale,
): ItemProps[] {
  const line = (index: number, withTaxCents: bigint, rate: number | string, several: boolean): ItemProps => ({
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
function depositCategory(items: readonly QuoteItem[], vatBasisPoints: number): OperationCategory {
  const atRate = items.filter((i) => Math.round(Number(i.vat_percentage) * 100) === vatBasisPoints);
  return invoiceOperation(atRate) === 'GOODS' ? 'GOODS' : 'SERVICES';
}
