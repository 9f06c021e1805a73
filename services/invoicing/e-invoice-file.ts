import { findCompanyProfile } from '../../db/queries/company-profile';
import { hasTaxLines } from '../../db/queries/invoice-tax-lines';
import { findOwnCreditNote } from '../../db/queries/invoice-ledger';
import { findDocument } from '../../db/queries/invoicing';
import { type InvoiceRow } from '../../db/rows';
import { countryCode } from '../../domain/countries';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { peppolEndpoint } from '../../domain/invoicing/peppol-endpoint';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { type EInvoiceFormat, eInvoiceLink, type KeptPdfDeps } from './kept-pdf';

/** The studio user asking: the owner of the document, and the org a render runs under. */
type Owner = { id: string; orgId: string };

/**
 * Factur-X is France's e-invoice (issue 30 §3): a studio under another country's law has none, a
 * 409 saying so rather than a file that would state French rules it was never held to. The
 * studio's country is the one the document kept at issue (`seller`), else the profile's now.
 */
async function assertFacturXSeller(deps: KeptPdfDeps, ownerId: string, kept: InvoiceSeller | null) {
  const company = kept ?? (await findCompanyProfile(deps.sequelize, ownerId));
  if (!provides(studioRegimeOf(company?.company_country), 'facturx'))
    throw new ConflictError(
      'e_invoice_not_available',
      `Factur-X is the French e-invoice; this studio invoices under the law of ${company?.company_country}, which it does not apply to`,
    );
}

/** One of the caller's issued invoices: 404 for anyone else's, 409 invoice_not_issued for a draft. */
async function issuedInvoice(deps: KeptPdfDeps, ownerId: string, id: string) {
  const invoice = (await findDocument(deps.sequelize, 'invoice', id, ownerId)) as InvoiceRow;
  if (invoice.status === 'DRAFT')
    throw new ConflictError(
      'invoice_not_issued',
      'A draft invoice has no e-invoice: issue it first (POST /api/invoices/:id/issue)',
    );
  return invoice;
}

/** An issued invoice's Factur-X or its XML (issue 22 §1), as a signed link like the pdf. */
export async function invoiceFacturXLink(
  deps: KeptPdfDeps,
  user: Owner,
  id: string,
  format: EInvoiceFormat,
  requestId?: string,
) {
  const invoice = await issuedInvoice(deps, user.orgId, id);
  await assertFacturXSeller(deps, user.orgId, invoice.seller ?? null);
  return eInvoiceLink(
    deps,
    { kind: 'invoice', id: invoice.id, pdf_key: invoice.pdf_key, pdf_sha256: invoice.pdf_sha256 },
    format,
    user,
    requestId,
  );
}

/** A credit note's Factur-X or its XML: 404 for another studio's. */
export async function creditNoteFacturXLink(
  deps: KeptPdfDeps,
  user: Owner,
  id: string,
  format: EInvoiceFormat,
  requestId?: string,
) {
  const note = await findOwnCreditNote(deps.sequelize, user.orgId, id);
  if (!note) throw new NotFoundError('Credit note');
  await assertFacturXSeller(deps, user.orgId, note.seller ?? null);
  return eInvoiceLink(
    deps,
    { kind: 'credit_note', id: note.id, pdf_key: note.pdf_key, pdf_sha256: note.pdf_sha256 },
    format,
    user,
    requestId,
  );
}

/**
 * UBL (issue 30 §3, issue 40 §6): a UK or Irish studio's issued VAT invoice as a Peppol BIS
 * Billing 3 UBL 2.1 file (EN 16931 compliant), for a business client with a VAT number. France has Factur-X; Australia's Peppol PINT A-NZ
 * and invoices whose lines carry several taxes are not made yet (409 saying so).
 */
export async function invoiceUblLink(deps: KeptPdfDeps, user: Owner, id: string, requestId?: string) {
  const invoice = await issuedInvoice(deps, user.orgId, id);
  // The seller the invoice kept at issue, else (issued before it was kept) the profile now.
  const company = invoice.seller ?? (await findCompanyProfile(deps.sequelize, user.orgId));
  const country = countryCode(company?.company_country, null);
  const regime = studioRegimeOf(country);
  if (!regime.ublEInvoice)
    throw new ConflictError(
      'e_invoice_not_available',
      provides(regime, 'facturx')
        ? "A French studio's e-invoice is Factur-X: GET /api/invoices/:id/facturx"
        : `A UBL e-invoice is made for UK and Irish studios; this studio invoices under the law of ${country}`,
    );
  if (!invoice.due_date && company?.payment_terms_days == null)
    throw new ConflictError(
      'e_invoice_not_available',
      'EN 16931 (BR-CO-25) asks an invoice with an amount due for its due date or terms of payment, and this one was issued with neither: set payment terms on the company profile',
    );
  if (!peppolEndpoint(invoice.buyer?.vat_number))
    throw new ConflictError(
      'e_invoice_not_available',
      "The UBL e-invoice is a Peppol BIS Billing 3 invoice, addressed to the client's VAT number (its Peppol address), and this invoice's client has none",
    );
  if (await hasTaxLines(deps.sequelize, invoice.id))
    throw new ConflictError(
      'e_invoice_not_available',
      "This invoice's lines carry their own taxes: its UBL e-invoice states one VAT rate a line, and is made for VAT lines only",
    );
  return eInvoiceLink(
    deps,
    { kind: 'invoice', id: invoice.id, pdf_key: invoice.pdf_key, pdf_sha256: invoice.pdf_sha256 },
    'ubl',
    user,
    requestId,
  );
}
