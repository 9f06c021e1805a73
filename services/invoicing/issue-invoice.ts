import { setImmediate as letAnswersThrough } from 'node:timers/promises';
import { type Sequelize } from 'sequelize-typescript';
import { type InvoiceIssue, releaseInvoiceIssue, writeInvoiceIssue } from '../../db/commands/issue-invoice';
import { quoteDeposits, storedDeductions } from '../../db/queries/deposits';
import { contactErasedError } from '../../db/queries/erased-contacts';
import { type InvoiceIssueDraft, holdInvoiceIssueDraft } from '../../db/queries/invoice-issue-draft';
import { findPlainInvoice } from '../../db/queries/plain-invoice';
import { type InvoiceRow } from '../../db/rows';
import { isFrench } from '../../domain/accounts/locale-language';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { buyerOf, type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { addDays } from '../../domain/invoicing/calendar-date';
import { deductionsMatch } from '../../domain/invoicing/deductions-match';
import { type EInvoice } from '../../domain/invoicing/e-invoice';
import { type EInvoiceChecker } from '../../domain/invoicing/e-invoice-rules';
import { missingMentions } from '../../domain/invoicing/legal-mentions';
import { storedTaxAmounts } from '../../domain/invoicing/line-taxes';
import { counterKey, DEFAULT_NUMBER_FORMATS, numberTemplate } from '../../domain/invoicing/numbering';
import { deliveryColumns, serviceDelivery, supplyDayOf } from '../../domain/invoicing/service-delivery';
import { sellerOf } from '../../domain/invoicing/seller';
import { storedVatAmounts } from '../../domain/invoicing/stored-vat';
import { addonProviding, documentRules, studioRegimeOf } from '../../domain/regimes';
import { type IssuingSeller, jurisdictionInputOf } from '../../domain/regimes/issue-input';
import { type LegalFacts, legalFactsOf } from '../../domain/regimes/legal-facts';
import { formatDateInZone } from '../../domain/wall-clock';
import { invoiceEInvoiceOf, type LoadedEInvoice } from '../e-invoicing/e-invoice-sources';

/**
 * A draft whose deposits or links changed between the decision and its write is decided again,
 * this many times at most (its own edits are held off meanwhile: holdInvoiceIssueDraft).
 */
const ATTEMPTS = 3;

/**
 * Issues a draft invoice (issue 20 §2), the one use case behind every issue (the studio's route,
 * a send that issues, the client's signature of a quote with an installment due): it holds the
 * draft (its edits are refused meanwhile, as an issued invoice's), reads it, decides (the client
 * not erased, the due date from the studio's payment terms, the mandatory mentions, the e-invoice
 * or the studio's law, a final invoice's deductions: a 400 or 409 naming what blocks), and has
 * the issue written as decided (db/commands/issue-invoice.ts: the number, the buyer and seller
 * copied, the VAT summary, the legal facts, the ledger), only if the draft is still what it read.
 * From then on the invoice is a legal record. Issuing an issued invoice again answers it unchanged
 * (a retried request).
 */
export async function issueInvoice(
  sequelize: Sequelize,
  checkEInvoice: EInvoiceChecker,
  ownerId: string,
  invoiceId: string,
  requestId?: string,
): Promise<InvoiceRow> {
  let issued: InvoiceRow | null = null;
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const draft = await holdInvoiceIssueDraft(sequelize, ownerId, invoiceId);
      if (!draft) throw new NotFoundError('Invoice');
      if (draft.status !== 'DRAFT') break;
      // The decision is the longest stretch of JavaScript in a request. Another issue of the studio
      // holds its ledger's lock until this process answers its ISSUE statement (db/commands/
      // issue-invoice.ts), so the decision lets the answers already arrived be handled before it, in
      // its middle and after it (docs/performance.md, stop 57).
      await letAnswersThrough();
      const issue = await decideIssue(sequelize, checkEInvoice, ownerId, invoiceId, draft);
      await letAnswersThrough();
      const outcome = await writeInvoiceIssue(sequelize, ownerId, invoiceId, issue, requestId);
      if (outcome === 'not_found') throw new NotFoundError('Invoice');
      if (typeof outcome === 'object') issued = outcome.issued;
      if (outcome !== 'changed') break;
      // Only its quote's deposits move while the draft is held: they changed under the decision.
      if (attempt === ATTEMPTS) throw depositsChanged();
    }
  } finally {
    // The issue's write ends the hold; a refused issue frees the draft at once.
    if (!issued) await releaseInvoiceIssue(sequelize, ownerId, invoiceId);
  }
  const invoice = issued ?? (await findPlainInvoice(sequelize, ownerId, invoiceId));
  if (!invoice) throw new NotFoundError('Invoice');
  return invoice;
}

