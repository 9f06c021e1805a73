import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import {
  type CreditNoteSource,
  type InvoiceSource,
  type LedgerSource,
  type PaymentSource,
} from '../../domain/ledger/record-content';
import { type LedgerRecordType } from '../../domain/ledger/record-types';
import { type UnchainedSource } from '../../domain/ledger/verify-chain';

/** An instant as the chain hashes it: ISO 8601 in UTC to the microsecond, as PostgreSQL keeps it. */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What a record stands for: a document or a row of the payments ledger, by id. */
export interface LedgerRef {
  kind: 'invoice' | 'credit_note' | 'payment';
  id: string;
}

/** The kind of row a record type stands for. */
export const refKind = (type: LedgerRecordType): LedgerRef['kind'] =>
  type === 'INVOICE_ISSUED' ? 'invoice' : type === 'CREDIT_NOTE_ISSUED' ? 'credit_note' : 'payment';

// Decimals as their stored text ("1200.00"), dates as YYYY-MM-DD, instants through isoUtc: the
// content is read the same way when a record is appended and when it is checked. The reform's
// columns (issue 32 §5: a line's category, the delivery address) are read through to_jsonb, null
// where they do not exist yet: the ledger-chain migration, which runs before them, reads this too.

/** An invoice's lines as its record hashes them (InvoiceLineSource), in line order, for the alias `i` of invoices. */
export const invoiceLinesJson = (i: string) => `COALESCE((SELECT json_agg(json_build_object(
    'id', it.id, 'item_type', it.item_type, 'description', it.description, 'quantity', it.quantity::text,
    'price_without_tax', it.price_without_tax::text, 'price_with_tax', it.price_with_tax::text,
    'price_includes_tax', it.price_includes_tax, 'vat_percentage', it.vat_percentage::text,
    'discount_percentage', it.discount_percentage::text, 'discount_amount', it.discount_amount::text,
    'discount_type', it.discount_type, 'total', it.total::text, 'taxes', it.taxes,
    'deposit_invoice_id', it.deposit_invoice_id, 'display_order', it.display_order,
    'category', to_jsonb(it) ->> 'category', 'zero_rate_reason', to_jsonb(it) ->> 'zero_rate_reason')
  ORDER BY it.display_order, it.id) FROM invoice_items it WHERE it.invoice_id = ${i}.id), '[]'::json)`;

/** An issued invoice's fields as its record hashes them (InvoiceSource), each name and its expression, for the alias `i` of invoices. */
const invoiceSourceFields = (i: string): [string, string][] => [
  ['id', `${i}.id`],
  ['number', `${i}.number`],
  ['issued_at', isoUtc(`${i}.issued_at`)],
  ['due_date', `${i}.due_date::text`],
  ['currency', `${i}.currency`],
  ['amount', `${i}.amount::text`],
  ['title', `${i}.title`],
  ['description', `${i}.description`],
  ['buyer', `${i}.buyer`],
  ['seller', `${i}.seller`],
  ['vat_amounts', `${i}.vat_amounts`],
  ['tax_amounts', `${i}.tax_amounts`],
  ['service_date', `${i}.service_date::text`],
  ['service_end_date', `${i}.service_end_date::text`],
  ['deposit_installment', `${i}.deposit_installment`],
  ['delivery_address', `to_jsonb(${i}) -> 'delivery_address'`],
  ['lines', invoiceLinesJson(i)],
];

/** The issued invoice's fields as columns, as the chain reads them. */
const invoiceSourceColumns = (i: string) =>
  invoiceSourceFields(i)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(',\n       ');

/** The same fields as one JSON object (the same values once parsed), for a statement that answers more than the source. */
export const invoiceSourceJson = (i: string) =>
  `json_build_object(${invoiceSourceFields(i)
    .map(([name, expression]) => `'${name}', ${expression}`)
    .join(', ')})`;

const INVOICES = `
SELECT ${invoiceSourceColumns('i')}
FROM invoices i
WHERE i.owner_id = $1 AND i.id = ANY($2::uuid[]) AND i.status <> 'DRAFT'`;

const CREDIT_NOTES = `
SELECT c.id, c.number, ${isoUtc('c.issued_at')} AS issued_at, c.invoice_id, c.reason, c.amount::text AS amount, c.currency,
       c.items, c.vat_parts, c.tax_parts, c.seller
FROM credit_notes c
WHERE c.owner_id = $1 AND c.id = ANY($2::uuid[])`;

