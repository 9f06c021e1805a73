import { type S3Client } from '@aws-sdk/client-s3';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { findClientReceipt, listClientReceipts } from '../../db/queries/payment-receipts';
import { UnavailableError } from '../../domain/errors';
import { type Config } from '../../lib/config';
import { type CheckoutDeps, startInvoiceCheckout } from '../../lib/payments/checkout';
import { type createRouteKit } from '../http/route-kit';
import { CheckoutBody, CheckoutStarted, IdParams, ReceiptPdfLink, ReceiptView } from './checkout-schema';
import { clientAccountOf } from './client-guard';
import { presentReceipt } from './receipt-presenter';
import { receiptPdfLink } from './receipt-pdf-link';

export interface ClientCheckoutRouterDeps extends CheckoutDeps {
  kit: ReturnType<typeof createRouteKit>;
  /** Signs receipt links for S3_PUBLIC_ENDPOINT. */
  publicS3: S3Client;
  config: CheckoutDeps['config'] & Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS'>;
  /** Payment pages opened per client account (RATE_LIMIT_CLIENT_CHECKOUT). */
  checkoutLimit: RequestHandler;
}

/** /api/client-accounts/me: paying an invoice from the portal, and the receipts of the client's payments (issue 31 §3). */
export function buildClientCheckoutRouter(deps: ClientCheckoutRouterDeps): Router {
  const { sequelize, kit, publicS3, config } = deps;
  const router = Router();
  const tag = 'client-portal';

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/client-accounts/me/invoices/:id/checkout',
      operationId: 'startClientInvoiceCheckout',
      errors: ['invoice_cancelled', 'nothing_due'],
      summary:
        "Pay one of my invoices: the card provider's hosted checkout page (or the wallet's approval link) for the balance due or one installment",
      tag,
      auth: 'client',
      after: [deps.checkoutLimit],
      params: IdParams,
      body: CheckoutBody,
      response: CheckoutStarted,
      status: 201,
    },
    async ({ req, params, body }) =>
      startInvoiceCheckout(deps, clientAccountOf(req), params.id, {
        method: body.method,
        ...(body.installment !== undefined ? { installment: body.installment } : {}),
      }),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/client-accounts/me/receipts',
      operationId: 'listClientReceipts',
      summary: 'The receipts of my payments, newest first',
      tag,
      auth: 'client',
      response: z.array(ReceiptView),
    },
    async ({ req }) => (await listClientReceipts(sequelize, clientAccountOf(req))).map(presentReceipt),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/client-accounts/me/receipts/:id/pdf',
      operationId: 'getClientReceiptPdf',
      errors: ['unavailable'],
      summary: "A time-limited link to one of my receipts' pdf (503 while it is being made)",
      tag,
      auth: 'client',
      params: IdParams,
      response: ReceiptPdfLink,
    },
    async ({ req, params }) => {
      const receipt = await findClientReceipt(sequelize, clientAccountOf(req), params.id);
      if (!receipt.pdf_key || !receipt.pdf_sha256)
        throw new UnavailableError('This receipt is being prepared; try again in a moment');
      const link = await receiptPdfLink({ publicS3, config }, { ...receipt, pdf_key: receipt.pdf_key });
      return { url: link.url, filename: link.filename, expiration: link.expiration, sha256: receipt.pdf_sha256 };
    },
  );

  return router;
}
