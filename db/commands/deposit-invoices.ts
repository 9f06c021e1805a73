import { Op, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { clientLocale } from '../../domain/accounts/client-locale';
import { ConflictError } from '../../domain/errors';
import { depositLines, dueInstallment } from '../../domain/invoicing/deposit-invoice';
import { formatDateInZone } from '../../domain/wall-clock';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { type Quote } from '../models/Quote';
import { Organization } from '../models/Organization';
import { liveFinalInvoices } from '../queries/deposits';
import { findDocument } from '../queries/invoicing';
import { writeDocument } from './invoicing-documents';

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
    const owner = await Organization.findByPk(ownerId, {
      attributes: ['time_zone', 'locale'],
      transaction,
      rejectOnEmpty: true,
    });
    const due = dueInstallment(quote, quote.session?.start_date, owner.time_zone, installment);
    await assertInstallmentFree(sequelize, ownerId, quoteId, installment, transaction);
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
    const lines = depositLines(quote, earlier, due.amountCents, due.percentage, locale);
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
 * An installment is billed once: 409 `quote_invoiced` once a final invoice is made from the quote,
 * 409 `deposit_exists` when a deposit not cancelled already bills it.
 */
async function assertInstallmentFree(
  sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  installment: number,
  transaction: Transaction,
): Promise<void> {
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
}