/** Everything the issue fixes, decided on the draft as read; a refusal names each rule it breaks. */
async function decideIssue(
  sequelize: Sequelize,
  checkEInvoice: EInvoiceChecker,
  ownerId: string,
  invoiceId: string,
  draft: InvoiceIssueDraft,
): Promise<InvoiceIssue> {
  // An erased client gets no new legal document (issue 31 §4): its name is gone from the contact.
  if (draft.contact?.erased_at) throw contactErasedError();
  const issuedAt = new Date();
  const timeZone = draft.owner.time_zone;
  const today = formatDateInZone(issuedAt, timeZone);
  const seller = draft.company;
  const dueDate =
    draft.due_date ?? (seller?.payment_terms_days != null ? addDays(today, seller.payment_terms_days) : null);
  const buyer = buyerOf(draft.contact);
  const missing = missingMentions({ seller, buyer, lineCount: draft.lines.length, dueDate });
  if (missing.length > 0)
    throw new ValidationError(
      `The invoice cannot be issued: ${missing.length === 1 ? 'a mandatory mention is' : `${missing.length} mandatory mentions are`} missing`,
      missing,
    );
  // The invoice's e-invoice model, with the number pending (it is drawn at the write) and the
  // facts the issue is about to fix: its VAT summary and service date are what the issue keeps.
  // The seller as the issued invoice keeps it, and as its e-invoice file will state it.
  const sellerCopy = sellerOf(seller);
  if (!sellerCopy) throw new NotFoundError('Invoice');
  const loaded = invoiceEInvoiceOf(
    { invoice: draft, items: draft.lines, company: sellerCopy, owner: draft.owner, contact: draft.contact },
    { number: 'pending', issueDate: today, dueDate, buyer, delivery: serviceDelivery(draft.session, today, timeZone) },
  );
  await letAnswersThrough();
  const gate = addonProviding(studioRegimeOf(seller?.company_country), 'facturx');
  // Under an add-on's gate (France's), the templates' own law: no legal facts of another law to keep.
  const { eInvoice, legalFacts } = gate
    ? { eInvoice: await assertFacturXGate(checkEInvoice, loaded, draft.currency, gate.issueCurrency), legalFacts: null }
    : assertJurisdictionRules(seller!, buyer, loaded.doc, draft.currency);
  if (draft.quote_id && draft.deposit_installment === null)
    await assertDeductionsCurrent(sequelize, ownerId, invoiceId, draft.quote_id, timeZone);
  const delivery = deliveryColumns(eInvoice.delivery);
  const reset = draft.sequence_reset ?? 'yearly';
  return {
    version: draft.version,
    quoteId: draft.quote_id,
    issuedAt,
    number: {
      ...numberTemplate(draft.format ?? DEFAULT_NUMBER_FORMATS.invoice, reset, issuedAt, timeZone),
      period: counterKey('invoice', reset, issuedAt, timeZone).year ?? 0,
    },
    dueDate,
    buyer,
    vatAmounts: storedVatAmounts(eInvoice.vat),
    taxAmounts: eInvoice.taxes ? storedTaxAmounts(eInvoice.taxes) : null,
    serviceDate: delivery.service_date,
    serviceEndDate: delivery.service_end_date,
    seller: sellerCopy,
    legalFacts,
  };
}

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
): Promise<void> {
  // The labels are not compared: any language will do.
  const deposits = await quoteDeposits(sequelize, ownerId, quoteId, timeZone, 'fr-FR');
  if (deposits.drafts.length > 0)
    throw new ConflictError(
      'deposit_draft',
      'A deposit invoice of this quote is still a draft: issue it or delete it before issuing the final invoice',
      { invoice_ids: deposits.drafts.map((d) => d.id) },
    );
  if (!deductionsMatch(deposits.deductions, await storedDeductions(sequelize, invoiceId))) throw depositsChanged();
}

const depositsChanged = () =>
  new ConflictError(
    'deposits_changed',
    "The quote's deposit invoices changed since this final invoice was made (a deposit issued or credited): delete this draft and make the final invoice from the quote again",
  );

/**
 * The e-invoice gate (issue 22 §1, issue 28 §1): the invoice's e-invoice built by the one builder
 * its Factur-X file uses (services/e-invoicing/e-invoice-sources.ts), with the number pending and
 * the facts the issue is about to fix, then checked as its XML would be made (`checkEInvoice`,
 * lib/facturx/e-invoice-gate.ts): the EN 16931 rules and the XML library's own checks. A failure
 * is a 400 naming each broken rule (`details[].rule`), and the invoice stays a draft.
 */
async function assertEInvoiceMade(checkEInvoice: EInvoiceChecker, loaded: LoadedEInvoice): Promise<EInvoice> {
  const made = await checkEInvoice(loaded.doc, isFrench(loaded.locale) ? 'fr' : 'en');
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
  checkEInvoice: EInvoiceChecker,
  loaded: LoadedEInvoice,
  currency: string,
  issueCurrency: string | undefined,
): Promise<EInvoice> {
  if (issueCurrency && currency !== issueCurrency)
    throw new ValidationError(
      `The invoice cannot be issued in ${currency}: a French studio's invoice states its VAT in euros, and the service issues French invoices in EUR only for now`,
      [{ path: 'currency', message: 'must be EUR for a studio in France' }],
    );
  return assertEInvoiceMade(checkEInvoice, loaded);
}

/**
 * Another country's invoice (issue 30 §3): what its law asks of an issued document
 * (domain/regimes/), a 400 naming each problem; else what it decided (title, mentions), kept with
 * the invoice for its files to word (domain/regimes/legal-facts.ts). No e-invoice gate: that is an
 * add-on's (`facturx`).
 */
function assertJurisdictionRules(
  seller: IssuingSeller,
  buyer: InvoiceBuyer | null,
  eInvoice: EInvoice,
  currency: string,
): { eInvoice: EInvoice; legalFacts: LegalFacts } {
  const input = jurisdictionInputOf(seller, buyer, {
    currency,
    totalWithTaxCents: eInvoice.totals.taxInclusiveCents,
    vat: eInvoice.vat,
    taxes: eInvoice.taxes,
    issueDate: eInvoice.issueDate,
    dueDate: eInvoice.dueDate,
    supplyDate: supplyDayOf(eInvoice.delivery),
    zeroRateReason: eInvoice.zeroRateReason,
  });
  const rules = documentRules(input);
  if (rules.problems.length > 0)
    throw new ValidationError(
      `The invoice cannot be issued: ${rules.problems.map((p) => p.message).join('; ')}`,
      rules.problems.map((p) => ({ path: 'invoice', rule: p.code, message: p.message })),
    );
  return { eInvoice, legalFacts: legalFactsOf(rules, input) };
}
