import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import { type Invoice } from '../models/Invoice';
import { type Quote } from '../models/Quote';
import { type QuoteItem } from '../models/QuoteItem';
import { findDocument, type ItemProps, saveDocument } from './invoicing-documents';

/** A quote line as the props of an invoice line: the same pricing, so the totals come out the same. */
function lineOf(item: QuoteItem): ItemProps {
  const priced = item.price_includes_tax ? { price_with_tax: Number(item.price_with_tax), price_includes_tax: true } : { price_without_tax: Number(item.price_without_tax), price_includes_tax: false };
  return {
    item_type: item.item_type,
    description: item.description,
    quantity: Number(item.quantity),
    ...(item.item_type === 'DISCOUNT' || item.item_type === 'TEXT' ? {} : priced),
    vat_percentage: Number(item.vat_percentage),
    discount_percentage: Number(item.discount_percentage),
    discount_amount: item.discount_amount === null ? null : Number(item.discount_amount),
    discount_type: item.discount_type,
    user_session_type_id: item.user_session_type_id,
    display_order: item.display_order,
  };
}

/**
 * POST /api/quotes/:id/invoice (issue 20 §6): a DRAFT invoice with the quote's title, client,
 * session and lines, linked by quote_id. A refused quote is not invoiced (409); several invoices
 * may come from one quote (a deposit, then the balance), each a draft to adjust before issue.
 */
export async function invoiceFromQuote(sequelize: Sequelize, ownerId: string, quoteId: string, requestId?: string): Promise<Invoice> {
  const quote = (await findDocument('quote', quoteId, ownerId)) as Quote;
  if (quote.status === 'REJECTED') throw new ConflictError('quote_rejected', 'This quote was refused: it cannot be invoiced');
  const items = [...(quote.items ?? [])].sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id));
  return (await saveDocument(
    sequelize,
    'invoice',
    ownerId,
    null,
    { title: quote.title, description: quote.description, session_id: quote.session_id, contact_id: quote.contact_id, quote_id: quote.id, items: items.map(lineOf), payment_schedule: quote.payment_schedule },
    requestId,
  )) as Invoice;
}
