import { type Sequelize } from 'sequelize-typescript';
import { prepared, preparedRows } from '../pg-client';
import { type InvoiceRow } from '../rows';

/**
 * One of the owner's invoices with its lines and the session its schedule follows, as plain rows
 * in one statement: what findDocument answers (db/queries/invoicing.ts) without building model
 * instances, for the hot paths (the issue's answer). The lines' decimals are their stored text,
 * as the models give them ("250.00"), in line order.
 */
export const plainInvoiceColumns = (i: string) => `${i}.*,
       COALESCE((SELECT json_agg(to_jsonb(it) || jsonb_build_object(
           'quantity', it.quantity::text, 'price_with_tax', it.price_with_tax::text,
           'vat_percentage', it.vat_percentage::text, 'price_without_tax', it.price_without_tax::text,
           'discount_percentage', it.discount_percentage::text, 'total', it.total::text,
           'discount_amount', it.discount_amount::text)
         ORDER BY it.display_order, it.id) FROM invoice_items it WHERE it.invoice_id = ${i}.id), '[]'::json) AS items,
       s__.id AS session_id__, s__.start_date AS session_start__`;

/** The join plainInvoiceColumns reads the session from, for the alias `i` of invoices. */
export const plainInvoiceSession = (i: string) =>
  `LEFT JOIN sessions s__ ON s__.id = ${i}.session_id AND s__.owner_id = ${i}.owner_id`;

const PLAIN_INVOICE = prepared(
  'plain-invoice',
  `SELECT ${plainInvoiceColumns('i')} FROM invoices i ${plainInvoiceSession('i')} WHERE i.id = $1 AND i.owner_id = $2`,
);

/** A row of plainInvoiceColumns. */
export type PlainInvoice = InvoiceRow & { session_id__: string | null; session_start__: Date | null };

/** The invoice of a row of plainInvoiceColumns, as findDocument gives it. */
export function plainInvoiceOf(row: PlainInvoice): InvoiceRow {
  const { session_id__: id, session_start__: start, ...invoice } = row;
  return { ...invoice, session: id === null ? null : { id, start_date: start } } as InvoiceRow;
}

/** The owner's invoice as findDocument reads it (its lines, its schedule's session), or null when it is not theirs. */
export async function findPlainInvoice(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
): Promise<InvoiceRow | null> {
  const [row] = await preparedRows<PlainInvoice>(sequelize, PLAIN_INVOICE, [invoiceId, ownerId]);
  return row ? plainInvoiceOf(row) : null;
}
