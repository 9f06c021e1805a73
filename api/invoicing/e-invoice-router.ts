import { Router } from 'express';
import { creditNoteFacturXLink, invoiceFacturXLink, invoiceUblLink } from '../../services/invoicing/e-invoice-file';
import { type KeptPdfDeps } from '../../services/invoicing/kept-pdf';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';

export interface EInvoiceRouterDeps extends KeptPdfDeps {
  kit: ReturnType<typeof createRouteKit>;
}

const route = routesFor<EInvoiceRouterDeps, EInvoiceRouterDeps>();

/** An invoice's Factur-X, XML and UBL, then a credit note's Factur-X and XML (UBL: services/invoicing/e-invoice-file.ts). */
const E_INVOICE_ROUTES = [
  route(
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
    (deps) =>
      async ({ user, params, req }) =>
        invoiceFacturXLink(deps, user, params.id, 'facturx', req.requestId),
  ),
  route(
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
    (deps) =>
      async ({ user, params, req }) =>
        invoiceFacturXLink(deps, user, params.id, 'xml', req.requestId),
  ),
  route(
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
    (deps) =>
      async ({ user, params, req }) =>
        invoiceUblLink(deps, user, params.id, req.requestId),
  ),
  route(
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
    (deps) =>
      async ({ user, params, req }) =>
        creditNoteFacturXLink(deps, user, params.id, 'facturx', req.requestId),
  ),
  route(
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
    (deps) =>
      async ({ user, params, req }) =>
        creditNoteFacturXLink(deps, user, params.id, 'xml', req.requestId),
  ),
];

/**
 * E-invoices (issue 22 §1; docs/e-invoicing.md): an issued invoice's or a credit note's Factur-X
 * (PDF/A-3b with `factur-x.xml`, CII D16B, profile EN 16931) and its XML alone, each answered as a
 * signed link like the pdf. Another studio's document is a 404; a draft invoice has none (409).
 */
export function buildEInvoiceRouter(deps: EInvoiceRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, E_INVOICE_ROUTES, deps, deps);
}
