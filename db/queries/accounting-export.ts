import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type AccountingAccounts, DEFAULT_ACCOUNTING_ACCOUNTS } from '../../domain/accounting/accounts';
import { type StoredCreditedLine } from '../../domain/accounting/sources';
import { type LineInput } from '../../domain/invoicing/totals';

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
  items: StoredCreditedLine[];
  invoice_number: string;
  buyer_name: string | null;
  contact_id: string | null;
  invoice_items: LineInput[] | null;
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
const LINES = (invoice: string) => `(SELECT json_agg(json_build_object(
    'item_type', it.item_type, 'quantity', it.quantity::text, 'price_with_tax', it.price_with_tax::text, 'price_without_tax', it.price_without_tax::text,
    'vat_percentage', it.vat_percentage::text, 'discount_percentage', it.discount_percentage::text, 'discount_amount', it.discount_amount::text,
    'discount_type', it.discount_type, 'price_includes_tax', it.price_includes_tax) ORDER BY it.display_order, it.id)
  FROM invoice_items it WHERE it.invoice_id = ${invoice})`;

/**
 * What the accounting export of a period reads, one statement each: the studio's issued invoices
 * (ISSUED or since CANCELLED: a cancelled invoice was issued, and its credit notes reverse it),
 * its credit notes, and its payments ledger, each by the day it happened on the studio's calendar.
 */
export async function readAccountingPeriod(sequelize: Sequelize, period: AccountingPeriod): Promise<{ invoices: PeriodInvoiceRow[]; creditNotes: PeriodCreditNoteRow[]; movements: PeriodMovementRow[] }> {
  const bind = [period.ownerId, period.from, period.to, period.timeZone];
  const invoices = await sequelize.query<PeriodInvoiceRow>(
    `SELECT i.id, i.number, ${DAY('i.issued_at')} AS day, i.buyer->>'name' AS buyer_name, i.contact_id, ${LINES('i.id')} AS items
     FROM invoices i
     WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND i.number IS NOT NULL AND ${IN_PERIOD('i.issued_at')}`,
    { bind, type: QueryTypes.SELECT },
  );
  const creditNotes = await sequelize.query<PeriodCreditNoteRow>(
    `SELECT c.id, c.number, ${DAY('c.issued_at')} AS day, c.amount::text AS amount, c.items, i.number AS invoice_number, i.buyer->>'name' AS buyer_name, i.contact_id, ${LINES('i.id')} AS invoice_items
     FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
     WHERE c.owner_id = $1 AND ${IN_PERIOD('c.issued_at')}`,
    { bind, type: QueryTypes.SELECT },
  );
  const movements = await sequelize.query<PeriodMovementRow>(
    `SELECT p.id, p.kind, p.method, p.amount::text AS amount, ${DAY('p.received_at')} AS day, coalesce(p.reference, p.provider_reference) AS reference,
            i.number AS invoice_number, i.buyer->>'name' AS buyer_name, i.contact_id
     FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
     WHERE p.owner_id = $1 AND ${IN_PERIOD('p.received_at')}`,
    { bind, type: QueryTypes.SELECT },
  );
  return { invoices, creditNotes, movements };
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
