import { type CreditNoteRow, type InvoiceRow, type QuoteRow } from '../../db/rows';
import { type QuoteRefusal, quoteVersion } from '../../domain/client-portal/quote-signing';
import { presentDocument } from '../invoicing/presenter';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { documentScheduleNow } from '../../domain/invoicing/stored-schedule';
import { paymentDueNow } from '../../domain/payments/checkout-amount';
import { type ClientQuoteView } from '../../services/client-portal/client-documents';

/** A document's lines and schedule as the client reads them: what they buy, never the studio's own references. */
function clientLines(kind: 'quote' | 'invoice', document: QuoteRow | InvoiceRow, timeZone: string) {
  const full = presentDocument(kind, document, timeZone);
  return {
    items: full.items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      price_with_tax: i.price_with_tax,
      vat_percentage: i.vat_percentage,
      taxes: i.taxes,
      discount_percentage: i.discount_percentage,
      total: i.total,
    })),
    payment_schedule: full.payment_schedule,
    number: full.number,
  };
}

/** A quote in the portal (issue 31 §2): whether the client may sign it now, the version they sign, the consent they tick. */
export function presentClientQuote(
  quote: QuoteRow,
  timeZone: string,
  signing: { refusal: QuoteRefusal | null; consentText: string; signatureSha256?: string | null },
) {
  const lines = clientLines('quote', quote, timeZone);
  return {
    id: quote.id,
    number: lines.number,
    title: quote.title,
    description: quote.description,
    status: quote.status,
    amount: quote.amount,
    currency: quote.currency,
    valid_until: quote.valid_until ?? null,
    sent_at: quote.sent_at?.toISOString() ?? null,
    has_contract: Boolean(quote.contract),
    version: quoteVersion(quote),
    can_sign: signing.refusal === null,
    cannot_sign_reason: signing.refusal,
    consent_text: signing.consentText,
    signed_at: quote.signed_at?.toISOString() ?? null,
    signed_pdf_sha256: signing.signatureSha256 ?? null,
    declined_at: quote.declined_at?.toISOString() ?? null,
    items: lines.items,
    payment_schedule: lines.payment_schedule,
  };
}

/**
 * What the client is asked to pay now (issue 40 §10): the installment due (its number, unpaid part
 * and day) or the balance by the invoice's due date; null when nothing can be paid. The same
 * schedule and rule as the checkout's (documentScheduleNow, paymentDueNow).
 */
function paymentDue(invoice: InvoiceRow, timeZone: string) {
  if (invoice.status !== 'ISSUED') return null;
  const due = paymentDueNow({
    balanceDueCents: toHundredths(invoice.balance_due),
    amountPaidCents: toHundredths(invoice.amount_paid),
    schedule: documentScheduleNow(invoice, timeZone),
    invoiceDueDate: invoice.due_date ?? null,
  });
  return due ? { installment: due.installment, amount: centsToDecimal(due.amountCents), due_date: due.dueDate } : null;
}

/** An issued invoice in the portal: what is paid, what is still due, whether it can be paid online now, and what. */
export function presentClientInvoice(invoice: InvoiceRow, timeZone: string) {
  const lines = clientLines('invoice', invoice, timeZone);
  const due = paymentDue(invoice, timeZone);
  return {
    id: invoice.id,
    number: invoice.number,
    title: invoice.title,
    status: invoice.status,
    amount: invoice.amount,
    currency: invoice.currency,
    issued_at: invoice.issued_at?.toISOString() ?? null,
    due_date: invoice.due_date ?? null,
    payment_status: invoice.payment_status,
    amount_paid: invoice.amount_paid,
    credited: invoice.credited,
    balance_due: invoice.balance_due,
    paid_at: invoice.paid_at?.toISOString() ?? null,
    can_pay: due !== null,
    payment_due: due,
    quote_id: invoice.quote_id ?? null,
    deposit_installment: invoice.deposit_installment ?? null,
    items: lines.items,
    payment_schedule: lines.payment_schedule,
  };
}

/** A credit note of one of the client's invoices. */
export function presentClientCreditNote(note: CreditNoteRow) {
  return {
    id: note.id,
    number: note.number,
    invoice_id: note.invoice_id,
    reason: note.reason,
    amount: note.amount,
    currency: note.currency,
    issued_at: note.issued_at.toISOString(),
  };
}

/** A quote as its client reads it now (the service's view), presented. */
export const presentClientQuoteView = (view: ClientQuoteView) =>
  presentClientQuote(view.quote, view.timeZone, view.signing);
