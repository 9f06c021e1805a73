import { type Invoice } from '../../db/models/Invoice';
import { type Quote } from '../../db/models/Quote';
import { documentNumber } from '../../domain/invoicing/document-number';

/** A quote or invoice with its lines in display order; amounts are decimal strings (DESIGN.md). */
export function presentDocument(document: Quote | Invoice, timeZone: string) {
  const plain = document.get({ plain: true }) as Record<string, unknown>;
  const items = [...((document as Quote).items ?? [])].sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id));
  return {
    id: document.id,
    number: documentNumber(document.id, document.created_at, timeZone),
    title: document.title,
    description: document.description,
    status: document.status,
    amount: document.amount,
    session_id: document.session_id,
    contact_id: document.contact_id,
    ...('valid_until' in plain ? { valid_until: plain.valid_until ?? null } : {}),
    ...('due_date' in plain ? { due_date: plain.due_date ?? null, paid_at: (plain.paid_at as Date | null)?.toISOString() ?? null, quote_id: plain.quote_id ?? null } : {}),
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
