import { type Sequelize } from 'sequelize-typescript';
import { Router } from 'express';
import { z } from 'zod';
import { listEntityTaskRuns } from '../../db/queries/entity-automations';
import { type EntityAutomationTaskRunRow } from '../../db/rows';
import { type createRouteKit } from '../http/route-kit';
import { presentTaskRun } from '../automations/presenter';

/** A task run of a workflow run for a contact, quote or invoice: what, for whom, when, how it went. */
function presentEntityTaskRun(run: EntityAutomationTaskRunRow) {
  return {
    ...presentTaskRun(run),
    trigger_id: run.trigger_id,
    firing_id: run.firing_id || null,
    entity_type: run.entity_type,
    entity_id: run.entity_id,
    contact_id: run.contact_id,
  };
}

const ContactParams = z.object({ contactId: z.uuid() });
const QuoteParams = z.object({ quoteId: z.uuid() });
const InvoiceParams = z.object({ invoiceId: z.uuid() });

/**
 * What the workflows run for a contact, a quote or an invoice did and will do (issue 21 §3):
 * GET /api/contacts/:contactId/workflow-task-runs, /api/quotes/:quoteId/..., /api/invoices/:invoiceId/...
 */
export function buildEntityWorkflowsRouter({
  sequelize,
  kit,
}: {
  sequelize: Sequelize;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/contacts/:contactId/workflow-task-runs',
      operationId: 'listContactWorkflowTaskRuns',
      summary: "The contact's workflow tasks: due date, status, what was sent",
      tag: 'workflows',
      auth: 'user',
      params: ContactParams,
    },
    async ({ user, params }) => ({
      items: (await listEntityTaskRuns(sequelize, user.id, 'CONTACT', params.contactId)).map(presentEntityTaskRun),
    }),
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/quotes/:quoteId/workflow-task-runs',
      operationId: 'listQuoteWorkflowTaskRuns',
      summary: "The quote's workflow tasks: due date, status, what was sent",
      tag: 'workflows',
      auth: 'user',
      params: QuoteParams,
    },
    async ({ user, params }) => ({
      items: (await listEntityTaskRuns(sequelize, user.id, 'QUOTE', params.quoteId)).map(presentEntityTaskRun),
    }),
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/invoices/:invoiceId/workflow-task-runs',
      operationId: 'listInvoiceWorkflowTaskRuns',
      summary: "The invoice's workflow tasks: due date, status, what was sent",
      tag: 'workflows',
      auth: 'user',
      params: InvoiceParams,
    },
    async ({ user, params }) => ({
      items: (await listEntityTaskRuns(sequelize, user.id, 'INVOICE', params.invoiceId)).map(presentEntityTaskRun),
    }),
  );
  return router;
}
