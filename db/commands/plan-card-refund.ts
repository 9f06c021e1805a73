import { type Sequelize } from 'sequelize-typescript';
import { type CardRefundPlan, planRefund, type RefundInput } from './credit-notes';

/**
 * The first step of a card refund (lib/payments/refund-credit-note.ts): the refund checked under
 * the invoice's lock, as a plan naming the card payment and the provider's idempotency key
 * (per credit note and refund count, so two requests racing send one refund). The lock ends with
 * this call: the provider is asked with no transaction open.
 */
export function planCardRefund(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  input: RefundInput,
): Promise<CardRefundPlan> {
  return sequelize.transaction(async (transaction) => {
    const plan = await planRefund(sequelize, ownerId, id, { ...input, method: 'card' }, transaction);
    return plan as CardRefundPlan;
  });
}
