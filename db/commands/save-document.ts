import { type Sequelize } from 'sequelize-typescript';
import { type Doc, type DocumentKind, findDocument } from '../queries/invoicing';
import { type DocumentProps, writeDocument } from './invoicing-documents';

/**
 * Creates (id null) or updates a quote or invoice in one transaction: relations checked, items
 * replaced and the amount recomputed when items are given, an audit row with the changed
 * fields, and QUOTE_STATUS_CHANGED / INVOICE_STATUS_CHANGED through the outbox when the status
 * changes.
 */
export async function saveDocument(
  sequelize: Sequelize,
  kind: DocumentKind,
  ownerId: string,
  id: string | null,
  props: DocumentProps,
  requestId?: string,
): Promise<Doc> {
  const saved = await sequelize.transaction((transaction) =>
    writeDocument(sequelize, kind, ownerId, id, props, transaction, requestId),
  );
  return findDocument(sequelize, kind, saved.id, ownerId);
}
