import { createHash } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/**
 * Frozen for migration 2026.11.27T09.00.00.ledger-chain: its backfill, the chaining of a studio's
 * documents and payments-ledger rows written before the chain existed, as the live code did it then
 * (db/commands/append-unchained-ledger-records.ts with `recordedAt: 'source'`,
 * db/commands/append-ledger-record.ts, db/queries/ledger-sources.ts, domain/ledger/): the same
 * records, content hashes and chain hashes, version 1 of a record's content. The columns later
 * migrations add to a record's content (a line's category and zero-rate reason, the delivery
 * address) do not exist at this migration and are hashed only when set, so they are left out here.
 * Never edit: the hashes stored by this backfill must stay the ones the integrity check recomputes.
 */

/** An instant as the chain hashes it: ISO 8601 in UTC to the microsecond, as PostgreSQL keeps it. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type RecordType = 'INVOICE_ISSUED' | 'CREDIT_NOTE_ISSUED' | 'PAYMENT' | 'REFUND' | 'REVERSAL';
type PaymentKind = 'payment' | 'refund' | 'reversal';

const GENESIS_HASH = '0'.repeat(64);
const paymentRecordType = (kind: PaymentKind): RecordType =>
  kind === 'payment' ? 'PAYMENT' : kind === 'refund' ? 'REFUND' : 'REVERSAL';

/** Keys sorted by UTF-16 code units, no white space, undefined as null, finite numbers only. */
function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return JSON.stringify(value);
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`Cannot serialise a ${typeof value}`);
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

