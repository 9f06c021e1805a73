import { Router } from 'express';
import { findDocument } from '../../db/queries/invoicing';
import { findOwnCreditNote } from '../../db/queries/invoice-ledger';
import { findCompanyProfile } from '../../db/queries/company-profile';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { countryCode } from '../../domain/countries';
import { peppolEndpoint } from '../../domain/invoicing/peppol-endpoint';
import { hasTaxLines } from '../../db/queries/invoice-tax-lines';
import { type InvoiceRow } from '../../db/rows';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { type EInvoiceFormat, eInvoiceLink, type KeptPdfDeps } from '../../services/invoicing/kept-pdf';

export interface EInvoiceRouterDeps extends KeptPdfDeps {
  kit: ReturnType<typeof createRouteKit>;
}

/**
 * E-invoices (issue 22 §1; docs/e-invoicing.md): an issued invoice's or a credit note's Factur-X
 * (PDF/A-3b with `factur-x.xml`, CII D16B, profile EN 16931) and its XML alone, each answered as a
 * signed link like the pdf. Another studio's document is a 404; a draft invoice has none (409).
 */
export function buildEInvoiceRouter(deps: EInvoiceRouterDeps): Router {
  const { kit, sequelize } = deps;
  const router = Router();

  /**
   * Factur-X is France's e-invoice (issue 30 §3): a studio under another country's law has none, a
   * 409 saying so rather than a file that would state French rules it was never held to. The
   * studio's country is the one the document kept at issue (`seller`), else the profile's now.
   */
  const assertFacturXSeller = async (ownerId: string, kept: InvoiceSeller | null) => {
    const company = kept ?? (await findCompanyProfile(sequelize, ownerId));
    if (!provides(studioRegimeOf(company?.company_country), 'facturx'))
      throw new ConflictError(
        'e_invoice_not_available',
        `Factur-X is the French e-invoice; this studio invoices under the law of ${company?.company_country}, which it does not apply to`,
      );
  };

  /** One of the caller's issued invoices: 404 for anyone else's, 409 invoice_not_issued for a draft. */
  const issuedInvoice = async (ownerId: string, id: string) => {
    const invoice = (await findDocument(sequelize, 'invoice', id, ownerId)) as InvoiceRow;
    if (invoice.status === 'DRAFT')
      throw new ConflictError(
        'invoice_not_issued',
        'A draft invoice has no e-invoice: issue it first (POST /api/invoices/:id/issue)',
      );
    return invoice;
  };
  const invoiceFile = async (
    format: EInvoiceFormat,
    ctx: { user: { id: string; orgId: string }; params: IdParams; req: { requestId?: string } },
  ) => {
    const invoice = await issuedInvoice(ctx.user.id, ctx.params.id);
    await assertFacturXSeller(ctx.user.id, invoice.seller ?? null);
    return eInvoiceLink(
      deps,
      { kind: 'invoice', id: invoice.id, pdf_key: invoice.pdf_key, pdf_sha256: invoice.pdf_sha256 },
      format,
      ctx.user,
      ctx.req.requestId,
    );
  };
  const creditNoteFile = async (
    format: EInvoiceFormat,
    ctx: { user: { id: string; orgId: string }; params: IdParams; req: { requestId?: string } },
  ) => {
    const note = await findOwnCreditNote(sequelize, ctx.user.id, ctx.params.id);
    if (!note) throw new NotFoundError('Credit note');
    await assertFacturXSeller(ctx.user.id, note.seller ?? null);
    return eInvoiceLink(
      deps,
      { kind: 'credit_note', id: note.id, pdf_key: note.pdf_key, pdf_sha256: note.pdf_sha256 },
      format,
      ctx.user,
      ctx.req.requestId,
    );
  };

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/invoices/:id/facturx',
      operationId: 'getInvoiceFacturx',
      errors: ['invoice_not_issued', 'e_invoice_not_available', 'pdf_renderer_unavailable', 'unavailable'],
      summary: 'The issued invoice as Factur-X (PDF/A-3b with factur-x.xml, EN 16931): a time-limited link',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    async (ctx) => invoiceFile('facturx', ctx),
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/invoices/:id/xml',
      operationId: 'getInvoiceXml',
      errors: ['invoice_not_issued', 'e_invoice_not_available', 'unavailable'],
      summary: "The issued invoice's e-invoice XML (CII D16B, EN 16931): a time-limited link",
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    async (ctx) => invoiceFile('xml', ctx),
  );
  /**
   * UBL (issue 30 §3, issue 40 §6): a UK or Irish studio's issued VAT invoice as a Peppol BIS
   * Billing 3 UBL 2.1 file (EN 16931 compliant), for a business client with a VAT number. France has Factur-X; Australia's Peppol PINT A-NZ
   * and invoices whose lines carry several taxes are not made yet (409 saying so).
   */
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/invoices/:id/ubl',
      operationId: 'getInvoiceUbl',
      errors: ['invoice_not_issued', 'e_invoice_not_available', 'unavailable'],
      summary:
        "A UK or Irish studio's issued invoice as a UBL 2.1 e-invoice (Peppol BIS Billing 3, EN 16931): a time-limited link",
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    async (ctx) => {
      const invoice = await issuedInvoice(ctx.user.id, ctx.params.id);
      // The seller the invoice kept at issue, else (issued before it was kept) the profile now.
      const company = invoice.seller ?? (await findCompanyProfile(sequelize, ctx.user.id));
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
      if (await hasTaxLines(sequelize, invoice.id))
        throw new ConflictError(
          'e_invoice_not_available',
          "This invoice's lines carry their own taxes: its UBL e-invoice states one VAT rate a line, and is made for VAT lines only",
        );
      return eInvoiceLink(
        deps,
        { kind: 'invoice', id: invoice.id, pdf_key: invoice.pdf_key, pdf_sha256: invoice.pdf_sha256 },
        'ubl',
        ctx.user,
        ctx.req.requestId,
      );
    },
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes/:id/facturx',
      operationId: 'getCreditNoteFacturx',
      errors: ['e_invoice_not_available', 'pdf_renderer_unavailable', 'unavailable'],
      summary: 'The credit note as Factur-X (PDF/A-3b with factur-x.xml, EN 16931): a time-limited link',
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
    },
    async (ctx) => creditNoteFile('facturx', ctx),
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes/:id/xml',
      operationId: 'getCreditNoteXml',
      errors: ['e_invoice_not_available', 'unavailable'],
      summary: "The credit note's e-invoice XML (CII D16B, EN 16931): a time-limited link",
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
    },
    async (ctx) => creditNoteFile('xml', ctx),
  );
  return router;
}
