import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type AccountingAccounts, DEFAULT_ACCOUNTING_ACCOUNTS } from '../../domain/accounting/accounts';
import { type RateCents } from '../../domain/accounting/journal-text';
import { periodDayList } from '../../domain/accounting/period';
import { invoiceRates, rateCents, storedRateCents } from '../../domain/accounting/sources';
import { type StoredTaxPart } from '../../domain/invoicing/credit-taxes';
import { type StoredTaxAmount } from '../../domain/invoicing/line-taxes';
import { invoiceVatAmounts, type StoredVatAmount, type StoredVatPart } from '../../domain/invoicing/stored-vat';
import { type LineInput } from '../../domain/invoicing/totals';
import { withConnection } from './exports/db-connection';
import { type ClientBase } from 'pg';

/** The studio's accounts for the accounting export: its own once set, else the defaults. */
export async function readAccountingAccounts(sequelize: Sequelize, ownerId: string): Promise<AccountingAccounts> {
  const [row] = await sequelize.query<AccountingAccounts>(
    'SELECT client, sales, vat_collected, bank, card, wallet, client_sub_accounts FROM accounting_accounts WHERE owner_id = $1',
    {
      bind: [ownerId],
      type: QueryTypes.SELECT,
    },
  );
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

/**
 * An issued invoice of the period with each VAT rate's base and VAT in cents, as kept at its issue
 * (invoices.vat_amounts). `rates` is null when none were kept (an invoice issued without a summary,
 * or with no priced line): the export then works them out from its lines (`id` is set for that).
 */
export interface PeriodInvoiceRow {
  id: string | null;
  number: string;
  day: string;
  buyer_name: string | null;
  contact_id: string | null;
  rates: RateCents[] | null;
}

/** A credit note of the period, with its invoice's number and buyer. */
export interface PeriodCreditNoteRow {
  id: string;
  number: string;
  day: string;
  amount: string;
  currency: string;
  /** Its VAT breakdown as stored at issue. */
  vat_parts: StoredVatPart[];
  /** Its parts per set of taxes, for an invoice with tax lines (the truth then; vat_parts is a rounded copy). */
  tax_parts: StoredTaxPart[] | null;
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
  /** In cents. */
  amount_cents: number;
  day: string;
  reference: string | null;
  invoice_number: string;
  buyer_name: string | null;
  contact_id: string | null;
  /** ISO 4217: the invoice's, as the ledger keeps it. */
  currency: string;
}

// Instants from the first day's midnight to the day after the last, on the studio's calendar.
const IN_PERIOD = (column: string) =>
  `${column} >= ($2::date)::timestamp AT TIME ZONE $4 AND ${column} < ($3::date + 1)::timestamp AT TIME ZONE $4`;
// A row's day on the studio's calendar, as a number of days after the period's first ($2): cheaper
// for the server than to_char on every row, and each day's text is made once here (dayOf).
const DAY_NUMBER = (column: string) => `((${column} AT TIME ZONE $4)::date - $2::date)::text`;
/** YYYY-MM-DD of a DAY_NUMBER column: from the period's days (a day out of them, which the period's bounds should never let in, by arithmetic). */
type DayOf = (number: string | null) => string;
function dayOfPeriod(from: string, to: string): DayOf {
  const days = periodDayList(from, to);
  const first = Date.parse(`${from}T00:00:00Z`);
  return (number) => days[Number(number)] ?? new Date(first + Number(number) * 86_400_000).toISOString().slice(0, 10);
}
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

/** The lines of these invoices, each invoice's in order. */
async function linesOf(client: ClientBase, invoiceIds: readonly string[]): Promise<Map<string, LineInput[]>> {
  return groupLines(
    await selectOn(client)<LineRow>(
      `SELECT it.invoice_id, ${LINE_COLUMNS} FROM invoice_items it WHERE it.invoice_id = ANY($1::uuid[]) ORDER BY it.invoice_id, it.display_order, it.id`,
      [invoiceIds],
    ),
  );
}

/**
 * What the accounting export of a period reads, one statement each: the studio's issued invoices
 * (ISSUED or since CANCELLED: a cancelled invoice was issued, and its credit notes reverse it),
 * its credit notes, and its payments ledger, each by the day it happened on the studio's calendar.
 */
export async function readAccountingPeriod(sequelize: Sequelize, period: AccountingPeriod): Promise<PeriodRows> {
  // The driver itself (Sequelize's handling of each row cost a third of the reads); invoices,
  // credit notes and the ledger on three connections at once, so the server runs one while this
  // process reads another.
  const bind = [period.ownerId, period.from, period.to, period.timeZone];
  const dayOf = dayOfPeriod(period.from, period.to);
  const [invoices, creditNotes, movements] = await Promise.all([
    withConnection(sequelize, (client) => readInvoices(client, bind, dayOf)),
    withConnection(sequelize, (client) => readCreditNotes(client, bind, dayOf)),
    withConnection(sequelize, (client) => readMovements(client, bind, dayOf)),
  ]);
  return { invoices, creditNotes, movements };
}

const selectOn =
  (client: ClientBase) =>
  async <T>(text: string, values: unknown[]): Promise<T[]> =>
    (await client.query(text, values)).rows as T[];

/** Rows as arrays (no object per row): what the large reads use. */
const arraysOn =
  (client: ClientBase) =>
  async (text: string, values: unknown[]): Promise<(string | null)[][]> =>
    (await client.query<(string | null)[]>({ text, values, rowMode: 'array' })).rows;

/**
 * The period's issued invoices (ISSUED or since CANCELLED: a cancelled invoice was issued, and its
 * credit notes reverse it) with the VAT summary kept at issue (vat_amounts), in no order (the rows
 * stream as the server finds them; journalOrder puts them in the file's).
 * One without a summary (issued before it was kept and not filled in, or written around the
 * issue) has its rates worked out from its lines here, by the same rule: none is left out.
 */
async function readInvoices(client: ClientBase, bind: unknown[], dayOf: DayOf): Promise<PeriodInvoiceRow[]> {
  const rows = await arraysOn(client)(
    `SELECT i.number, ${DAY_NUMBER('i.issued_at')} AS day, i.buyer->>'name' AS buyer_name, i.contact_id::text, i.vat_amounts::text, CASE WHEN i.vat_amounts IS NULL THEN i.id::text END AS id
     FROM invoices i
     WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND i.number IS NOT NULL AND ${IN_PERIOD('i.issued_at')}`,
    bind,
  );
  const invoices: PeriodInvoiceRow[] = new Array<PeriodInvoiceRow>(rows.length);
  const missing: string[] = [];
  for (let n = 0; n < rows.length; n++) {
    const [number, day, buyer_name, contact_id, rates, id] = rows[n];
    invoices[n] = {
      id,
      number: number!,
      day: dayOf(day),
      buyer_name,
      contact_id,
      rates: rates === null ? null : storedRateCents(JSON.parse(rates) as StoredVatAmount[]),
    };
    if (rates === null) missing.push(id!);
  }
  if (missing.length) {
    const lines = await linesOf(client, missing);
    for (const invoice of invoices)
      if (invoice.rates === null) invoice.rates = rateCents(invoiceRates(lines.get(invoice.id!) ?? []));
  }
  return invoices;
}

async function readCreditNotes(client: ClientBase, bind: unknown[], dayOf: DayOf): Promise<PeriodCreditNoteRow[]> {
  const rows = await selectOn(client)<PeriodCreditNoteRow>(
    `SELECT c.id, c.number, ${DAY_NUMBER('c.issued_at')} AS day, c.amount::text AS amount, c.currency, c.vat_parts, c.tax_parts, i.number AS invoice_number, i.buyer->>'name' AS buyer_name, i.contact_id
     FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
     WHERE c.owner_id = $1 AND ${IN_PERIOD('c.issued_at')}`,
    bind,
  );
  for (const row of rows) row.day = dayOf(row.day);
  return rows;
}

/** The ledger rows of the period, amounts in cents, in no order (journalOrder sorts them). */
async function readMovements(client: ClientBase, bind: unknown[], dayOf: DayOf): Promise<PeriodMovementRow[]> {
  const rows = await arraysOn(client)(
    `SELECT p.id::text, p.kind, p.method, round(p.amount * 100)::text AS cents, ${DAY_NUMBER('p.received_at')} AS day, coalesce(p.reference, p.provider_reference) AS reference,
            i.number AS invoice_number, i.buyer->>'name' AS buyer_name, i.contact_id::text, p.currency
     FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
     WHERE p.owner_id = $1 AND ${IN_PERIOD('p.received_at')}`,
    bind,
  );
  const movements: PeriodMovementRow[] = new Array<PeriodMovementRow>(rows.length);
  for (let n = 0; n < rows.length; n++) {
    const [id, kind, method, cents, day, reference, invoice_number, buyer_name, contact_id, currency] = rows[n];
    movements[n] = {
      id: id!,
      kind: kind as PeriodMovementRow['kind'],
      method: method!,
      amount_cents: Number(cents),
      day: dayOf(day),
      reference,
      invoice_number: invoice_number!,
      buyer_name,
      contact_id,
      currency: currency!,
    };
  }
  return movements;
}

/**
 * An issued invoice of the period as the journal csv reads it: its currency and total, and its
 * taxes as kept at its issue (vat_amounts per VAT rate, or tax_amounts per tax and rate for an
 * invoice with tax lines, whose vat_amounts is then []).
 */
export interface JournalInvoiceRow {
  number: string;
  day: string;
  buyer_name: string | null;
  contact_id: string | null;
  currency: string;
  /** Total with tax, "1149.75". */
  amount: string;
  vat_amounts: StoredVatAmount[];
  tax_amounts: StoredTaxAmount[] | null;
}

/** What the journal csv and the tax subtotals of a period read. */
export interface JournalPeriodRows {
  invoices: JournalInvoiceRow[];
  creditNotes: PeriodCreditNoteRow[];
  movements: PeriodMovementRow[];
}

/**
 * The journal csv's reads (issue 30 §2): the FEC's (same documents, same ledger rows, same days)
 * with each document's currency and taxes. An invoice without a kept summary has its VAT summary
 * worked out from its lines, by the rule of its issue, as the FEC's read does.
 */
export async function readJournalPeriod(sequelize: Sequelize, period: AccountingPeriod): Promise<JournalPeriodRows> {
  const bind = [period.ownerId, period.from, period.to, period.timeZone];
  const dayOf = dayOfPeriod(period.from, period.to);
  const [invoices, creditNotes, movements] = await Promise.all([
    withConnection(sequelize, (client) => readJournalInvoices(client, bind, dayOf)),
    withConnection(sequelize, (client) => readCreditNotes(client, bind, dayOf)),
    withConnection(sequelize, (client) => readMovements(client, bind, dayOf)),
  ]);
  return { invoices, creditNotes, movements };
}

async function readJournalInvoices(client: ClientBase, bind: unknown[], dayOf: DayOf): Promise<JournalInvoiceRow[]> {
  const rows = await selectOn(client)<JournalInvoiceRow & { id: string }>(
    `SELECT i.id, i.number, ${DAY_NUMBER('i.issued_at')} AS day, i.buyer->>'name' AS buyer_name, i.contact_id, i.currency,
            i.amount::text AS amount, i.vat_amounts, i.tax_amounts
     FROM invoices i
     WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND i.number IS NOT NULL AND ${IN_PERIOD('i.issued_at')}`,
    bind,
  );
  const missing = rows.filter((r) => r.vat_amounts === null && r.tax_amounts === null).map((r) => r.id);
  const lines = missing.length ? await linesOf(client, missing) : new Map<string, LineInput[]>();
  return rows.map(({ id, ...row }) => ({
    ...row,
    day: dayOf(row.day),
    vat_amounts: row.vat_amounts ?? invoiceVatAmounts(lines.get(id) ?? []),
  }));
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
