import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { formatDateInZone } from '../../domain/exports/cell-format';
import { buyerOf } from '../../domain/invoicing/buyer';
import { missingMentions } from '../../domain/invoicing/legal-mentions';
import { AuditLog } from '../models/AuditLog';
import { Contact } from '../models/Contact';
import { type Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { User } from '../models/User';
import { UserCompany } from '../models/UserCompany';
import { drawDocumentNumber } from './document-numbers';
import { lockInvoice } from './invoice-ledger';
import { recordDomainEvent } from './record-domain-event';

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Issues a draft invoice (issue 20 §2): in one transaction it checks the mandatory mentions
 * (400 naming each missing one), copies the client into `buyer`, sets the due date from the
 * studio's payment terms when the draft has none, draws the next number of the studio's series
 * and year, and records an audit row and INVOICE_STATUS_CHANGED. From then on the invoice is a
 * legal record. Issuing an issued invoice again answers it unchanged (a retried request).
 */
export async function issueInvoice(sequelize: Sequelize, ownerId: string, invoiceId: string, requestId?: string): Promise<{ invoice: Invoice; issuedNow: boolean }> {
  return sequelize.transaction(async (transaction) => {
    const invoice = await lockInvoice(ownerId, invoiceId, transaction);
    if (invoice.status !== 'DRAFT') return { invoice, issuedNow: false };
    const [owner, seller, contact, lineCount] = await Promise.all([
      User.findByPk(ownerId, { attributes: ['time_zone'], transaction, rejectOnEmpty: true }),
      UserCompany.findOne({ where: { user_id: ownerId }, transaction }),
      invoice.contact_id ? Contact.findOne({ where: { id: invoice.contact_id, owner_id: ownerId }, transaction }) : null,
      InvoiceItem.count({ where: { invoice_id: invoice.id }, transaction }),
    ]);
    const issuedAt = new Date();
    const today = formatDateInZone(issuedAt, owner.time_zone);
    const dueDate = invoice.due_date ?? (seller?.payment_terms_days != null ? addDays(today, seller.payment_terms_days) : null);
    const buyer = buyerOf(contact);
    const missing = missingMentions({ seller: seller ? { ...seller.get({ plain: true }), late_payment_rate: seller.late_payment_rate ?? null } : null, buyer, lineCount, dueDate });
    if (missing.length > 0) throw new ValidationError(`The invoice cannot be issued: ${missing.length === 1 ? 'a mandatory mention is' : `${missing.length} mandatory mentions are`} missing`, missing);
    const number = await drawDocumentNumber(sequelize, ownerId, 'invoice', issuedAt, owner.time_zone, transaction);
    invoice.set({ status: 'ISSUED', number, issued_at: issuedAt, due_date: dueDate, buyer, balance_due: invoice.amount, amount_paid: '0.00', credited: '0.00', payment_status: 'UNPAID' });
    await invoice.save({ transaction });
    await AuditLog.create(
      { actor_id: ownerId, action: 'UPDATE', entity_type: 'INVOICE', entity_id: invoice.id, resource_owner_id: ownerId, request_id: requestId ?? null, metadata: { changed: ['status', 'number', 'issued_at'], status: { from: 'DRAFT', to: 'ISSUED' }, number } },
      { transaction },
    );
    const after = invoice.get({ plain: true }) as Record<string, unknown>;
    await recordDomainEvent({ eventType: 'INVOICE_STATUS_CHANGED', entityType: 'INVOICE', entityId: invoice.id, ownerId, payload: { ...after, previous_status: 'DRAFT' }, requestId }, transaction);
    return { invoice, issuedNow: true };
  });
}
