import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type BuyerAnswer, canAnswer, type PurchaseInvoiceStatus } from '../../domain/e-invoicing/buyer-answer';

export type PurchaseAnswerOutcome =
  | { outcome: 'answered'; answerId: string; platformFlowId: string | null }
  | { outcome: 'not_found' }
  | { outcome: 'not_allowed'; status: PurchaseInvoiceStatus };

/**
 * The studio's answer to a purchase invoice (issue 32 §3): under the record's lock, checks the
 * answer may follow its status (domain/e-invoicing/buyer-answer.ts), sets the status and keeps the
 * answer with its reason, in one transaction. Answers the answer's id and the flow it goes back
 * on (null for an uploaded invoice: nothing to send).
 */
export async function answerPurchaseInvoice(
  sequelize: Sequelize,
  ownerId: string,
  purchaseInvoiceId: string,
  answer: BuyerAnswer,
  reason: string | null,
): Promise<PurchaseAnswerOutcome> {
  return sequelize.transaction(async (transaction) => {
    const [row] = await sequelize.query<{ status: PurchaseInvoiceStatus; platform_flow_id: string | null }>(
      `SELECT status, platform_flow_id FROM purchase_invoices WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
      { bind: [purchaseInvoiceId, ownerId], type: QueryTypes.SELECT, transaction },
    );
    if (!row) return { outcome: 'not_found' };
    if (!canAnswer(row.status, answer)) return { outcome: 'not_allowed', status: row.status };
    await sequelize.query(
      `UPDATE purchase_invoices SET status = $3, status_reason = $4, status_changed_at = now() WHERE id = $1 AND owner_id = $2`,
      { bind: [purchaseInvoiceId, ownerId, answer, reason], transaction },
    );
    const [kept] = await sequelize.query<{ id: string }>(
      `INSERT INTO purchase_invoice_answers (owner_id, purchase_invoice_id, status, reason) VALUES ($1, $2, $3, $4) RETURNING id`,
      { bind: [ownerId, purchaseInvoiceId, answer, reason], type: QueryTypes.SELECT, transaction },
    );
    return { outcome: 'answered', answerId: kept.id, platformFlowId: row.platform_flow_id };
  });
}

/** Records that an answer went to the platform, as the flow `flowId` (once: a later call keeps the first). */
export async function recordAnswerSent(
  sequelize: Sequelize,
  ownerId: string,
  answerId: string,
  flowId: string,
): Promise<void> {
  await sequelize.query(
    `UPDATE purchase_invoice_answers SET sent_flow_id = $3, sent_at = now()
      WHERE id = $1 AND owner_id = $2 AND sent_at IS NULL`,
    { bind: [answerId, ownerId, flowId] },
  );
}
