import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { countryCode } from '../../domain/countries';
import { categoryParts, servicePaymentParts, type SoldLine } from '../../domain/e-reporting/category-parts';
import { lineSells } from '../../domain/invoicing/operation-category';
import { type ReportableDocument, type ReportablePayment } from '../../domain/e-reporting/report-aggregates';
import { type ReportedFlow, reportedFlowOf } from '../../domain/addons/fr-e-invoicing/reported-flow';
import { type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { toHundredths } from '../../domain/invoicing/money';
import { type StoredVatAmount } from '../../domain/invoicing/stored-vat';

/** The e-reported flow of an issued invoice's buyer copy, or null when it went as an e-invoice. */
const flowOfBuyer = (buyer: InvoiceBuyer | null): ReportedFlow | null =>
  reportedFlowOf(
    buyer
      ? {
          countryCode: countryCode(buyer.country),
          siren: buyer.siren ?? null,
          vatNumber: buyer.vat_number ?? null,
          companyName: buyer.company_name ?? null,
        }
      : null,
  );

const rateOf = (percentage: string) => Math.round(Number(percentage) * 100);

/**
 * What the priced lines of these invoices sell, at which rate and for how much with tax (issue 32
 * §5), by invoice: the weights of categoryParts.
 */
async function soldLinesOf(
  sequelize: Sequelize,
  invoiceIds: string[],
  transaction?: Transaction,
): Promise<Map<string, SoldLine[]>> {
  const byInvoice = new Map<string, SoldLine[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await sequelize.query<{
    invoice_id: string;
    item_type: string;
    category: string;
    vat_percentage: string;
    total: string;
  }>(
    `SELECT invoice_id, item_type, category, vat_percentage::text, total::text
       FROM invoice_items WHERE invoice_id = ANY($1::uuid[])`,
    { bind: [[...new Set(invoiceIds)]], type: QueryTypes.SELECT, transaction },
  );
  for (const row of rows) {
    const category = lineSells(row);
    if (!category) continue;
    const lines = byInvoice.get(row.invoice_id) ?? [];
    lines.push({ category, rateBasisPoints: rateOf(row.vat_percentage), totalCents: toHundredths(row.total) });
    byInvoice.set(row.invoice_id, lines);
  }
  return byInvoice;
}

/** A document's amounts as kept at issue, by category and rate (categoryParts over its invoice's lines). */
const partsOf = (amounts: StoredVatAmount[] | null, lines: SoldLine[] | undefined) =>
  categoryParts(
    (amounts ?? []).map((a) => ({
      rateBasisPoints: rateOf(a.vat_percentage),
      baseCents: toHundredths(a.base),
      vatCents: toHundredths(a.vat),
    })),
    lines ?? [],
  );

/**
 * The owner's issued invoices and credit notes up to `until` (the studio's calendar day) that go
 * into e-reporting (B2C, B2B abroad) and are not reported yet, each with its base and VAT per
 * rate as kept at issue (invoices.vat_amounts, credit_notes.vat_parts, negative), goods and
 * services apart as the invoice's lines sold them (a credit note: its invoice's; categoryParts).
 */
export async function loadReportableDocuments(
  sequelize: Sequelize,
  ownerId: string,
  until: string,
  timeZone: string,
  transaction?: Transaction,
): Promise<ReportableDocument[]> {
  type Row = {
    id: string;
    invoice_id: string;
    number: string;
    day: string;
    currency: string;
    buyer: InvoiceBuyer | null;
    amounts: StoredVatAmount[] | null;
    corrects: string | null;
  };
  const unreported = (kind: string, alias: string) =>
    `NOT EXISTS (SELECT 1 FROM e_report_records r WHERE r.owner_id = $1 AND r.flow = 'TRANSACTIONS' AND r.record_kind = '${kind}' AND r.record_id = ${alias}.id)`;
  const rows = await sequelize.query<Row & { kind: 'invoice' | 'credit_note' }>(
    `SELECT 'invoice' AS kind, i.id, i.id AS invoice_id, i.number, to_char((i.issued_at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day,
            i.currency, i.buyer, i.vat_amounts AS amounts, NULL AS corrects
       FROM invoices i
      WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND i.number IS NOT NULL
        AND (i.issued_at AT TIME ZONE $3)::date <= $2::date AND ${unreported('invoice', 'i')}
     UNION ALL
     SELECT 'credit_note', c.id, c.invoice_id, c.number, to_char((c.issued_at AT TIME ZONE $3)::date, 'YYYY-MM-DD'),
            c.currency, i.buyer, c.vat_parts, i.number
       FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
      WHERE c.owner_id = $1 AND (c.issued_at AT TIME ZONE $3)::date <= $2::date AND ${unreported('credit_note', 'c')}
      ORDER BY day, number`,
    { bind: [ownerId, until, timeZone], type: QueryTypes.SELECT, transaction },
  );
  const sold = await soldLinesOf(
    sequelize,
    rows.map((r) => r.invoice_id),
    transaction,
  );
  const documents: ReportableDocument[] = [];
  for (const row of rows) {
    const flow = flowOfBuyer(row.buyer);
    if (!flow) continue;
    const sign = row.kind === 'credit_note' ? -1n : 1n;
    documents.push({
      id: row.id,
      kind: row.kind,
      number: row.number,
      day: row.day,
      flow,
      currency: row.currency,
      parts: partsOf(row.amounts, sold.get(row.invoice_id)).map((p) => ({
        category: p.category,
        rateBasisPoints: p.rateBasisPoints,
        baseCents: p.baseCents * sign,
        vatCents: p.vatCents * sign,
      })),
      corrects: row.corrects,
    });
  }
  return documents;
}

/**
 * The payments received up to `until` (refunds and reversals negative) on e-reported invoices not
 * reported yet, each split over its invoice's VAT rates, their services' share only (issue 32 §5:
 * VAT on goods is due at delivery, so a payment for goods alone is not reported;
 * servicePaymentParts). A studio that opted for VAT on debits (its company profile) reports none:
 * its VAT is due when it invoices.
 */
export async function loadReportablePayments(
  sequelize: Sequelize,
  ownerId: string,
  until: string,
  timeZone: string,
  transaction?: Transaction,
): Promise<ReportablePayment[]> {
  const rows = await sequelize.query<{
    id: string;
    kind: string;
    day: string;
    amount: string;
    currency: string;
    invoice_id: string;
    buyer: InvoiceBuyer | null;
    amounts: StoredVatAmount[] | null;
  }>(
    `SELECT p.id, p.kind, to_char((p.received_at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, p.amount::text, p.currency,
            i.id AS invoice_id, i.buyer, i.vat_amounts AS amounts
       FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
      WHERE p.owner_id = $1 AND p.kind IN ('payment', 'refund', 'reversal') AND (p.received_at AT TIME ZONE $3)::date <= $2::date
        AND NOT EXISTS (SELECT 1 FROM e_report_records r WHERE r.owner_id = $1 AND r.flow = 'PAYMENTS'
                          AND r.record_kind = 'payment' AND r.record_id = p.id)
        AND NOT COALESCE((SELECT u.vat_on_debits FROM user_company u WHERE u.user_id = $1), false)
      ORDER BY day, p.id`,
    { bind: [ownerId, until, timeZone], type: QueryTypes.SELECT, transaction },
  );
  const reported = rows.filter((row) => flowOfBuyer(row.buyer) !== null);
  const sold = await soldLinesOf(
    sequelize,
    reported.map((r) => r.invoice_id),
    transaction,
  );
  return reported
    .map((row) => ({
      id: row.id,
      day: row.day,
      currency: row.currency,
      parts: servicePaymentParts(
        toHundredths(row.amount) * (row.kind === 'payment' ? 1n : -1n),
        partsOf(row.amounts, sold.get(row.invoice_id)),
      ),
    }))
    .filter((payment) => payment.parts.length > 0);
}
