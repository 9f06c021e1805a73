/** Value sets of quotes and invoices (spec: States and transitions; issue 20 for invoices). */

/**
 * An invoice's life: a DRAFT may change freely and has no legal number; ISSUED is numbered and
 * never changes again; CANCELLED is an issued invoice fully credited. How much of it is paid is
 * a separate fact, its payment status (ledger.ts).
 */
export const INVOICE_STATUSES = ['DRAFT', 'ISSUED', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Invoice statuses before issue 20, read as the migration reads them (docs/api-changes.md). */
export const LEGACY_INVOICE_STATUSES = ['SENT', 'PAID', 'OVERDUE'] as const;
export type LegacyInvoiceStatus = (typeof LEGACY_INVOICE_STATUSES)[number];

export const QUOTE_STATUSES = ['PENDING', 'SENT', 'ACCEPTED', 'REJECTED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Ways a studio is paid (issue 20 §5): card and wallet come from the providers' webhooks, the rest are recorded by hand. */
export const PAYMENT_METHODS = ['card', 'wallet', 'bank_transfer', 'cash', 'check', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MANUAL_PAYMENT_METHODS = [
  'bank_transfer',
  'cash',
  'check',
  'other',
] as const satisfies readonly PaymentMethod[];
