import type Stripe from 'stripe';
import { type Sequelize } from 'sequelize-typescript';
import { type RefundInput } from '../../db/commands/credit-notes';
import { planCardRefund } from '../../db/commands/plan-card-refund';
import { recordCardRefund } from '../../db/commands/record-card-refund';
import { recordRefund } from '../../db/commands/record-refund';
import { type InvoicePaymentRow } from '../../db/rows';
import { UnavailableError } from '../../domain/errors';

/**
 * Refunds money covered by a credit note (POST /api/credit-notes/:id/refunds). By hand, one
 * transaction. By card, in three steps so that no row lock is held while the provider is called
 * (issue 29): the refund is checked under the invoice's lock and committed as a plan, sent to the
 * provider, then written under the lock with the provider's refund id. The provider's outage is a
 * 503 the studio may retry (nothing was recorded, and the idempotency key makes the retry the
 * same refund).
 */
export async function refundCreditNote(
  deps: { sequelize: Sequelize; cardProvider: Stripe },
  ownerId: string,
  creditNoteId: string,
  input: RefundInput,
  requestId?: string,
): Promise<InvoicePaymentRow> {
  const { sequelize, cardProvider } = deps;
  if (input.method !== 'card') return recordRefund(sequelize, ownerId, creditNoteId, input, requestId);
  const plan = await planCardRefund(sequelize, ownerId, creditNoteId, input);
  let providerReference: string;
  try {
    const refund = await cardProvider.refunds.create(
      { payment_intent: plan.card.paymentIntentId, amount: Number(plan.amountCents) },
      { idempotencyKey: plan.card.idempotencyKey, timeout: 8_000, maxNetworkRetries: 1 },
    );
    providerReference = refund.id;
  } catch (err) {
    if ((err as { type?: string }).type === 'StripeInvalidRequestError')
      throw new UnavailableError(`The card provider refused the refund: ${(err as Error).message}`);
    throw new UnavailableError('The card payment provider did not answer; try again later');
  }
  return recordCardRefund(sequelize, ownerId, plan, input, providerReference, requestId);
}
