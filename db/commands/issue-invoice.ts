import { isFrench } from '../../domain/accounts/locale-language';
import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { storedTaxAmounts } from '../../domain/invoicing/line-taxes';
import { storedVatAmounts } from '../../domain/invoicing/stored-vat';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { formatDateInZone } from '../../domain/wall-clock';
import { buyerOf, type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { type CompanyProfileFields, sellerOf } from '../../domain/invoicing/seller';
import { type EInvoice } from '../../domain/invoicing/e-invoice';
import { deliveryColumns } from '../../domain/invoicing/service-delivery';
import { type EInvoiceMaker } from '../../domain/invoicing/e-invoice-rules';
import { missingMentions } from '../../domain/invoicing/legal-mentions';
import { addonProviding, documentRules, studioRegimeOf } from '../../domain/regimes';
import { type IssuingSeller, jurisdictionInputOf } from '../../domain/regimes/issue-input';
import {
  counterKey,
  DEFAULT_NUMBER_FORMATS,
  numberTemplate,
  type SequenceReset,
} from '../../domain/invoicing/numbering';
import { toHundredths } from '../../domain/invoicing/money';
import { taxedItems } from '../../domain/invoicing/line-taxes';
import { type Invoice } from '../models/Invoice';
import { quoteDeposits, storedDeductions } from '../queries/deposits';
import { type LoadedEInvoice, loadInvoiceEInvoice } from '../queries/e-invoice-sources';
import { contactErasedError } from '../queries/erased-contacts';
import { findDocument } from '../queries/invoicing';
import { appendLedgerRecord } from './append-ledger-record';

import { addDays } from '../../domain/invoicing/calendar-date';

interface IssueSources {
  status: string;
  due_date: string | null;
  time_zone: string;
  format: string | null;
  sequence_reset: SequenceReset | null;
  /** The company profile row (to_jsonb): the seller of the mentions, copied into `seller`. */
  company: (IssuingSeller & CompanyProfileFields) | null;
  contact: Parameters<typeof buyerOf>[0];
  line_count: number;
  quote_id: string | null;
  deposit_installment: number | null;
  currency: string;
}

/**
 * The draft and everything its issue reads, in one statement that locks the invoice row: the
 * owner's time zone, company profile, the client, the number format and the line count.
 */
const SOURCES = `
SELECT i.status, i.due_date, i.quote_id, i.deposit_installment, i.currency, u.time_zone, f.format, f.sequence_reset, to_jsonb(c) AS company, to_jsonb(ct) AS contact,
       (SELECT count(*) FROM invoice_items it WHERE it.invoice_id = i.id)::int AS line_count
FROM invoices i
JOIN users u ON u.id = i.owner_id
LEFT JOIN user_company c ON c.user_id = i.owner_id
LEFT JOIN contacts ct ON ct.id = i.contact_id AND ct.owner_id = i.owner_id
LEFT JOIN document_number_formats f ON f.owner_id = i.owner_id AND f.series = 'invoice'
WHERE i.id = $1 AND i.owner_id = $2
FOR UPDATE OF i`;

/**
 * The issue itself, in one statement: the counter row of the series and year is created or
 * incremented (which locks it until the commit), the number is built from it, the invoice becomes
 * ISSUED with its VAT summary ($11, vat_amounts: per rate, base and VAT, read by the accounting
 * export; $14, tax_amounts: per tax and rate, for an invoice with tax lines; $15, seller: the company
 * profile as the invoice shows it for good), and its audit row and INVOICE_STATUS_CHANGED outbox event are written. Concurrent issues
 * queue on the counter row for this statement and the commit only.
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
    payment_status = 'UNPAID', paid_at = NULL, updated_at = $7, vat_amounts = $11::jsonb, service_date = $12, service_end_date = $13, tax_amounts = $14::jsonb, seller = $15::jsonb
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
 * A final invoice made from a quote (issue 21 §1) is issued only with the deductions its quote's
 * deposits call for now: no deposit of the quote left a draft (409 deposit_draft), and its DEPOSIT
 * lines the same deposits, rates and amounts as the issued deposits net of their credit notes (a
 * deposit credited since the draft was made: 409 deposits_changed, make the final invoice again).
 */
async function assertDeductionsCurrent(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  quoteId: string,
  timeZone: string,
  transaction: Transaction,
): Promise<void> {
  // The labels are not compared: any language will do.
  const deposits = await quoteDeposits(sequelize, ownerId, quoteId, timeZone, 'fr-FR', transaction, true);
  const stored = await storedDeductions(sequelize, invoiceId, transaction);
  if (deposits.drafts.length > 0)
    throw new ConflictError(
      'deposit_draft',
      'A deposit invoice of this quote is still a draft: issue it or delete it before issuing the final invoice',
      { invoice_ids: deposits.drafts.map((d) => d.id) },
    );
  // A deduction's rate: its VAT rate, or its set of taxes with what each took (a quote with tax lines).
  const key = (depositId: string | null, rate: string, withTaxCents: bigint, baseCents: bigint) =>
    `${depositId}:${rate}:${withTaxCents}:${baseCents}`;
  const taxesKey = (taxes: readonly { name: string; milliPercent: number; amountCents: bigint }[]) =>
    taxes
      .map((t) => `${t.name}@${t.milliPercent}=${t.amountCents}`)
      .sort()
      .join('|');
  const wanted = deposits.deductions
    .map((d) =>
      key(d.depositInvoiceId, d.taxes ? taxesKey(d.taxes) : String(d.vatBasisPoints), d.withTaxCents, d.baseCents),
    )
    .sort();
  const have = stored
    .map((l) =>
      key(
        l.deposit_invoice_id,
        l.taxes ? taxesKey(taxedItems([l])[0].deposit_taxes ?? []) : String(Math.round(Number(l.vat_percentage) * 100)),
        toHundredths(l.total),
        toHundredths(l.price_without_tax),
      ),
    )
    .sort();
  if (JSON.stringify(wanted) !== JSON.stringify(have)) {
    throw new ConflictError(
      'deposits_changed',
      "The quote's deposit invoices changed since this final invoice was made (a deposit issued or credited): delete this draft and make the final invoice from the quote again",
    );
  }
}

/**
 * The e-invoice gate (issue 22 §1, issue 28 §1): the invoice's e-invoice built by the one builder
 * its Factur-X file uses (db/queries/e-invoice-sources.ts), read in the issue's transaction, with
 * the number pending and the facts the issue is about to fix, then made into its XML
 * (`makeXml`, lib/facturx/e-invoice-gate.ts, given by the caller): the EN 16931 rules and the XML library's own checks. A failure
 * is a 400 naming each broken rule (`details[].rule`), and the invoice stays a draft.
 */
async function assertEInvoiceMade(makeXml: EInvoiceMaker, loaded: LoadedEInvoice): Promise<EInvoice> {
  const made = await makeXml(loaded.doc, isFrench(loaded.locale) ? 'fr' : 'en');
  if (!made.ok) {
    throw new ValidationError(
      `The invoice cannot be issued: its e-invoice (EN 16931) ${made.failed[0].rule === 'e-invoice-file' ? 'cannot be made' : `breaks ${made.failed.map((f) => f.rule).join(', ')}`}`,
      made.failed.map((f) => ({ path: 'e_invoice', rule: f.rule, message: f.message })),
    );
  }
  return loaded.doc;
}

/**
 * An invoice under a law whose add-on gates the issue on its e-invoice (`facturx`: France's, issue
 * 30 §3): in the add-on's currency (euros: French law states the VAT in euros and the service does
 * not convert yet, BT-6, BT-111), and through the e-invoice gate.
 */
async function assertFacturXGate(
  makeXml: EInvoiceMaker,
  loaded: LoadedEInvoice,
  currency: string,
  issueCurrency: string | undefined,
): Promise<EInvoice> {
  if (issueCurrency && currency !== issueCurrency)
    throw new ValidationError(
      `The invoice cannot be issued in ${currency}: a French studio's invoice states its VAT in euros, and the service issues French invoices in EUR only for now`,
      [{ path: 'currency', message: 'must be EUR for a studio in France' }],
    );
  return assertEInvoiceMade(makeXml, loaded);
}

/**
 * Another country's invoice (issue 30 §3): what its law asks of an issued document
 * (domain/regimes/), a 400 naming each problem. No e-invoice gate: that is an add-on's (`facturx`).
 */
function assertJurisdictionRules(
  seller: IssuingSeller,
  buyer: InvoiceBuyer | null,
  eInvoice: EInvoice,
  currency: string,
): EInvoice {
  const rules = documentRules(
    jurisdictionInputOf(seller, buyer, {
      currency,
      totalWithTaxCents: eInvoice.totals.taxInclusiveCents,
      vat: eInvoice.vat,
      taxes: eInvoice.taxes,
      issueDate: eInvoice.issueDate,
      dueDate: eInvoice.dueDate,
      supplyDate: 'day' in eInvoice.delivery ? eInvoice.delivery.day : eInvoice.delivery.start,
      zeroRateReason: eInvoice.zeroRateReason,
    }),
  );
  if (rules.problems.length > 0)
    throw new ValidationError(
      `The invoice cannot be issued: ${rules.problems.map((p) => p.message).join('; ')}`,
      rules.problems.map((p) => ({ path: 'invoice', rule: p.code, message: p.message })),
    );
  return eInvoice;
}

/**
 * Issues a draft invoice (issue 20 §2): in one transaction it checks the mandatory mentions
 * (400 naming each missing one), copies the client into `buyer` and the studio into `seller`, sets the due date from the
 * studio's payment terms when the draft has none, draws the next number of the studio's series
 * and year, and records an audit row and INVOICE_STATUS_CHANGED. From then on the invoice is a
 * legal record, chained in its studio's ledger. Issuing an issued invoice again answers it unchanged (a retried request).
 */
export async function issueInvoice(
  sequelize: Sequelize,
  makeXml: EInvoiceMaker,
  ownerId: string,
  invoiceId: string,
  requestId?: string,
): Promise<Invoice> {
  await sequelize.transaction(async (transaction) => {
    const [sources] = await sequelize.query<IssueSources>(SOURCES, {
      bind: [invoiceId, ownerId],
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!sources) throw new NotFoundError('Invoice');
    if (sources.status !== 'DRAFT') return;
    // An erased client gets no new legal document (issue 31 §4): its name is gone from the contact.
    if ((sources.contact as { erased_at?: string | null } | null)?.erased_at) throw contactErasedError();
    const issuedAt = new Date();
    const today = formatDateInZone(issuedAt, sources.time_zone);
    const seller = sources.company;
    const dueDate =
      sources.due_date ?? (seller?.payment_terms_days != null ? addDays(today, seller.payment_terms_days) : null);
    const buyer = buyerOf(sources.contact);
    const missing = missingMentions({ seller, buyer, lineCount: sources.line_count, dueDate });
    if (missing.length > 0)
      throw new ValidationError(
        `The invoice cannot be issued: ${missing.length === 1 ? 'a mandatory mention is' : `${missing.length} mandatory mentions are`} missing`,
        missing,
      );
    // The invoice's e-invoice model, with the number pending (it is drawn below) and the facts the
    // issue is about to fix: its VAT summary and service date are what the issue keeps.
    const loaded = await loadInvoiceEInvoice(sequelize, invoiceId, ownerId, {
      facts: { number: 'pending', issueDate: today, dueDate, buyer },
      transaction,
    });
    if (!loaded) throw new NotFoundError('Invoice');
    const gate = addonProviding(studioRegimeOf(seller?.company_country), 'facturx');
    const eInvoice = gate
      ? await assertFacturXGate(makeXml, loaded, sources.currency, gate.issueCurrency)
      : assertJurisdictionRules(seller!, buyer, loaded.doc, sources.currency);
    const delivery = deliveryColumns(eInvoice.delivery);
    if (sources.quote_id && sources.deposit_installment === null)
      await assertDeductionsCurrent(sequelize, ownerId, invoiceId, sources.quote_id, sources.time_zone, transaction);
    const format = sources.format ?? DEFAULT_NUMBER_FORMATS.invoice;
    const reset = sources.sequence_reset ?? 'yearly';
    const { prefix, width, suffix } = numberTemplate(format, reset, issuedAt, sources.time_zone);
    const period = counterKey('invoice', reset, issuedAt, sources.time_zone).year ?? 0;
    await sequelize.query(ISSUE, {
      bind: [
        invoiceId,
        ownerId,
        period,
        prefix,
        width,
        suffix,
        issuedAt,
        dueDate,
        JSON.stringify(buyer),
        requestId ?? null,
        JSON.stringify(storedVatAmounts(eInvoice.vat)),
        delivery.service_date,
        delivery.service_end_date,
        eInvoice.taxes ? JSON.stringify(storedTaxAmounts(eInvoice.taxes)) : null,
        seller && JSON.stringify(sellerOf(seller)),
      ],
      type: QueryTypes.SELECT,
      transaction,
    });
    // The issued invoice joins the studio's ledger chain in the same transaction (issue 32 §6).
    await appendLedgerRecord(sequelize, ownerId, { kind: 'invoice', id: invoiceId }, transaction);
  });
  return (await findDocument(sequelize, 'invoice', invoiceId, ownerId)) as Invoice;
}