const PAYMENTS = `
SELECT p.id, p.kind, p.invoice_id, p.amount::text AS amount, p.currency, p.method, ${isoUtc('p.received_at')} AS received_at,
       p.reference, p.provider_reference, p.note, p.is_overpayment, p.reverses_id, p.credit_note_id,
       r.number AS receipt_number, r.balance_after::text AS receipt_balance_after
FROM invoice_payments p
LEFT JOIN payment_receipts r ON r.invoice_payment_id = p.id
WHERE p.owner_id = $1 AND p.id = ANY($2::uuid[])`;

/**
 * The live rows behind `refs`, of `ownerId` only, by id: an issued invoice with its lines, a credit
 * note, a payments-ledger row with its receipt. A row that is gone (or an invoice no longer issued)
 * is absent from the map.
 */
export async function loadLedgerSources(
  sequelize: Sequelize,
  ownerId: string,
  refs: readonly LedgerRef[],
  transaction?: Transaction,
): Promise<Map<string, LedgerSource>> {
  const ids = (kind: LedgerRef['kind']) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const read = async <T extends object>(sql: string, wanted: string[]): Promise<T[]> =>
    wanted.length === 0
      ? []
      : sequelize.query<T>(sql, { bind: [ownerId, wanted], type: QueryTypes.SELECT, transaction });
  // One after the other: inside a transaction they share its one connection.
  const invoices = await read<InvoiceSource>(INVOICES, ids('invoice'));
  const creditNotes = await read<CreditNoteSource>(CREDIT_NOTES, ids('credit_note'));
  const payments = await read<PaymentSource>(PAYMENTS, ids('payment'));
  const sources = new Map<string, LedgerSource>();
  for (const row of invoices) sources.set(row.id, { type: 'INVOICE_ISSUED', row });
  for (const row of creditNotes) sources.set(row.id, { type: 'CREDIT_NOTE_ISSUED', row });
  for (const row of payments)
    sources.set(row.id, {
      type: row.kind === 'payment' ? 'PAYMENT' : row.kind === 'refund' ? 'REFUND' : 'REVERSAL',
      row,
    });
  return sources;
}

/** A source row no record stands for, with the instant it was issued or recorded (its place in a backfill). */
export interface UnchainedRow extends UnchainedSource {
  at: string;
}

/**
 * The studio's issued invoices, credit notes and payments-ledger rows that are in no record of the
 * chain, in the order they were issued or recorded (invoices, then credit notes, then payments at
 * the same instant; then by id); at most `limit`; only those of the invoices `invoiceIds` (the
 * invoices and their credit notes and payments) when given.
 */
export async function findUnchainedSources(
  sequelize: Sequelize,
  ownerId: string,
  limit: number | null,
  transaction?: Transaction,
  invoiceIds: readonly string[] | null = null,
): Promise<UnchainedRow[]> {
  const among = (column: string) => `($3::uuid[] IS NULL OR ${column} = ANY($3::uuid[]))`;
  // Payments through their invoices: invoice_payments has no index on owner_id, its invoices do (and
  // an issued invoice always has a number: invoices_owner_number is the index).
  const unchained = (alias: string) => `NOT EXISTS (SELECT 1 FROM ledger_records r WHERE r.record_id = ${alias}.id)`;
  return sequelize.query<UnchainedRow>(
    `SELECT "recordType", "recordId", number, ${isoUtc('at')} AS at FROM (
       SELECT 'INVOICE_ISSUED' AS "recordType", i.id AS "recordId", i.number, i.issued_at AS at, 0 AS type_order
       FROM invoices i WHERE i.owner_id = $1 AND i.status <> 'DRAFT' AND i.number IS NOT NULL AND ${unchained('i')} AND ${among('i.id')}
       UNION ALL
       SELECT 'CREDIT_NOTE_ISSUED', c.id, c.number, c.issued_at, 1
       FROM credit_notes c WHERE c.owner_id = $1 AND ${unchained('c')} AND ${among('c.invoice_id')}
       UNION ALL
       SELECT CASE p.kind WHEN 'payment' THEN 'PAYMENT' WHEN 'refund' THEN 'REFUND' ELSE 'REVERSAL' END, p.id, rc.number, p.created_at, 2
       FROM invoices pi JOIN invoice_payments p ON p.invoice_id = pi.id LEFT JOIN payment_receipts rc ON rc.invoice_payment_id = p.id
       WHERE pi.owner_id = $1 AND p.owner_id = $1 AND ${unchained('p')} AND ${among('p.invoice_id')}
     ) s
     ORDER BY s.at, s.type_order, s."recordId"
     LIMIT $2`,
    { bind: [ownerId, limit, invoiceIds], type: QueryTypes.SELECT, transaction },
  );
}
