import { taxRateOf } from '../../domain/invoicing/line-taxes';
import { vatPercentageOf } from '../../domain/invoicing/tax-rates';
import { type DocumentKind } from '../../db/queries/invoicing';
import {
  type CreditNoteRow,
  type DocumentRow,
  type InvoicePaymentRow,
  type InvoiceRow,
  type QuoteRow,
} from '../../db/rows';
import { displayNumber } from '../../domain/invoicing/document-number';
import { isOverdue } from '../../domain/invoicing/ledger';
import { toHundredths } from '../../domain/invoicing/money';
import { presentSchedule, type ScheduledDocument } from '../../domain/invoicing/stored-schedule';

/** An invoice's legal and payment facts (issue 20): number at issue, what the ledger says, overdue in the studio's zone. */
function invoiceFacts(invoice: InvoiceRow, timeZone: string, now = new Date()) {
  const issued = invoice.status !== 'DRAFT';
  return {
    due_date: invoice.due_date ?? null,
    quote_id: invoice.quote_id ?? null,
    // A deposit invoice (facture d'acompte): the installment of its quote's schedule it bills, from 0; null otherwise.
    deposit_installment: invoice.deposit_installment ?? null,
    issued_at: invoice.issued_at?.toISOString() ?? null,
    // The day the service was delivered (or the first and last of a period), kept at issue; null on a draft.
    service_date: invoice.service_date ?? null,
    service_end_date: invoice.service_end_date ?? null,
    // Where its goods are delivered when not to the client's address (issue 32 §5); null: the client's.
    delivery_address: invoice.delivery_address ?? null,
    cancelled_at: invoice.cancelled_at?.toISOString() ?? null,
    payment_status: invoice.payment_status,
    amount_paid: invoice.amount_paid,
    credited: invoice.credited,
    balance_due: invoice.balance_due,
    paid_at: invoice.paid_at?.toISOString() ?? null,
    is_overdue: isOverdue(
      {
        issued: invoice.status === 'ISSUED',
        balanceDueCents: toHundredths(invoice.balance_due),
        dueDate: invoice.due_date ?? null,
      },
      now,
      timeZone,
    ),
    buyer: issued ? (invoice.buyer ?? null) : null,
    // The client's steps in the portal (issue 31 §5).
    viewed_at: invoice.viewed_at?.toISOString() ?? null,
    checkout_started_at: invoice.checkout_started_at?.toISOString() ?? null,
  };
}

/** A quote's validity and contract, and the client's steps in the portal (issue 31 §2, §5). */
function quoteFacts(quote: QuoteRow) {
  return {
    valid_until: quote.valid_until ?? null,
    contract: quote.contract ?? null,
    viewed_at: quote.viewed_at?.toISOString() ?? null,
    signed_at: quote.signed_at?.toISOString() ?? null,
    declined_at: quote.declined_at?.toISOString() ?? null,
    decline_reason: quote.decline_reason ?? null,
  };
}

/** A quote or invoice with its lines in display order; amounts are decimal strings (DESIGN.md). */
export function presentDocument(kind: DocumentKind, document: DocumentRow, timeZone: string) {
  const items = [...(document.items ?? [])].sort(
    (a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id),
  );
  const invoice = document as InvoiceRow;
  return {
    id: document.id,
    // An issued invoice's legal number; a draft (and a quote) keeps its reference for display.
    number: displayNumber(document, timeZone),
    title: document.title,
    description: document.description,
    status: document.status,
    amount: document.amount,
    currency: document.currency,
    session_id: document.session_id,
    contact_id: document.contact_id,
    ...(kind === 'quote' ? quoteFacts(document as QuoteRow) : {}),
    ...(kind === 'invoice' ? invoiceFacts(invoice, timeZone) : {}),
    // The schedule computed now: dates that follow the session move with it; paid from the ledger.
    payment_schedule: presentSchedule(
      document as ScheduledDocument,
      timeZone,
      kind === 'invoice' ? toHundredths(invoice.amount_paid) : 0n,
    ),
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
      // A line with taxes (issue 30 §2) shows vat_percentage only when its one tax fits it (docs/api-changes.md).
      vat_percentage: i.taxes ? vatPercentageOf(i.taxes.map(taxRateOf)) : i.vat_percentage,
      taxes: i.taxes ?? null,
      discount_percentage: i.discount_percentage,
      discount_amount: i.discount_amount,
      discount_type: i.discount_type,
      total: i.total,
      user_session_type_id: i.user_session_type_id,
      display_order: i.display_order,
      category: i.category ?? 'SERVICES',
      zero_rate_reason: i.zero_rate_reason ?? null,
      // A final invoice's DEPOSIT line: the deposit invoice it deducts.
      ...(kind === 'invoice'
        ? { deposit_invoice_id: (i as { deposit_invoice_id?: string | null }).deposit_invoice_id ?? null }
        : {}),
    })),
  };
}

/** A ledger row: amounts are decimal strings; a reversal names the payment it reverses. */
export function presentPayment(p: InvoicePaymentRow) {
  return {
    id: p.id,
    invoice_id: p.invoice_id,
    kind: p.kind,
    amount: p.amount,
    currency: p.currency,
    method: p.method,
    received_at: p.received_at.toISOString(),
    reference: p.reference,
    provider_reference: p.provider_reference,
    note: p.note,
    is_overpayment: p.is_overpayment,
    reverses_id: p.reverses_id,
    credit_note_id: p.credit_note_id,
    created_at: p.created_at.toISOString(),
  };
}

/** A credit note with the number of the invoice it corrects. */
export function presentCreditNote(n: CreditNoteRow, invoiceNumber: string | null) {
  return {
    id: n.id,
    number: n.number,
    invoice_id: n.invoice_id,
    invoice_number: invoiceNumber,
    reason: n.reason,
    amount: n.amount,
    currency: n.currency,
    items: n.items,
    /** Its VAT breakdown, fixed at issue: per rate, base, VAT and total with tax. */
    vat_parts: n.vat_parts,
    // A credit note of an invoice with tax lines: per set of taxes, each tax (issue 30 §2).
    tax_parts: n.tax_parts ?? null,
    issued_at: n.issued_at.toISOString(),
    created_at: n.created_at.toISOString(),
  };
}
