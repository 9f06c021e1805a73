import { type Sequelize } from 'sequelize-typescript';
import { InvoicePayment } from '../models/InvoicePayment';
import { lockInvoice } from './invoice-ledger';
import { type CardRefundPlan, type RefundInput, writeRefund } from './credit-notes';

/**
 * The last step of a card refund: written under the invoice's lock with the provider's refund id,
 * once (a racing request that got the same refund from the provider finds the row written).
 */
export function recordCardRefund(
  sequelize: Sequelize,
  ownerId: string,
  plan: CardRefundPlan,
  input: RefundInput,
  providerReference: string,
  requestId?: string,
): Promise<InvoicePayment> {
  return sequelize.transaction(async (transaction) => {
    await lockInvoice(sequelize, ownerId, plan.creditNote.invoice_id, transaction);
    const recorded = await InvoicePayment.findOne({
      where: { credit_note_id: plan.creditNote.id, kind: 'refund', provider_reference: providerReference },
      transaction,
    });
    return recorded ?? writeRefund(sequelize, ownerId, plan, input, providerReference, transaction, requestId);
  });
}
