import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type AccountingAccounts, DEFAULT_ACCOUNTING_ACCOUNTS } from '../../domain/accounting/accounts';
import { type StoredVatPart } from '../../domain/invoicing/stored-credit-vat';
import { type LineInput } from '../../domain/invoicing/totals';
import { withConnection } from './exports/db-connection';
import { type ClientBase } from 'pg';

/** The studio's accounts for the accounting export: its own once set, else the defaults. */
export async function readAccountingAccounts(sequelize: Sequelize, ownerId: string): Promise<AccountingAccounts> {
  const [row] = await sequelize.query<AccountingAccounts>('SELECT client, sales, vat_collected, bank, card, wallet, client_sub_accounts FROM accounting_accounts WHERE owner_id = $1', {
    bind: [ownerId],
    type: QueryTypes.SELECT,
  });
  return row ?? { ...DEFAULT_ACCOUNTING_ACCOUNTS };
}

/** A period of days on the studio's calendar, both ends included, and that calendar's zone. */
export interface AccountingPeriod {
  ownerId: string;
  /** YYYY-MM-DD. */
  from: string;
  to: string;
  timeZone: string;
}

/** An issued invoice of the period, with its lines (in display order). */
export interface PeriodInvoiceRow {
  id: string;
  number: string;
  day: string;
  buyer_name: string | null;
  contact_id: string | null;
  items: LineInput[] | null;
}

/** A credit note of the period, with its invoice's number, buyer and lines (for the pro rata split of an amount). */
export interface PeriodCreditNoteRow {
  id: string;
  number: string;
  day: string;
  amount: string;
  /** Its VAT breakdown as stored at issue. */
  vat_parts: StoredVatPart[];
  invoice_number: string;
  buyer_name: string | null;
  contact_id: string | null;
}

/** What a period holds. */
export interface PeriodRows {
  invoices: PeriodInvoiceRow[];
  creditNotes: PeriodCreditNoteRow[];
  movements: PeriodMovementRow[];
}

/** A row of the payments ledger received in the period. */
export interface PeriodMovementRow {
  id: string;
  kind: 'payment' | 'refund' | 'reversal';
  method: string;
  amount: string;
  day: string;
  reference: string | null;
  invoice_number: string;
  buyer_name: string | null;
  contact_id: string | null;
}

// Instants from the first day's midnight to the day after the last, on the studio's calendar.
const IN_PERIOD = (column: string) => `${column} >= ($2::date)::timestamp AT TIME ZONE $4 AND ${column} < ($3::date + 1)::timestamp AT TIME ZONE $4`;
const DAY = (column: string) => `to_char(${column} AT TIME ZONE $4, 'YYYY-MM-DD')`;
// An invoice's lines as flat columns: one row per line, grouped here (a json_agg per invoice cost the server twice the time).
const LINE_COLUMNS = `it.item_type, it.quantity::text AS quantity, it.price_with_tax::text AS price_with_tax, it.price_without_tax::text AS price_without_tax,
  it.vat_percentage::text AS vat_percentage, it.discount_percentage::text AS discount_percentage, it.discount_amount::text AS discount_amount,
  it.discount_type, it.price_includes_tax`;

type LineRow = LineInput & { invoice_id: string };

/** Rows ordered by invoice, then line: each invoice's lines, in order. */
function groupLines(rows: readonly LineRow[]): Map<string, LineInput[]> {
  const lines = new Map<string, LineInput[]>();
  for (const row of rows) {
    if (!row.item_type) continue;
    const line: LineInput = {
      item_type: row.item_type,
      quantity: row.quantity,
      price_with_tax: row.price_with_tax,
      price_without_tax: row.price_without_tax,
      vat_percentage: row.vat_percentage,
      discount_percentage: row.discount_percentage,
      discount_amount: row.discount_amount,
      discount_type: row.discount_type,
      price_includes_tax: row.price_includes_tax,
    };
    const list = lines.get(row.invoice_id);
    if (list) list.push(line);
    else lines.set(row.invoice_id, [line]);
  }
  return lines;
}

