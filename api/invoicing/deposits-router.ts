import { Router } from 'express';
import { createDepositInvoice } from '../../db/commands/deposit-invoices';
import { findDocument } from '../../db/queries/invoicing';
import { listQuoteDeposits } from '../../db/queries/deposits';
import { IdParams } from '../http/common-schemas';
import { presentDocument } from './presenter';
import { CreateDepositInvoiceBody } from './schema';
import { type LegalInvoicingRouterDeps } from './legal-invoicing-deps';

/** Deposit invoices of a quote's installments (issue 21 §1, docs/payment-schedules.md): /api/quotes/:id/deposit-invoices. */
export function buildDepositInvoicesRouter(deps: LegalInvoicingRouterDeps): Router {
  const { sequelize, kit } = deps;
  const router = Router();

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/quotes/:id/deposit-invoices',
      operationId: 'createDepositInvoice',
      errors: ['quote_rejected', 'quote_invoiced', 'quote_not_sent', 'deposit_exists'],
      summary:
        "A DRAFT deposit invoice (facture d'acompte) for one installment of a sent or accepted quote's schedule, split over the quote's VAT rates; one per installment (409 deposit_exists)",
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
      body: CreateDepositInvoiceBody,
      status: 201,
    },
    async ({ user, params, body, req }) =>
      presentDocument(
        'invoice',
        await createDepositInvoice(sequelize, user.orgId, params.id, body.installment, req.requestId),
        user.timeZone,
      ),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/quotes/:id/deposit-invoices',
      operationId: 'listDepositInvoices',
      summary: "The quote's deposit invoices (drafts, issued and cancelled), by installment",
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => {
      await findDocument(sequelize, 'quote', params.id, user.orgId);
      return {
        quote_id: params.id,
        items: (await listQuoteDeposits(sequelize, user.orgId, params.id)).map((invoice) =>
          presentDocument('invoice', invoice, user.timeZone),
        ),
      };
    },
  );

  return router;
}
