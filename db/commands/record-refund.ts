import { type Sequelize } from 'sequelize-typescript';
import { type InvoicePayment } from '../models/InvoicePayment';
import { planRefund, type RefundInput, writeRefund } from './credit-notes';

/**
 * Records a refund by hand (bank transfer, cash, check) of money covered by credit note `id`
 * (issue 20 §4): checked and written in one transaction holding the invoice's lock.
 */
export function recordRefund(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  input: RefundInput,
  requestId?: string,
): Promise<InvoicePayment> {
  if (input.method === 'card')
    throw new Error('A card refund goes through the provider: lib/payments/refund-credit-note.ts');
  return sequelize.transaction(async (transaction) =>
    writeRefund(
      sequelize,
      ownerId,
      await planRefund(sequelize, ownerId, id, input, transaction),
      input,
      null,
      transaction,
      requestId,
    ),
  );
}
