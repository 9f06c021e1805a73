import { literal, Op, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Page, type PageRequest } from '../../domain/pagination';
import { Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { Quote } from '../models/Quote';
import { QuoteItem } from '../models/QuoteItem';
import { scheduleSessionInclude } from './schedule-session';
import { reachedFilter } from './session-assignments';
import { type DocumentRow } from '../rows';
import { findPage } from './find-page';

/** The two kinds of invoicing document; each lives in its own table with its own lines. */
export type DocumentKind = 'quote' | 'invoice';

const tables = { quote: { doc: Quote, item: QuoteItem }, invoice: { doc: Invoice, item: InvoiceItem } } as const;

/**
 * A page of the owner's quotes or invoices with their lines, newest first; optionally those of one
 * session, or those of the sessions a member is assigned to (`reachedBy`, a photographer's).
 */
export async function listDocuments(
  sequelize: Sequelize,
  kind: DocumentKind,
  ownerId: string,
  page: PageRequest,
  sessionId?: string,
  reachedBy?: string | null,
): Promise<Page<DocumentRow>> {
  const { doc, item } = tables[kind];
  // A document of one of their sessions, as a quote is reached; Sequelize names the row after its model.
  const reached = reachedBy
    ? literal(reachedFilter('quote', `"${doc.name}"`, `${sequelize.escape(reachedBy)}::uuid`))
    : null;
  const where = {
    owner_id: ownerId,
    ...(sessionId ? { session_id: sessionId } : {}),
    ...(reached ? { [Op.and]: [reached] } : {}),
  };
  return findPage(
    doc as typeof Quote,
    {
      where,
      include: [{ model: item as typeof QuoteItem, as: 'items' }, scheduleSessionInclude()],
      distinct: true,
    },
    page,
  );
}

export type Doc = Quote | Invoice;
const models = {
  quote: { doc: Quote, item: QuoteItem, fk: 'quote_id', entity: 'QUOTE', label: 'Quote' },
  invoice: { doc: Invoice, item: InvoiceItem, fk: 'invoice_id', entity: 'INVOICE', label: 'Invoice' },
} as const;

/** The tables of each kind of document (its lines, their key, its entity and label), for the commands too. */
export { models as documentModels };

/** The document with its items, the owner's only. */
export async function findDocument(
  _sequelize: Sequelize,
  kind: DocumentKind,
  id: string,
  ownerId: string,
  transaction?: Transaction,
  lock = false,
): Promise<Doc> {
  const { doc, item, label } = models[kind];
  // Read (not locked): the lines, and the session's start a payment schedule follows.
  const include = lock ? [] : [{ model: item as typeof QuoteItem, as: 'items' }, scheduleSessionInclude()];
  const found = await (doc as typeof Quote).findOne({
    where: { id, owner_id: ownerId },
    include,
    transaction,
    lock: lock && transaction ? transaction.LOCK.UPDATE : undefined,
  });
  if (!found) throw new NotFoundError(label);
  return found;
}
