import { type Sequelize } from 'sequelize-typescript';
import { type InvoicePayment } from '../models/InvoicePayment';
import { addPayment, lockInvoice, type PaymentInput } from './invoice-ledger';

/** POST /api/invoices/:id/payments: a payment recorded by the studio (transfer, cash, check…). */
export async function recordManualPayment(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  input: PaymentInput,
  requestId?: string,
): Promise<InvoicePayment> {
  return sequelize.transaction(async (transaction) =>
    addPayment(
      sequelize,
      await lockInvoice(sequelize, ownerId, invoiceId, transaction),
      input,
      transaction,
      ownerId,
      requestId,
    ),
  );
}
