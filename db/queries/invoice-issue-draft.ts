import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type buyerOf } from '../../domain/invoicing/buyer';
import { type SequenceReset } from '../../domain/invoicing/numbering';
import { type CompanyProfileFields } from '../../domain/invoicing/seller';
import { type IssuingSeller } from '../../domain/regimes/issue-input';

/** A draft invoice and everything its issue decides on (services/invoicing/issue-invoice.ts). */
export interface InvoiceIssueDraft {
  status: string;
  due_date: string | null;
  time_zone: string;
  format: string | null;
  sequence_reset: SequenceReset | null;
  /** The company profile row (to_jsonb): the seller of the mentions, copied into `seller`. */
  company: (IssuingSeller & CompanyProfileFields) | null;
  contact: (NonNullable<Parameters<typeof buyerOf>[0]> & { erased_at?: string | null }) | null;
  line_count: number;
  quote_id: string | null;
  deposit_installment: number | null;
  currency: string;
  /**
   * What the issue was decided on: the invoice, its lines, the company profile, the client and,
   * for a final invoice, its quote's deposits, as one fingerprint. The issue's write (db/commands/issue-invoice.ts) compares it under the
   * invoice's lock, so what was checked is what is issued.
   */
  version: string;
}

/**
 * The fingerprint of an invoice's issue sources, for the alias `i` of invoices, `c` of
 * user_company, `ct` of contacts: the rows themselves, the invoice's lines and its quote's other
 * invoices (a final invoice's deposits, which its deductions must match).
 */
export const ISSUE_VERSION = `md5(concat_ws('|', to_jsonb(i)::text,
  (SELECT jsonb_agg(to_jsonb(it) ORDER BY it.id)::text FROM invoice_items it WHERE it.invoice_id = i.id),
  to_jsonb(c)::text, to_jsonb(ct)::text,
  (SELECT jsonb_agg(to_jsonb(d) ORDER BY d.id)::text FROM invoices d
    WHERE d.quote_id = i.quote_id AND d.owner_id = i.owner_id AND d.id <> i.id)))`;

/** The invoice with its owner's company profile and client, for the alias `i`. */
export const ISSUE_JOINS = `
FROM invoices i
JOIN users u ON u.id = i.owner_id
LEFT JOIN user_company c ON c.user_id = i.owner_id
LEFT JOIN contacts ct ON ct.id = i.contact_id AND ct.owner_id = i.owner_id`;

const DRAFT = `
SELECT i.status, i.due_date, i.quote_id, i.deposit_installment, i.currency, u.time_zone, f.format, f.sequence_reset,
       to_jsonb(c) AS company, to_jsonb(ct) AS contact,
       (SELECT count(*) FROM invoice_items it WHERE it.invoice_id = i.id)::int AS line_count,
       ${ISSUE_VERSION} AS version
${ISSUE_JOINS}
LEFT JOIN document_number_formats f ON f.owner_id = i.owner_id AND f.series = 'invoice'
WHERE i.id = $1 AND i.owner_id = $2`;

/** One of the owner's invoices as its issue reads it: the owner's time zone, company profile, client, number format and line count. */
export async function findInvoiceIssueDraft(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  transaction?: Transaction,
): Promise<InvoiceIssueDraft | null> {
  const [draft] = await sequelize.query<InvoiceIssueDraft>(DRAFT, {
    bind: [invoiceId, ownerId],
    type: QueryTypes.SELECT,
    transaction,
  });
  return draft ?? null;
}
