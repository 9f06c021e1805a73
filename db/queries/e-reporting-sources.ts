import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { countryCode } from '../../domain/countries';
import { paymentParts } from '../../domain/e-reporting/payment-parts';
import { type ReportableDocument, type ReportablePayment } from '../../domain/e-reporting/report-aggregates';
import { type ReportedFlow, reportedFlowOf } from '../../domain/e-reporting/reported-flow';
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
 * The owner's issued invoices and credit notes up to `until` (the studio's calendar day) that go
 * into e-reporting (B2C, B2B abroad) and are not reported yet, each with its base and VAT per
 * rate as kept at issue (invoices.vat_amounts, credit_notes.vat_parts, negative). Every line is
 * read as services: the lines do not say yet which sell goods.
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
    `SELECT 'invoice' AS kind, i.id, i.number, to_char((i.issued_at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day,
            i.currency, i.buyer, i.vat_amounts AS amounts, NULL AS corrects
       FROM invoices i
      WHERE i.owner_id = $1 AND i.status IN ('ISSUED', 'CANCELLED') AND i.number IS NOT NULL
        AND (i.issued_at AT TIME ZONE $3)::date <= $2::date AND ${unreported('invoice', 'i')}
     UNION ALL
     SELECT 'credit_note', c.id, c.number, to_char((c.issued_at AT TIME ZONE $3)::date, 'YYYY-MM-DD'),
            c.currency, i.buyer, c.vat_parts, i.number
       FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
      WHERE c.owner_id = $1 AND (c.issued_at AT TIME ZONE $3)::date <= $2::date AND ${unreported('credit_note', 'c')}
      ORDER BY day, number`,
    { bind: [ownerId, until, timeZone], type: QueryTypes.SELECT, transaction },
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
      parts: (row.amounts ?? []).map((a) => ({
        category: 'SERVICES' as const,
        rateBasisPoints: rateOf(a.vat_percentage),
        baseCents: toHundredths(a.base) * sign,
        vatCents: toHundredths(a.vat) * sign,
      })),
      corrects: row.corrects,
    });
  }
  return documents;
}

/**
 * The payments received up to `until` (refunds and reversals negative) on e-reported invoices (services: all of a
 * studio's lines are read as such) not reported yet, each split over its invoice's VAT rates. A
 * studio that opted for VAT on debits reports none (the caller asks for none then).
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
    buyer: InvoiceBuyer | null;
    amounts: StoredVatAmount[] | null;
  }>(
    `SELECT p.id, p.kind, to_char((p.received_at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, p.amount::text, p.currency,
            i.buyer, i.vat_amounts AS amounts
       FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
      WHERE p.owner_id = $1 AND p.kind IN ('payment', 'refund', 'reversal') AND (p.received_at AT TIME ZONE $3)::date <= $2::date
        AND NOT EXISTS (SELECT 1 FROM e_report_records r WHERE r.owner_id = $1 AND r.flow = 'PAYMENTS'
                          AND r.record_kind = 'payment' AND r.record_id = p.id)
      ORDER BY day, p.id`,
    { bind: [ownerId, until, timeZone], type: QueryTypes.SELECT, transaction },
  );
  return rows
    .filter((row) => flowOfBuyer(row.buyer) !== null)
    .map((row) => ({
      id: row.id,
      day: row.day,
      currency: row.currency,
      parts: paymentParts(
        toHundredths(row.amount) * (row.kind === 'payment' ? 1n : -1n),
        (row.amounts ?? []).map((a) => ({
          rateBasisPoints: rateOf(a.vat_percentage),
          totalCents: toHundredths(a.base) + toHundredths(a.vat),
        })),
      ),
    }));
}
