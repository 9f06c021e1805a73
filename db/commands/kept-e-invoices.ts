import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type StoredDocumentFile, type StoredDocumentKind } from './stored-documents';

/** The e-invoice formats kept per issued document. */
export type KeptEInvoiceFormat = 'facturx' | 'xml' | 'ubl';

/** The kept e-invoice of one of the owner's issued invoices or credit notes in a format, or null when none yet. */
export async function findKeptEInvoice(
  sequelize: Sequelize,
  kind: StoredDocumentKind,
  ownerId: string,
  documentId: string,
  format: KeptEInvoiceFormat,
): Promise<StoredDocumentFile | null> {
  const [row] = await sequelize.query<StoredDocumentFile>(
    `SELECT key, sha256 FROM kept_e_invoices
     WHERE owner_id = $1 AND document_kind = $2 AND document_id = $3 AND format = $4`,
    { bind: [ownerId, kind, documentId, format], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/**
 * Records a made e-invoice (issue 40 §16) unless one is recorded already: the first kept wins for
 * good, and both racing makers answer it.
 */
export async function recordKeptEInvoice(
  sequelize: Sequelize,
  kind: StoredDocumentKind,
  ownerId: string,
  documentId: string,
  format: KeptEInvoiceFormat,
  file: StoredDocumentFile,
): Promise<StoredDocumentFile> {
  await sequelize.query(
    `INSERT INTO kept_e_invoices (owner_id, document_kind, document_id, format, key, sha256)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    { bind: [ownerId, kind, documentId, format, file.key, file.sha256] },
  );
  return (await findKeptEInvoice(sequelize, kind, ownerId, documentId, format)) ?? file;
}
