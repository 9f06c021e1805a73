import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { PaymentReceipt } from '../models/PaymentReceipt';

/** A receipt's kept pdf and the language it was written in. */
export interface ReceiptFile {
  key: string;
  sha256: string;
  locale: UserLocale;
}

/**
 * Records a receipt's rendered pdf (issue 31 §3) only while none is recorded (`WHERE pdf_key IS
 * NULL`): the first render kept is the one kept for good (the trigger payment_receipts_kept
 * refuses any later change), so two renders racing agree. Answers the file recorded now or before.
 */
export async function recordReceiptPdf(
  _sequelize: Sequelize,
  ownerId: string,
  receiptId: string,
  file: ReceiptFile,
): Promise<ReceiptFile> {
  await PaymentReceipt.update(
    { pdf_key: file.key, pdf_sha256: file.sha256, locale: file.locale },
    { where: { id: receiptId, owner_id: ownerId, pdf_key: { [Op.is]: null } }, hooks: false },
  );
  const row = await PaymentReceipt.findOne({
    where: { id: receiptId, owner_id: ownerId },
    attributes: ['pdf_key', 'pdf_sha256', 'locale'],
    rejectOnEmpty: true,
  });
  return { key: row.pdf_key!, sha256: row.pdf_sha256!, locale: row.locale ?? file.locale };
}
