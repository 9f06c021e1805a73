import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { CreditNote } from '../models/CreditNote';
import { Invoice } from '../models/Invoice';

/** The file an issued invoice or a credit note was given, for good. */
export interface StoredDocumentFile {
  key: string;
  sha256: string;
}

/** Which legal document keeps a stored pdf. */
export type StoredDocumentKind = 'invoice' | 'credit_note';

/**
 * Records the stored pdf of an issued invoice or a credit note (issue 20 §3, §4): only while none
 * is recorded (`WHERE pdf_key IS NULL`), so the first render kept is the one kept for good (the
 * triggers refuse any later change). Answers the file recorded now or before, or null when the
 * document is gone (or, for an invoice, still a draft).
 */
export async function recordStoredPdf(
  sequelize: Sequelize,
  kind: StoredDocumentKind,
  ownerId: string,
  documentId: string,
  file: StoredDocumentFile,
): Promise<StoredDocumentFile | null> {
  const model = (kind === 'invoice' ? Invoice : CreditNote) as typeof CreditNote;
  const where = {
    id: documentId,
    owner_id: ownerId,
    pdf_key: { [Op.is]: null },
    ...(kind === 'invoice' ? { status: { [Op.ne]: 'DRAFT' } } : {}),
  };
  // A plain UPDATE: updated_at is left alone (an invoice's version is its content, not its file).
  await model.update({ pdf_key: file.key, pdf_sha256: file.sha256 }, { where, silent: true, hooks: false });
  return findStoredPdf(sequelize, kind, ownerId, documentId);
}

/** The recorded pdf of one of the owner's issued invoices or credit notes, or null when none yet. */
export async function findStoredPdf(
  _sequelize: Sequelize,
  kind: StoredDocumentKind,
  ownerId: string,
  documentId: string,
): Promise<StoredDocumentFile | null> {
  const model = (kind === 'invoice' ? Invoice : CreditNote) as typeof CreditNote;
  const row = await model.findOne({
    where: { id: documentId, owner_id: ownerId },
    attributes: ['pdf_key', 'pdf_sha256'],
  });
  return row?.pdf_key && row.pdf_sha256 ? { key: row.pdf_key, sha256: row.pdf_sha256 } : null;
}