// Decimals as their stored text, dates as YYYY-MM-DD, instants through isoUtc.
const INVOICES = `
SELECT i.id, i.number, ${isoUtc('i.issued_at')} AS issued_at, i.due_date::text AS due_date, i.currency, i.amount::text AS amount,
       i.title, i.description, i.buyer, i.seller, i.vat_amounts, i.tax_amounts, i.service_date::text AS service_date,
       i.service_end_date::text AS service_end_date, i.deposit_installment,
       COALESCE((SELECT json_agg(json_build_object(
           'id', it.id, 'item_type', it.item_type, 'description', it.description, 'quantity', it.quantity::text,
           'price_without_tax', it.price_without_tax::text, 'price_with_tax', it.price_with_tax::text,
           'price_includes_tax', it.price_includes_tax, 'vat_percentage', it.vat_percentage::text,
           'discount_percentage', it.discount_percentage::text, 'discount_amount', it.discount_amount::text,
           'discount_type', it.discount_type, 'total', it.total::text, 'taxes', it.taxes,
           'deposit_invoice_id', it.deposit_invoice_id, 'display_order', it.display_order)
         ORDER BY it.display_order, it.id) FROM invoice_items it WHERE it.invoice_id = i.id), '[]'::json) AS lines
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

/** The studio's rows no record stands for, in the order they were issued or recorded. */
const UNCHAINED = `
SELECT "recordType", "recordId", ${isoUtc('at')} AS at FROM (
  SELECT 'INVOICE_ISSUED' AS "recordType", i.id AS "recordId", i.issued_at AS at, 0 AS type_order
  FROM invoices i WHERE i.owner_id = $1 AND i.status <> 'DRAFT' AND i.number IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM ledger_records r WHERE r.record_id = i.id)
  UNION ALL
  SELECT 'CREDIT_NOTE_ISSUED', c.id, c.issued_at, 1
  FROM credit_notes c WHERE c.owner_id = $1 AND NOT EXISTS (SELECT 1 FROM ledger_records r WHERE r.record_id = c.id)
  UNION ALL
  SELECT CASE p.kind WHEN 'payment' THEN 'PAYMENT' WHEN 'refund' THEN 'REFUND' ELSE 'REVERSAL' END, p.id, p.created_at, 2
  FROM invoices pi JOIN invoice_payments p ON p.invoice_id = pi.id
  WHERE pi.owner_id = $1 AND p.owner_id = $1 AND NOT EXISTS (SELECT 1 FROM ledger_records r WHERE r.record_id = p.id)
) s
ORDER BY s.at, s.type_order, s."recordId"`;

type Row = Record<string, unknown> & { id: string };
type Line = Record<string, unknown>;

const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

/** Version 1 of a record's content: the fields that legally must not change. */
function recordContent(type: RecordType, row: Row): Record<string, unknown> {
  if (type === 'INVOICE_ISSUED')
    return {
      v: 1,
      type,
      ...pick(row, [
        'id',
        'number',
        'issued_at',
        'due_date',
        'currency',
        'amount',
        'title',
        'description',
        'buyer',
        'seller',
        'vat_amounts',
        'tax_amounts',
        'service_date',
        'service_end_date',
        'deposit_installment',
      ]),
      lines: (row.lines as Line[]).map((l) =>
        pick(l, [
          'id',
          'item_type',
          'description',
          'quantity',
          'price_without_tax',
          'price_with_tax',
          'price_includes_tax',
          'vat_percentage',
          'discount_percentage',
          'discount_amount',
          'discount_type',
          'total',
          'taxes',
          'deposit_invoice_id',
          'display_order',
        ]),
      ),
    };
  if (type === 'CREDIT_NOTE_ISSUED')
    return {
      v: 1,
      type,
      ...pick(row, [
        'id',
        'number',
        'issued_at',
        'invoice_id',
        'reason',
        'amount',
        'currency',
        'items',
        'vat_parts',
        'tax_parts',
        'seller',
      ]),
    };
  return {
    v: 1,
    type,
    ...pick(row, [
      'id',
      'kind',
      'invoice_id',
      'amount',
      'currency',
      'method',
      'received_at',
      'reference',
      'provider_reference',
      'note',
      'is_overpayment',
      'reverses_id',
      'credit_note_id',
      'receipt_number',
      'receipt_balance_after',
    ]),
  };
}

/**
 * Chains every row of the studio no record stands for, each recorded at its row's own instant,
 * under the studio's chain lock, in the migration's transaction.
 */
export async function chainUnchainedRecords(
  sequelize: Sequelize,
  ownerId: string,
  transaction: Transaction,
): Promise<void> {
  const select = <T extends object>(sql: string, bind: unknown[]) =>
    sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });
  await select(`SELECT pg_advisory_xact_lock(hashtext('ledger_records'), hashtext($1))`, [ownerId]);
  const unchained = await select<{ recordType: RecordType; recordId: string; at: string }>(UNCHAINED, [ownerId]);
  if (unchained.length === 0) return;
  const ids = (types: RecordType[]) => unchained.filter((u) => types.includes(u.recordType)).map((u) => u.recordId);
  // One after the other: inside a transaction they share its one connection.
  const read = async (sql: string, wanted: string[]) =>
    wanted.length === 0 ? [] : select<Row>(sql, [ownerId, wanted]);
  const sources = new Map<string, { type: RecordType; row: Row }>();
  for (const row of await read(INVOICES, ids(['INVOICE_ISSUED']))) sources.set(row.id, { type: 'INVOICE_ISSUED', row });
  for (const row of await read(CREDIT_NOTES, ids(['CREDIT_NOTE_ISSUED'])))
    sources.set(row.id, { type: 'CREDIT_NOTE_ISSUED', row });
  for (const row of await read(PAYMENTS, ids(['PAYMENT', 'REFUND', 'REVERSAL'])))
    sources.set(row.id, { type: paymentRecordType(row.kind as PaymentKind), row });
  const [head] = await select<{ seq: string; chain_hash: string }>(
    'SELECT seq, chain_hash FROM ledger_records WHERE owner_id = $1 ORDER BY seq DESC LIMIT 1',
    [ownerId],
  );
  let seq = head ? Number(head.seq) : 0;
  let previousHash = head ? head.chain_hash : GENESIS_HASH;
  for (const { recordId, at } of unchained) {
    const source = sources.get(recordId);
    if (!source) throw new Error(`No row ${recordId} of this studio to chain`);
    seq += 1;
    const contentHash = sha256Hex(canonicalJson(recordContent(source.type, source.row)));
    const chainHash = sha256Hex(
      canonicalJson({
        v: 1,
        owner_id: ownerId,
        seq,
        record_type: source.type,
        record_id: recordId,
        recorded_at: at,
        content_hash: contentHash,
        previous_hash: previousHash,
      }),
    );
    await sequelize.query(
      `INSERT INTO ledger_records (owner_id, seq, record_type, record_id, recorded_at, content_hash, previous_hash, chain_hash)
       VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8)`,
      { bind: [ownerId, seq, source.type, recordId, at, contentHash, previousHash, chainHash], transaction },
    );
    previousHash = chainHash;
  }
}
