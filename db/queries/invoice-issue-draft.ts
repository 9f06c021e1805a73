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
   * What the issue was decided on: the invoice, its lines and, for a final invoice, its quote's
   * deposits, as one fingerprint. The issue's write (db/commands/issue-invoice.ts) compares it
   * under their locks, so what was checked is what is issued.
   */
  version: string;
}

/**
 * The fingerprint of what an issue decides on that it writes with, for the alias `i` of invoices:
 * the invoice (its issue's hold aside), its lines, and its quote's other invoices as a final
 * invoice's deductions read them (status and what was credited). The rows the issue once locked
 * for the whole decision; the company profile and the client are read as they are, as then.
 */
export const ISSUE_VERSION = `md5(concat_ws('|', (to_jsonb(i) - 'issue_started_at')::text,
  (SELECT jsonb_agg(to_jsonb(it) ORDER BY it.id)::text FROM invoice_items it WHERE it.invoice_id = i.id),
  (SELECT jsonb_agg(jsonb_build_array(d.id, d.status, d.credited) ORDER BY d.id)::text FROM invoices d
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
