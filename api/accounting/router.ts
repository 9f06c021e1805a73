import { Router } from 'express';
import { saveAccountingAccounts } from '../../db/commands/save-accounting-accounts';
import { readAccountingAccounts } from '../../db/queries/accounting-export';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { downloadLink } from '../../lib/s3-links';
import { startAccountingExport } from '../../services/accounting/accounting-export';
import { type AccountingExportResult } from '../../workflows/accounting-export/contract';
import { ExportJobAccepted, ExportLinkView } from '../exports/schema';
import { type ExportsRouterDeps } from '../exports/router';
import { exportWait } from '../exports/export-wait';
import { registerRoutes, type RouteContext, routesFor } from '../http/route-kit';
import { AccountingAccountsBody, AccountingAccountsView, AccountingExportQuery } from './schema';

/** The same dependencies as the exports router: the accounting export is an export with its own rows. */
export type AccountingRouterDeps = ExportsRouterDeps;

/** The deps and the per-user limits the builder makes once, counted with the other exports. */
type AccountingContext = AccountingRouterDeps & {
  syncLimit: ReturnType<AccountingRouterDeps['limits']['create']>;
  asyncLimit: ReturnType<AccountingRouterDeps['limits']['create']>;
};
type ExportContext = RouteContext<Record<string, never>, AccountingExportQuery, undefined>;

const tag = 'accounting';
const route = routesFor<AccountingContext, AccountingContext>();
const statusUrl = (jobRunId: string) => `/api/export/jobs/${jobRunId}`;

/** GET /api/accounting/export: the export run while the request waits, then its link. */
const runExport =
  ({ sequelize, temporal, publicS3, config }: AccountingContext) =>
  async ({ user, query, req }: ExportContext) => {
    const run = await startAccountingExport(sequelize, temporal, user, query, 'sync', {
      syncMaxRows: config.EXPORT_SYNC_MAX_ROWS,
      requestId: req.requestId,
    });
    const result = await waitForJob<AccountingExportResult>(
      temporal,
      run,
      exportWait(config.EXPORT_SYNC_TIMEOUT_SECONDS, statusUrl(run.id)),
    );
    return downloadLink(publicS3, config.S3_BUCKET, result, config.EXPORT_LINK_TTL_SECONDS);
  };

/** GET /api/accounting/export/async: the export queued, and where to poll it. */
const queueExport =
  ({ sequelize, temporal }: AccountingContext) =>
  async ({ user, query, req }: ExportContext) => {
    const run = await startAccountingExport(sequelize, temporal, user, query, 'async', { requestId: req.requestId });
    return { jobRunId: run.id, status: run.status, statusUrl: statusUrl(run.id) };
  };

const ACCOUNTING_ROUTES = [
  route(
    ({ syncLimit }) => ({
      method: 'get',
      path: '/api/accounting/export',
      operationId: 'runAccountingExport',
      errors: ['export_too_large', 'export_failed', 'export_timeout', 'unavailable'],
      summary:
        'The sales journal and payments of a period as double entries (FEC or csv in France, a journal csv with currencies elsewhere) or its tax subtotals per month, as a time-limited link; a large period: /api/accounting/export/async',
      tag,
      auth: 'user',
      after: [syncLimit],
      query: AccountingExportQuery,
      response: ExportLinkView,
    }),
    runExport,
  ),
  route(
    ({ asyncLimit }) => ({
      method: 'get',
      path: '/api/accounting/export/async',
      operationId: 'queueAccountingExport',
      errors: ['unavailable'],
      summary: 'Queue an accounting export; the link arrives over Socket.IO (export.completed) or by polling statusUrl',
      tag,
      auth: 'user',
      after: [asyncLimit],
      query: AccountingExportQuery,
      response: ExportJobAccepted,
      status: 202,
    }),
    queueExport,
  ),
  route(
    {
      method: 'get',
      path: '/api/users/me/accounting-accounts',
      operationId: 'getAccountingAccounts',
      summary: 'The accounts the accounting export posts to (defaults 411, 706, 44571, 512, 5115, 5116)',
      tag,
      auth: 'user',
      response: AccountingAccountsView,
    },
    ({ sequelize }) =>
      async ({ user }) =>
        readAccountingAccounts(sequelize, user.orgId),
  ),
  route(
    {
      method: 'put',
      path: '/api/users/me/accounting-accounts',
      operationId: 'updateAccountingAccounts',
      summary: 'Set the accounts of the accounting export (3 to 20 digits each; one left out keeps its number)',
      tag,
      auth: 'user',
      body: AccountingAccountsBody,
      response: AccountingAccountsView,
    },
    ({ sequelize }) =>
      async ({ user, body, req }) =>
        saveAccountingAccounts(sequelize, user.orgId, body, req.requestId),
  ),
];

/** /api/accounting/export and /api/users/me/accounting-accounts (issue 22 §2, docs/accounting-export.md). */
export function buildAccountingRouter(deps: AccountingRouterDeps): Router {
  // Counted with the other exports: one budget per studio, whatever it exports.
  const context: AccountingContext = {
    ...deps,
    syncLimit: deps.limits.create('export:sync', { per: 'user' }),
    asyncLimit: deps.limits.create('export:async', { per: 'user' }),
  };
  return registerRoutes(Router(), deps.kit, ACCOUNTING_ROUTES, context, context);
}
