import { type DocumentKind } from '../../db/queries/invoicing';
import { type DocumentRow, type InvoiceRow, type QuoteRow } from '../../db/rows';
import { documentNumber } from '../../domain/invoicing/document-number';

/** A quote or invoice with its lines in display order; amounts are decimal strings (DESIGN.md). */
export function presentDocument(kind: DocumentKind, document: DocumentRow, timeZone: string) {
  const items = [...(document.items ?? [])].sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id));
  const invoice = document as InvoiceRow;
  return {
    id: document.id,
    number: documentNumber(document.id, document.created_at, timeZone),
    title: document.title,
    description: document.description,
    status: document.status,
    amount: document.amount,
    session_id: document.session_id,
    contact_id: document.contact_id,
    ...(kind === 'quote' ? { valid_until: (document as QuoteRow).valid_until ?? null } : {}),
    ...(kind === 'invoice' ? { due_date: invoice.due_date ?? null, paid_at: invoice.paid_at?.toISOString() ?? null, quote_id: invoice.quote_id ?? null } : {}),
    created_at: document.created_at.toISOString(),
    updated_at: document.updated_at.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      item_type: i.item_type,
      description: i.description,
      quantity: i.quantity,
      price_with_tax: i.price_with_tax,
      price_without_tax: i.price_without_tax,
      price_includes_tax: i.price_includes_tax,
      vat_percentage: i.vat_percentage,
      discount_percentage: i.discount_percentage,
      discount_amount: i.discount_amount,
      discount_type: i.discount_type,
      total: i.total,
      user_session_type_id: i.user_session_type_id,
      display_order: i.display_order,
    })),
  };
}
