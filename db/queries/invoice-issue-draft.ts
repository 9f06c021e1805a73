import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { type buyerOf } from '../../domain/invoicing/buyer';
import { type DeliveryAddress } from '../../domain/invoicing/delivery-address';
import { type EInvoiceItem } from '../../domain/invoicing/e-invoice';
import { type SequenceReset } from '../../domain/invoicing/numbering';
import { type CompanyProfileFields } from '../../domain/invoicing/seller';
import { type IssuingSeller } from '../../domain/regimes/issue-input';
import { prepared, preparedRows } from '../pg-client';
import { invoiceLinesJson } from './ledger-sources';
import { studioOwnerEmailSql } from './studios';

/** A draft invoice and everything its issue decides on (services/invoicing/issue-invoice.ts), from one read. */
export interface InvoiceIssueDraft {
  status: string;
  due_date: string | null;
  currency: string;
  quote_id: string | null;
  deposit_installment: number | null;
  delivery_address: DeliveryAddress | null;
  /** Its lines, in line order, their decimals as stored ("29.1667"). */
  lines: EInvoiceItem[];
  /** The studio: its time zone, language and account email (the e-invoice's electronic address without a profile email). */
  owner: { time_zone: string; locale: UserLocale; owner_email: string };
  format: string | null;
  sequence_reset: SequenceReset | null;
  /** The company profile row (to_jsonb): the seller of the mentions, copied into `seller`. */
  company: (IssuingSeller & CompanyProfileFields) | null;
  contact:
    | (NonNullable<Parameters<typeof buyerOf>[0]> & { erased_at?: string | null; locale?: UserLocale | null })
    | null;
  /** Its session's start and end, which date the service; null without a session. */
  session: { start_date: Date | null; end_date: Date | null } | null;
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

/**
 * The draft held (its edits are refused from now on as an issued invoice's are,
 * domain/invoicing/document-editable.ts, for a minute at most; an edit under way finishes first, as
 * it holds the invoice's row), then read with everything its issue needs: the studio, its company
 * profile and number format, the client, the session and the lines. An invoice that is not a draft
 * is not held, and is read as it is (a statement's data-modifying WITH runs whether read or not). The read sees the invoice as the statement began: the
 * fingerprint leaves the hold out, and the write compares it again under the locks.
 */
const HOLD_AND_READ = prepared(
  'invoice-issue-draft',
  `
WITH held AS (
  UPDATE invoices SET issue_started_at = now() WHERE id = $1 AND owner_id = $2 AND status = 'DRAFT' RETURNING id
)
SELECT i.status, i.due_date, i.currency, i.quote_id, i.deposit_installment, i.delivery_address,
       ${invoiceLinesJson('i')} AS lines,
       json_build_object('time_zone', u.time_zone, 'locale', u.locale, 'owner_email', ${studioOwnerEmailSql('i.owner_id')}) AS owner,
       f.format, f.sequence_reset, to_jsonb(c) AS company, to_jsonb(ct) AS contact,
       CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('start_date', s.start_date, 'end_date', s.end_date) END AS session,
       ${ISSUE_VERSION} AS version
FROM invoices i
JOIN organizations u ON u.id = i.owner_id
LEFT JOIN user_company c ON c.user_id = i.owner_id
LEFT JOIN contacts ct ON ct.id = i.contact_id AND ct.owner_id = i.owner_id
LEFT JOIN sessions s ON s.id = i.session_id AND s.owner_id = i.owner_id
LEFT JOIN document_number_formats f ON f.owner_id = i.owner_id AND f.series = 'invoice'
WHERE i.id = $1 AND i.owner_id = $2`,
);

/** Holds one of the owner's draft invoices for its issue and reads it as its issue decides on it; null when it is not theirs. */
export async function holdInvoiceIssueDraft(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
): Promise<InvoiceIssueDraft | null> {
  type Read = InvoiceIssueDraft & { session: { start_date: string | null; end_date: string | null } | null };
  const [draft] = await preparedRows<Read>(sequelize, HOLD_AND_READ, [invoiceId, ownerId]);
  if (!draft) return null;
  const instant = (at: string | null) => (at === null ? null : new Date(at));
  const session = draft.session && {
    start_date: instant(draft.session.start_date),
    end_date: instant(draft.session.end_date),
  };
  return { ...draft, session };
}
