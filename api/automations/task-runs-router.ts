import { type Sequelize } from 'sequelize-typescript';
import { Router } from 'express';
import { z } from 'zod';
import { listEntityTaskRuns } from '../../db/queries/entity-automations';
import { listSessionTaskRuns } from '../../db/queries/session-automation-task-runs';
import { type createRouteKit } from '../http/route-kit';
import { presentEntityTaskRun, presentTaskRun } from './presenter';

const SessionParams = z.object({ sessionId: z.uuid() });
const ContactParams = z.object({ contactId: z.uuid() });
const QuoteParams = z.object({ quoteId: z.uuid() });
const InvoiceParams = z.object({ invoiceId: z.uuid() });

/**
 * What the automations applied to a session, or run for a contact, a quote or an invoice (issue 21
 * §3), did and will do: GET /api/sessions/:sessionId/workflow-task-runs,
 * /api/contacts/:contactId/..., /api/quotes/:quoteId/..., /api/invoices/:invoiceId/... (the spec's
 * paths and operation ids keep the word "workflow").
 */
export function buildAutomationTaskRunsRouter({
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
      path: '/api/sessions/:sessionId/workflow-task-runs',
      operationId: 'listSessionWorkflowTaskRuns',
      summary: "The session's workflow tasks: due date, status, what was sent",
      tag: 'workflows',
      auth: 'user',
      params: SessionParams,
    },
    async ({ user, params }) => {
      const runs = await listSessionTaskRuns(sequelize, user.orgId, params.sessionId);
      return { items: runs.map(presentTaskRun) };
    },
  );
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
      items: (await listEntityTaskRuns(sequelize, user.orgId, 'CONTACT', params.contactId)).map(presentEntityTaskRun),
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
      items: (await listEntityTaskRuns(sequelize, user.orgId, 'QUOTE', params.quoteId)).map(presentEntityTaskRun),
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
      items: (await listEntityTaskRuns(sequelize, user.orgId, 'INVOICE', params.invoiceId)).map(presentEntityTaskRun),
    }),
  );
  return router;
}