/**
 * What the accounting export of a period reads, one statement each: the studio's issued invoices
 * (ISSUED or since CANCELLED: a cancelled invoice was issued, and its credit notes reverse it),
 * its credit notes, and its payments ledger, each by the day it happened on the studio's calendar.
 */
export async function readAccountingPeriod(sequelize: Sequelize, period: AccountingPeriod): Promise<PeriodRows> {
  // The driver itself (Sequelize's handling of each row cost a third of the reads); the documents
  // and the ledger on two connections at once, so the server runs one while this process reads the other.
  const bind = [period.ownerId, period.from, period.to, period.timeZone];
  const [documents, movements] = await Promise.all([withConnection(sequelize, (client) => readDocuments(client, bind)), withConnection(sequelize, (client) => readMovements(client, bind))]);
  return { ...documents, movements };
}

const selectOn =
  (client: ClientBase) =>
  async <T>(text: string, values: unknown[]): Promise<T[]> =>
    (await client.query(text, values)).rows as T[];

async function readDocuments(client: ClientBase, bind: unknown[]): Promise<Omit<PeriodRows, 'movements'>> {
  const select = selectOn(client);
  const invoiceRows = await select<Omit<PeriodInvoiceRow, 'items'> & LineRow>(
    `SELECT i.id, i.id AS invoice_id, i.number, ${DAY('i.issued_at')} AS day, i.buyer->>'name' AS buyer_name, i.contact_id, ${LINE_COLUMNS}
     FROM invoices i LEFT JOIN invoice_items it ON it.invoice_id = i.id
     WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND i.number IS NOT NULL AND ${IN_PERIOD('i.issued_at')}
     ORDER BY i.id, it.display_order, it.id`,
    bind,
  );
  const invoiceLines = groupLines(invoiceRows);
  const invoices: PeriodInvoiceRow[] = [];
  for (const row of invoiceRows) {
    if (invoices.at(-1)?.id === row.id) continue;
    invoices.push({ id: row.id, number: row.number, day: row.day, buyer_name: row.buyer_name, contact_id: row.contact_id, items: invoiceLines.get(row.id) ?? [] });
  }
  const creditNotes = await select<PeriodCreditNoteRow>(
    `SELECT c.id, c.number, ${DAY('c.issued_at')} AS day, c.amount::text AS amount, c.vat_parts, i.number AS invoice_number, i.buyer->>'name' AS buyer_name, i.contact_id
     FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
     WHERE c.owner_id = $1 AND ${IN_PERIOD('c.issued_at')}`,
    bind,
  );
  return { invoices, creditNotes };
}

async function readMovements(client: ClientBase, bind: unknown[]): Promise<PeriodMovementRow[]> {
  return selectOn(client)<PeriodMovementRow>(
    `SELECT p.id, p.kind, p.method, p.amount::text AS amount, ${DAY('p.received_at')} AS day, coalesce(p.reference, p.provider_reference) AS reference,
            i.number AS invoice_number, i.buyer->>'name' AS buyer_name, i.contact_id
     FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
     WHERE p.owner_id = $1 AND ${IN_PERIOD('p.received_at')}`,
    bind,
  );
}

/** How many documents and ledger rows a period holds: what decides whether it fits a synchronous answer. */
export async function countAccountingPeriod(sequelize: Sequelize, period: AccountingPeriod): Promise<number> {
  const [row] = await sequelize.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM invoices i WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND ${IN_PERIOD('i.issued_at')})
          + (SELECT count(*) FROM credit_notes c WHERE c.owner_id = $1 AND ${IN_PERIOD('c.issued_at')})
          + (SELECT count(*) FROM invoice_payments p WHERE p.owner_id = $1 AND ${IN_PERIOD('p.received_at')}) AS n`,
    { bind: [period.ownerId, period.from, period.to, period.timeZone], type: QueryTypes.SELECT },
  );
  return Number(row.n);
}
