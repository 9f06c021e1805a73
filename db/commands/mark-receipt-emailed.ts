import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { PaymentReceipt } from '../models/PaymentReceipt';

/**
 * Records that a receipt was emailed (issue 31 §3), once: a later call changes nothing (the
 * trigger payment_receipts_kept refuses a second date). Answers whether this call recorded it.
 */
export async function markReceiptEmailed(
  _sequelize: Sequelize,
  ownerId: string,
  receiptId: string,
  to: string,
): Promise<boolean> {
  const [count] = await PaymentReceipt.update(
    { emailed_at: new Date(), emailed_to: to },
    { where: { id: receiptId, owner_id: ownerId, emailed_at: { [Op.is]: null } }, hooks: false },
  );
  return count > 0;
}
