/** Value sets of quotes and invoices (spec: States and transitions). */
export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PAID', 'OVERDUE'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const QUOTE_STATUSES = ['PENDING', 'SENT', 'ACCEPTED', 'REJECTED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
