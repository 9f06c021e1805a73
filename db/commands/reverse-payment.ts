import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { checkReversal } from '../../domain/invoicing/ledger';
import { AuditLog } from '../models/AuditLog';
import { InvoicePayment } from '../models/InvoicePayment';
import { Organization } from '../models/Organization';
import { loadLedger } from '../queries/invoice-ledger';
import { appendLedgerRecord } from './append-ledger-record';
import { ledgerError } from '../../domain/invoicing/ledger-error';
import { lockInvoice, settleInvoice } from './invoice-ledger';

/**
 * DELETE /api/invoices/:id/payments/:paymentId: a payment entered by mistake is reversed by a new
 * row, the same day on the studio's calendar; a provider's payment is refunded, never reversed.
 */
export async function reversePayment(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  paymentId: string,
  requestId?: string,
): Promise<InvoicePayment> {
  return sequelize.transaction(async (transaction) => {
    const invoice = await lockInvoice(sequelize, ownerId, invoiceId, transaction);
    const { rows, entries } = await loadLedger(sequelize, invoice.id, transaction);
    const payment = rows.find((r) => r.id === paymentId);
    if (!payment) throw new NotFoundError('Payment');
    if (payment.method === 'card' || payment.method === 'wallet') {
      throw new ConflictError(
        'reversal_not_allowed',
        'A card or wallet payment is not reversed: issue a credit note and refund it',
      );
    }
    const { time_zone: timeZone } = await Organization.findByPk(ownerId, {
      attributes: ['time_zone'],
      transaction,
      rejectOnEmpty: true,
    });
    const now = new Date();
    const refusal = checkReversal(entries, paymentId, now, timeZone);
    if (refusal) throw ledgerError(refusal);
    const reversal = await InvoicePayment.create(
      {
        owner_id: ownerId,
        invoice_id: invoice.id,
        kind: 'reversal',
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        received_at: now,
        reverses_id: payment.id,
        note: 'Reversal of a payment entered by mistake',
      },
      { transaction },
    );
    await settleInvoice(sequelize, invoice, transaction, requestId, { reversed_payment_id: payment.id });
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'UPDATE',
        entity_type: 'INVOICE',
        entity_id: invoice.id,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: {
          changed: ['payments'],
          reversal: { id: reversal.id, reverses: payment.id, amount: payment.amount },
        },
      },
      { transaction },
    );
    await appendLedgerRecord(sequelize, ownerId, { kind: 'payment', id: reversal.id }, transaction);
    return reversal;
  });
}
