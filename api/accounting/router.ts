import { Router } from 'express';
import { saveAccountingAccounts } from '../../db/commands/save-accounting-accounts';
import { countAccountingPeriod, readAccountingAccounts } from '../../db/queries/accounting-export';
import { findCompanyProfile } from '../../db/queries/company-profile';
import { findUserPreferences } from '../../db/queries/users';
import { accountingFileProblem, accountingFormatProblem } from '../../domain/accounting/period';
import { DomainError, ValidationError } from '../../domain/errors';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { downloadLink } from '../../lib/s3-links';
import {
  ACCOUNTING_EXPORT_JOB,
  type AccountingExportPayload,
  type AccountingExportResult,
} from '../../workflows/accounting-export/contract';
import { type AuthUser } from '../auth/auth-user';
import { ExportJobAccepted, ExportLinkView } from '../exports/schema';
import { type ExportsRouterDeps } from '../exports/router';
import { exportWait } from '../exports/export-wait';
import { AccountingAccountsBody, AccountingAccountsView, AccountingExportQuery } from './schema';

/** The same dependencies as the exports router: the accounting export is an export with its own rows. */
export type AccountingRouterDeps = ExportsRouterDeps;

/** /api/accounting/export and /api/users/me/accounting-accounts (issue 22 §2, docs/accounting-export.md). */
export function buildAccountingRouter({
  sequelize,
  temporal,
  publicS3,
  config,
  kit,
  limits,
}: AccountingRouterDeps): Router {
  const router = Router();
  const tag = 'accounting';
  // Counted with the other exports: one budget per studio, whatever it exports.
  const syncLimit = limits.create('export:sync', { per: 'user' });
  const asyncLimit = limits.create('export:async', { per: 'user' });
  const statusUrl = (jobRunId: string) => `/api/export/jobs/${jobRunId}`;

  /**
   * The job's payload, once what no retry can fix is checked: the FEC and its csv are French
   * (a studio elsewhere asks for the journal or the tax subtotals), a FEC needs the SIREN.
   */
  const payloadOf = async (
    user: AuthUser,
    query: AccountingExportQuery,
    mode: AccountingExportPayload['mode'],
  ): Promise<AccountingExportPayload> => {
    const owner = await findUserPreferences(sequelize, user.id);
    const company = await findCompanyProfile(sequelize, user.id);
    const formatProblem = accountingFormatProblem(query, provides(studioRegimeOf(company?.company_country), 'fec'));
    if (formatProblem) throw new ValidationError(formatProblem, [{ path: 'format', message: formatProblem }]);
    const problem = accountingFileProblem(query, company?.siren ?? null);
    if (problem) throw new ValidationError(problem, [{ path: 'siren', message: problem }]);
    return {
      ownerId: user.id,
      orgId: user.orgId,
      from: query.from,
      to: query.to,
      format: query.format,
      csvDialect: query.csv_dialect ?? owner.csv_dialect,
      timeZone: owner.time_zone,
      mode,
    };
  };

  kit.route(
    router,
    {
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
    },
    async ({ user, query, req }) => {
      const payload = await payloadOf(user, query, 'sync');
      const rows = await countAccountingPeriod(sequelize, payload);
      if (rows > config.EXPORT_SYNC_MAX_ROWS) {
        throw new DomainError(
          'export_too_large',
          `This period has ${rows} documents and payments, more than the ${config.EXPORT_SYNC_MAX_ROWS} a synchronous export allows: use GET /api/accounting/export/async`,
          {
            rows,
            max: config.EXPORT_SYNC_MAX_ROWS,
            async_url: '/api/accounting/export/async',
          },
        );
      }
      const run = await startJob(sequelize, temporal, ACCOUNTING_EXPORT_JOB, user.id, payload, {
        orgId: user.orgId,
        userId: user.id,
        requestId: req.requestId,
      });
      const result = await waitForJob<AccountingExportResult>(
        temporal,
        run,
        exportWait(config.EXPORT_SYNC_TIMEOUT_SECONDS, statusUrl(run.id)),
      );
      return downloadLink(publicS3, config.S3_BUCKET, result, config.EXPORT_LINK_TTL_SECONDS);
    },
  );

  kit.route(
    router,
    {
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
    },
    async ({ user, query, req }) => {
      const run = await startJob(
        sequelize,
        temporal,
        ACCOUNTING_EXPORT_JOB,
        user.id,
        await payloadOf(user, query, 'async'),
        {
          orgId: user.orgId,
          userId: user.id,
          requestId: req.requestId,
        },
      );
      return { jobRunId: run.id, status: run.status, statusUrl: statusUrl(run.id) };
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/users/me/accounting-accounts',
      operationId: 'getAccountingAccounts',
      summary: 'The accounts the accounting export posts to (defaults 411, 706, 44571, 512, 5115, 5116)',
      tag,
      auth: 'user',
      response: AccountingAccountsView,
    },
    async ({ user }) => readAccountingAccounts(sequelize, user.id),
  );

  kit.route(
    router,
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
    async ({ user, body, req }) => saveAccountingAccounts(sequelize, user.id, body, req.requestId),
  );

  return router;
}
