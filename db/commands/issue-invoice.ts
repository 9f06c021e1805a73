import { type Sequelize } from 'sequelize-typescript';
import { auditActor } from '../audit-actor';
import { type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { type StoredTaxAmount } from '../../domain/invoicing/line-taxes';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { type StoredVatAmount } from '../../domain/invoicing/stored-vat';
import { nextRecord } from '../../domain/ledger/chain-hash';
import { type InvoiceSource } from '../../domain/ledger/record-content';
import { type LegalFacts } from '../../domain/regimes/legal-facts';
import { ISSUE_VERSION } from '../queries/invoice-issue-draft';
import { invoiceSourceJson, isoUtc } from '../queries/ledger-sources';
import { type PlainInvoice, plainInvoiceColumns, plainInvoiceOf, plainInvoiceSession } from '../queries/plain-invoice';
import { type InvoiceRow } from '../rows';
import { beginPgTransaction, type PgTransaction, prepared } from '../pg-client';
import { INSERT_RECORD, ledgerHeadOf, ledgerLockOf, recordValues } from './append-ledger-record';

/** What the issue decided (services/invoicing/issue-invoice.ts), written as told. */
export interface InvoiceIssue {
  /** The fingerprint of the sources it was decided on (db/queries/invoice-issue-draft.ts). */
  version: string;
  /** The quote of a final invoice (its deposits are locked with it), as the decision read it. */
  quoteId: string | null;
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

/** What became of the write: issued now (the invoice as findPlainInvoice reads it), issued before (a retried request), or changed since the decision. */
export type InvoiceIssueOutcome = { issued: InvoiceRow } | 'already_issued' | 'changed' | 'not_found';

/**
 * The invoice's row locked until the commit, then the studio's ledger (the issue chains it), in
 * that order as every writer of the ledger takes them: the row first, the ledger's lock evaluated
 * on the locked row (a FOR UPDATE subquery is never merged into its outer query).
 */
const LOCK_ROW = `SELECT status FROM invoices WHERE id = $1 AND owner_id = $2 FOR UPDATE`;
const LOCK = prepared('issue-invoice:lock', LOCK_ROW);
const LOCK_WITH_LEDGER = prepared(
  'issue-invoice:lock-with-ledger',
  `SELECT r.status, ${ledgerLockOf('$2::text')} AS ledger FROM (${LOCK_ROW}) r`,
);
/** A final invoice's deposits (its quote's other invoices), locked after it and before the ledger. */
const LOCK_DEPOSITS = prepared(
  'issue-invoice:lock-deposits',
  `SELECT d.id FROM invoices d JOIN invoices i ON i.id = $1
WHERE d.quote_id = i.quote_id AND d.owner_id = $2 AND d.id <> $1 ORDER BY d.id FOR UPDATE OF d`,
);
const LOCK_LEDGER = prepared(
  'issue-invoice:lock-ledger',
  `SELECT ${ledgerLockOf('$2::text')} AS ledger, $1::uuid AS id`,
);
const CHAIN = prepared('issue-invoice:chain', INSERT_RECORD);

/**
 * The issue itself, in one statement, only if the draft is still what the decision read (its
 * fingerprint, $17, compared under the locks): the counter row of the series and year is created
 * or incremented (which locks it until the commit), the number is built from it, the invoice
 * becomes ISSUED with what the issue fixed (its buyer and seller copies, VAT summary, legal facts),
 * and its audit row and INVOICE_STATUS_CHANGED outbox event are written. It answers the issued
 * invoice as its ledger record hashes it, the ledger's head and the database's clock: the record
 * is made from them and written next. Concurrent issues queue on the counter row for this
 * statement, the record's INSERT and the commit. It also answers the issued invoice as the
 * studio reads it (findPlainInvoice), so the issue's answer needs no other read.
 */
const ISSUE = prepared(
  'issue-invoice:issue',
  `
WITH unchanged AS (
  SELECT i.id FROM invoices i WHERE i.id = $1 AND i.owner_id = $2 AND ${ISSUE_VERSION} = $17
), counter AS (
  INSERT INTO document_counters (owner_id, series, period, last_value) SELECT $2, 'invoice', $3, 1 FROM unchanged
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
  SELECT $18::uuid, 'UPDATE', 'INVOICE', issued.id, $2, $10,
         jsonb_build_object('changed', jsonb_build_array('status', 'number', 'issued_at'), 'status', jsonb_build_object('from', 'DRAFT', 'to', 'ISSUED'), 'number', issued.number)
  FROM issued
), event AS (
  INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
  SELECT 'INVOICE_STATUS_CHANGED', 'INVOICE', issued.id, $2, to_jsonb(issued) || jsonb_build_object('previous_status', 'DRAFT'), $10
  FROM issued
)
SELECT ${plainInvoiceColumns('i')}, ${invoiceSourceJson('i')} AS source__,
       head.seq AS head_seq__, head.chain_hash AS head_hash__, ${isoUtc('clock_timestamp()')} AS now__
FROM issued i ${plainInvoiceSession('i')} LEFT JOIN LATERAL (${ledgerHeadOf('$2')}) head ON true`,
);

type IssuedRow = PlainInvoice & {
  source__: InvoiceSource;
  head_seq__: string | null;
  head_hash__: string | null;
  now__: string;
};

/**
 * Writes a draft invoice's issue as the service decided it, in one transaction: under the locks
 * of the invoice, its quote's deposits and the studio's ledger, only when it is still the draft
 * the decision read (same fingerprint), draws the next number of the studio's series, writes the
 * issued invoice, its audit row and event (ISSUE), and chains it in the studio's ledger (issue 32
 * §6): an issued invoice is a draft no more, so it was never in the chain.
 */
export async function writeInvoiceIssue(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  issue: InvoiceIssue,
  requestId?: string,
): Promise<InvoiceIssueOutcome> {
  const db = await beginPgTransaction(sequelize);
  try {
    return await issueIn(db, ownerId, invoiceId, issue, requestId);
  } finally {
    // Only an issue written is committed; whatever else happened wrote nothing.
    await db.rollback();
  }
}

/**
 * writeInvoiceIssue's statements, in its transaction. The locks and ISSUE are asked for together:
 * ISSUE writes only a draft that is still the one decided on (its fingerprint holds the status), so
 * it needs no answer from the locks first, and the ledger's lock is held for one turn of the event
 * loop only (between ISSUE's answer and the record's INSERT, sent with the COMMIT).
 */
async function issueIn(
  db: PgTransaction,
  ownerId: string,
  invoiceId: string,
  issue: InvoiceIssue,
  requestId: string | undefined,
): Promise<InvoiceIssueOutcome> {
  const ids = [invoiceId, ownerId];
  const lock = db.rows<{ status: string }>(issue.quoteId ? LOCK : LOCK_WITH_LEDGER, ids);
  const others = issue.quoteId ? [db.rows(LOCK_DEPOSITS, ids), db.rows(LOCK_LEDGER, ids)] : [];
  const write = db.rows<IssuedRow>(ISSUE, issueBind(invoiceId, ownerId, issue, requestId));
  const [[now], , [issued]] = await Promise.all([lock, Promise.all(others), write]);
  if (!now) return 'not_found';
  if (now.status !== 'DRAFT') return 'already_issued';
  if (!issued) return 'changed';
  const { source__: source, head_seq__: seq, head_hash__: hash, now__: at, ...invoice } = issued;
  const head = seq === null ? null : { seq: Number(seq), hash: hash! };
  const record = nextRecord(ownerId, head, { type: 'INVOICE_ISSUED', row: source }, at);
  await Promise.all([db.rows(CHAIN, recordValues(ownerId, record)), db.commit()]);
  return { issued: plainInvoiceOf(invoice) };
}

/** ISSUE's parameters, in its order. */
const issueBind = (invoiceId: string, ownerId: string, issue: InvoiceIssue, requestId: string | undefined) => {
  const { period, prefix, width, suffix } = issue.number;
  return [
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
    issue.version,
    // The member who issues it (the studio in a job): db/audit-actor.ts.
    auditActor(ownerId),
  ];
};

/** Frees a draft whose issue was refused (a 400 or 409 naming what blocks): the studio may edit it at once. */
export async function releaseInvoiceIssue(sequelize: Sequelize, ownerId: string, invoiceId: string): Promise<void> {
  await sequelize.query(
    `UPDATE invoices SET issue_started_at = NULL WHERE id = $1 AND owner_id = $2 AND status = 'DRAFT'`,
    { bind: [invoiceId, ownerId] },
  );
}
