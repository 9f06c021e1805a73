import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import { AuditLog } from '../models/AuditLog';
import { Invoice } from '../models/Invoice';
import { type Quote } from '../models/Quote';
import { type DocumentKind, documentModels as models, findDocument } from '../queries/invoicing';

/**
 * Deletes a document with its items and an audit row. Invoices: only while DRAFT (an issued
 * invoice is a legal record). Quotes: unless an invoice was made from it.
 */
export async function deleteDocument(
  sequelize: Sequelize,
  kind: DocumentKind,
  ownerId: string,
  id: string,
  requestId?: string,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const document = await findDocument(sequelize, kind, id, ownerId, transaction, true);
    if (kind === 'invoice' && document.status !== 'DRAFT')
      throw new ConflictError(
        'invoice_issued',
        `Invoice ${(document as Invoice).number} is issued: it cannot be deleted; issue a credit note to cancel it`,
      );
    if (kind === 'quote' && (document as Quote).signed_at)
      throw new ConflictError(
        'quote_signed',
        'The client signed this quote: it is kept with the evidence of the signature',
      );
    if (kind === 'quote' && (await Invoice.count({ where: { quote_id: id, owner_id: ownerId }, transaction })) > 0) {
      throw new ConflictError(
        'quote_invoiced',
        'An invoice was made from this quote: delete the invoice first, or keep the quote',
      );
    }
    await document.destroy({ transaction });
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'DELETE',
        entity_type: models[kind].entity,
        entity_id: id,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { title: document.title, status: document.status, amount: document.amount },
      },
      { transaction },
    );
  });
}
