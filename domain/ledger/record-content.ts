import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { type LedgerRecordType, paymentRecordType } from './record-types';

/**
 * What each record of the chain stands for, as the database holds it (db/queries/ledger-sources.ts
 * reads it the same way when a record is appended and when it is checked): amounts as the stored
 * decimals ("1200.00"), instants as ISO 8601 UTC to the microsecond, calendar dates as `YYYY-MM-DD`,
 * the copies (buyer, seller, VAT and tax summaries, credited lines) as their stored JSON.
 *
 * Only what must never change once issued or recorded is hashed: a column the service still
 * writes afterwards (status, payment status, balances, the stored pdf, links to a deleted session
 * or contact) is left out, or every payment would look like tampering.
 */

/** A line of an issued invoice (invoice_items), in the invoice's line order. */
export interface InvoiceLineSource {
  id: string;
  item_type: string;
  description: string | null;
  quantity: string;
  price_without_tax: string;
  price_with_tax: string;
  price_includes_tax: boolean;
  vat_percentage: string;
  discount_percentage: string;
  discount_amount: string | null;
  discount_type: string | null;
  total: string;
  taxes: unknown;
  deposit_invoice_id: string | null;
  display_order: number;
  /** What the line sells (issue 32 §5); absent on rows read before it existed. */
  category?: string | null;
  /** Why a line is sold at 0 % (issue 40 §5); absent on rows read before it existed. */
  zero_rate_reason?: string | null;
}

/** An issued invoice (invoices) with its lines. */
export interface InvoiceSource {
  id: string;
  number: string | null;
  issued_at: string | null;
  due_date: string | null;
  currency: string;
  amount: string;
  title: string;
  description: string | null;
  buyer: unknown;
  seller: unknown;
  vat_amounts: unknown;
  tax_amounts: unknown;
  service_date: string | null;
  service_end_date: string | null;
  deposit_installment: number | null;
  /** Where its goods are delivered (issue 32 §5); absent on rows read before it existed. */
  delivery_address?: unknown;
  lines: InvoiceLineSource[];
}

/** An issued credit note (credit_notes). */
export interface CreditNoteSource {
  id: string;
  number: string;
  issued_at: string;
  invoice_id: string;
  reason: string;
  amount: string;
  currency: string;
  items: unknown;
  vat_parts: unknown;
  tax_parts: unknown;
  seller: unknown;
}

/** A row of the payments ledger (invoice_payments), with its receipt's number and balance when it has one. */
export interface PaymentSource {
  id: string;
  kind: 'payment' | 'refund' | 'reversal';
  invoice_id: string;
  amount: string;
  currency: string;
  method: string;
  received_at: string;
  reference: string | null;
  provider_reference: string | null;
  note: string | null;
  is_overpayment: boolean;
  reverses_id: string | null;
  credit_note_id: string | null;
  receipt_number: string | null;
  receipt_balance_after: string | null;
}

/** The live row behind a record, tagged by what it is. */
export type LedgerSource =
  | { type: 'INVOICE_ISSUED'; row: InvoiceSource }
  | { type: 'CREDIT_NOTE_ISSUED'; row: CreditNoteSource }
  | { type: 'PAYMENT' | 'REFUND' | 'REVERSAL'; row: PaymentSource };

/** The content of a record: the fields that legally must not change, in a fixed shape (version 1). */
export function recordContent(source: LedgerSource): Record<string, unknown> {
  switch (source.type) {
    case 'INVOICE_ISSUED':
      return invoiceContent(source.row);
    case 'CREDIT_NOTE_ISSUED':
      return creditNoteContent(source.row);
    default:
      return paymentContent(source.row);
  }
}

function invoiceContent(r: InvoiceSource): Record<string, unknown> {
  return {
    v: 1,
    type: 'INVOICE_ISSUED',
    id: r.id,
    number: r.number,
    issued_at: r.issued_at,
    due_date: r.due_date,
    currency: r.currency,
    amount: r.amount,
    title: r.title,
    description: r.description,
    buyer: r.buyer,
    seller: r.seller,
    vat_amounts: r.vat_amounts,
    tax_amounts: r.tax_amounts,
    service_date: r.service_date,
    service_end_date: r.service_end_date,
    deposit_installment: r.deposit_installment,
    // Issue 32 §5: hashed only when set, so every record made before (no address, services) keeps its hash.
    ...(r.delivery_address != null ? { delivery_address: r.delivery_address } : {}),
    lines: r.lines.map((l) => ({
      id: l.id,
      item_type: l.item_type,
      description: l.description,
      quantity: l.quantity,
      price_without_tax: l.price_without_tax,
      price_with_tax: l.price_with_tax,
      price_includes_tax: l.price_includes_tax,
      vat_percentage: l.vat_percentage,
      discount_percentage: l.discount_percentage,
      discount_amount: l.discount_amount,
      discount_type: l.discount_type,
      total: l.total,
      taxes: l.taxes,
      deposit_invoice_id: l.deposit_invoice_id,
      display_order: l.display_order,
      ...(l.category === 'GOODS' ? { category: l.category } : {}),
      ...(l.zero_rate_reason ? { zero_rate_reason: l.zero_rate_reason } : {}),
    })),
  };
}

function creditNoteContent(r: CreditNoteSource): Record<string, unknown> {
  return {
    v: 1,
    type: 'CREDIT_NOTE_ISSUED',
    id: r.id,
    number: r.number,
    issued_at: r.issued_at,
    invoice_id: r.invoice_id,
    reason: r.reason,
    amount: r.amount,
    currency: r.currency,
    items: r.items,
    vat_parts: r.vat_parts,
    tax_parts: r.tax_parts,
    seller: r.seller,
  };
}

function paymentContent(r: PaymentSource): Record<string, unknown> {
  return {
    v: 1,
    type: paymentRecordType(r.kind),
    id: r.id,
    kind: r.kind,
    invoice_id: r.invoice_id,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    received_at: r.received_at,
    reference: r.reference,
    provider_reference: r.provider_reference,
    note: r.note,
    is_overpayment: r.is_overpayment,
    reverses_id: r.reverses_id,
    credit_note_id: r.credit_note_id,
    receipt_number: r.receipt_number,
    receipt_balance_after: r.receipt_balance_after,
  };
}

/** SHA-256 of a text, in lower-case hex. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The content hash of a record: SHA-256 of its content's canonical JSON. */
export const contentHash = (source: LedgerSource): string => sha256Hex(canonicalJson(recordContent(source)));

/** The record type a live source row is chained as (a payments-ledger row by its kind). */
export const sourceRecordType = (source: LedgerSource): LedgerRecordType =>
  source.type === 'INVOICE_ISSUED' || source.type === 'CREDIT_NOTE_ISSUED'
    ? source.type
    : paymentRecordType(source.row.kind);

/** The document number a break names: the invoice's or credit note's own, a payment's receipt (or none). */
export function sourceNumber(source: LedgerSource): string | null {
  if (source.type === 'INVOICE_ISSUED' || source.type === 'CREDIT_NOTE_ISSUED') return source.row.number;
  return source.row.receipt_number;
}
