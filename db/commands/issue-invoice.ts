import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { type StoredTaxAmount } from '../../domain/invoicing/line-taxes';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { type StoredVatAmount } from '../../domain/invoicing/stored-vat';
import { type LegalFacts } from '../../domain/regimes/legal-facts';
import { ISSUE_JOINS, ISSUE_VERSION } from '../queries/invoice-issue-draft';
import { appendLedgerRecord } from './append-ledger-record';

/** What the issue decided (services/invoicing/issue-invoice.ts), written as told. */
export interface InvoiceIssue {
  /** The fingerprint of the sources it was decided on (db/queries/invoice-issue-draft.ts). */
  version: string;
  issuedAt: Date;
  /** The number: the counter's period (its year, 0 for a series never reset), and what surrounds the sequence. */
  number: { period: number; prefix: string; width: number; suffix: string };
  dueDate: string | null;
  buyer: InvoiceBuyer | null;
  /** Per rate, base and VAT (read by the accounting export). */
  vatAmounts: StoredVatAmount[];
  /** Per tax and rate, for an invoice with tax lines; null otherwise. */
  taxAmounts: StoredTaxAmount[] | null;
  serviceDate: string | null;
  serviceEndDate: string | null;
  /** The company profile as the invoice shows it for good. */
  seller: InvoiceSeller | null;
  /** What the studio's law decided of it (title, mentions), for its files to word; null under the templates' own law. */
  legalFacts: LegalFacts | null;
}

/** What became of the write: issued now, issued before (a retried request), or changed since the decision. */
export type InvoiceIssueOutcome = 'issued' | 'already_issued' | 'changed' | 'not_found';

/** The invoice's row, then its quote's other invoices (a final invoice's deposits), locked until the commit. */
const LOCK = `SELECT status FROM invoices WHERE id = $1 AND owner_id = $2 FOR UPDATE`;
const LOCK_DEPOSITS = `SELECT d.id FROM invoices d JOIN invoices i ON i.id = $1
WHERE d.quote_id = i.quote_id AND d.owner_id = $2 AND d.id <> $1 ORDER BY d.id FOR UPDATE OF d`;
/** The fingerprint of what the issue reads now, under those locks. */
const VERSION = `SELECT ${ISSUE_VERSION} AS version ${ISSUE_JOINS} WHERE i.id = $1 AND i.owner_id = $2`;

/**
 * The issue itself, in one statement: the counter row of the series and year is created or
 * incremented (which locks it until the commit), the number is built from it, the invoice becomes
 * ISSUED with what the issue fixed (its buyer and seller copies, VAT summary, legal facts), and its audit row and INVOICE_STATUS_CHANGED outbox event are
 * written. Concurrent issues queue on the counter row for this statement and the commit only.
 */
const ISSUE = `
WITH counter AS (
  INSERT INTO document_counters (owner_id, series, period, last_value) VALUES ($2, 'invoice', $3, 1)
  ON CONFLICT (owner_id, series, period) DO UPDATE SET last_value = document_counters.last_value + 1
  RETURNING last_value::text AS seq
), issued AS (
  UPDATE invoices SET status = 'ISSUED',
    number = $4 || CASE WHEN length(counter.seq) >= $5 THEN counter.seq ELSE lpad(counter.seq, $5, '0') END || $6,
    issued_at = $7, due_date = $8, buyer = $9::jsonb, balance_due = amount, amount_paid = 0, credited = 0,
    payment_status = 'UNPAID', paid_at = NULL, updated_at = $7, vat_amounts = $11::jsonb, service_date = $12, service_end_date = $13, tax_amounts = $14::jsonb, seller = $15::jsonb, legal_facts = $16::jsonb, issue_started_at = NULL
  FROM counter WHERE invoices.id = $1 AND invoices.owner_id = $2
  RETURNING invoices.*
), audit AS (
  INSERT INTO audit_logs (actor_id, action, entity_type, entity_id, resource_owner_id, request_id, metadata)
  SELECT $2, 'UPDATE', 'INVOICE', issued.id, $2, $10,
         jsonb_build_object('changed', jsonb_build_array('status', 'number', 'issued_at'), 'status', jsonb_build_object('from', 'DRAFT', 'to', 'ISSUED'), 'number', issued.number)
  FROM issued
)
INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
SELECT 'INVOICE_STATUS_CHANGED', 'INVOICE', issued.id, $2, to_jsonb(issued) || jsonb_build_object('previous_status', 'DRAFT'), $10
FROM issued
RETURNING payload ->> 'number' AS number`;

/**
 * Writes a draft invoice's issue as the service decided it, in one transaction: under the locks
 * of the invoice and its quote's deposits, only when it is still the draft the decision read
 * (same fingerprint), draws
 * the next number of the studio's series, writes the issued invoice, its audit row and event, and
 * chains it in the studio's ledger (issue 32 §6).
 */
export async function writeInvoiceIssue(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  issue: InvoiceIssue,
  requestId?: string,
): Promise<InvoiceIssueOutcome> {
  return sequelize.transaction(async (transaction) => {
    const read = <T extends object>(sql: string) =>
      sequelize.query<T>(sql, { bind: [invoiceId, ownerId], type: QueryTypes.SELECT, transaction });
    const [now] = await read<{ status: string }>(LOCK);
    if (!now) return 'not_found';
    if (now.status !== 'DRAFT') return 'already_issued';
    await read(LOCK_DEPOSITS);
    const [{ version }] = await read<{ version: string }>(VERSION);
    if (version !== issue.version) return 'changed';
    const { period, prefix, width, suffix } = issue.number;
    await sequelize.query(ISSUE, {
      bind: [
        invoiceId,
        ownerId,
        period,
        prefix,
        width,
        suffix,
        issue.issuedAt,
        issue.dueDate,
        JSON.stringify(issue.buyer),
        requestId ?? null,
        JSON.stringify(issue.vatAmounts),
        issue.serviceDate,
        issue.serviceEndDate,
        issue.taxAmounts == null ? null : JSON.stringify(issue.taxAmounts),
        issue.seller && JSON.stringify(issue.seller),
        issue.legalFacts && JSON.stringify(issue.legalFacts),
      ],
      type: QueryTypes.SELECT,
      transaction,
    });
    await appendLedgerRecord(sequelize, ownerId, { kind: 'invoice', id: invoiceId }, transaction);
    return 'issued';
  });
}

/**
 * Holds a draft for its issue (services/invoicing/issue-invoice.ts): its edits are refused from now
 * on as an issued invoice's are (domain/invoicing/document-editable.ts), for a minute at most. An
 * edit under way finishes first (it holds the invoice's row). No answer: an invoice that is not a
 * draft, or not the owner's, is left as it is, and the issue reads what it is.
 */
export async function holdInvoiceForIssue(sequelize: Sequelize, ownerId: string, invoiceId: string): Promise<void> {
  await sequelize.query(
    `UPDATE invoices SET issue_started_at = now() WHERE id = $1 AND owner_id = $2 AND status = 'DRAFT'`,
    { bind: [invoiceId, ownerId] },
  );
}

/** Frees a draft whose issue was refused (a 400 or 409 naming what blocks): the studio may edit it at once. */
export async function releaseInvoiceIssue(sequelize: Sequelize, ownerId: string, invoiceId: string): Promise<void> {
  await sequelize.query(
    `UPDATE invoices SET issue_started_at = NULL WHERE id = $1 AND owner_id = $2 AND status = 'DRAFT'`,
    { bind: [invoiceId, ownerId] },
  );
}
