import { type Client } from '@temporalio/client';
import { type S3Client } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { failExportJob } from '../../db/commands/fail-export-job';
import { linkExportJob } from '../../db/commands/link-export-job';
import { openExportJob } from '../../db/commands/open-export-job';
import { findExportRun } from '../../db/queries/export-runs';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { downloadLink } from '../../lib/s3-links';
import { EXPORT_JOB, type ExportResult } from '../../workflows/exports/contract';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { type RateLimits } from '../middleware/rate-limit';
import { assertFitsSync, buildExportPayload } from './export-request';
import { exportWait } from './export-wait';
import { ExportJobAccepted, ExportJobParams, ExportJobStatusView, ExportLinkView, ExportQuery } from './schema';

export interface ExportsRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  publicS3: S3Client;
  config: Config;
  kit: ReturnType<typeof createRouteKit>;
  limits: RateLimits;
}

type ExportsContext = ExportsRouterDeps & {
  syncLimit: ReturnType<ExportsRouterDeps['limits']['create']>;
  asyncLimit: ReturnType<ExportsRouterDeps['limits']['create']>;
};
type ExportsHandlers = ExportsContext & {
  link: ReturnType<typeof linkOf>;
};
const tag = 'exports';
const route = routesFor<ExportsHandlers, ExportsContext>();

const statusUrl = (jobRunId: string) => `/api/export/jobs/${jobRunId}`;

const linkOf =
  ({ publicS3, config }: ExportsContext) =>
  (result: Pick<ExportResult, 'key' | 'filename'>) =>
    downloadLink(publicS3, config.S3_BUCKET, result, config.EXPORT_LINK_TTL_SECONDS);

/** Every route of buildExportsRouter, in the document's order. */
const EXPORTS_ROUTES = [
  route(
    ({ syncLimit }) => ({
      method: 'get',
      path: '/api/export',
      operationId: 'runExport',
      errors: ['export_too_large', 'export_failed', 'export_timeout', 'pdf_renderer_unavailable', 'unavailable'],
      summary: 'Export now and get a time-limited link (bounded; large exports: /api/export/async)',
      tag,
      auth: 'user',
      after: [syncLimit],
      query: ExportQuery,
      response: ExportLinkView,
    }),
    ({ sequelize, temporal, config, link }) =>
      async ({ user, query, req }) => {
        const payload = await buildExportPayload(sequelize, user, query, 'sync');
        if (payload.format === 'pdf') assertPdfRenderer(config.CHROMIUM_PATH);
        await assertFitsSync(sequelize, payload, {
          rows: config.EXPORT_SYNC_MAX_ROWS,
          pdfRows: config.EXPORT_SYNC_MAX_ROWS_PDF,
        });
        const run = await startJob(sequelize, temporal, EXPORT_JOB, user.orgId, payload, {
          orgId: user.orgId,
          userId: user.id,
          requestId: req.requestId,
        });
        const result = await waitForJob<ExportResult>(
          temporal,
          run,
          exportWait(config.EXPORT_SYNC_TIMEOUT_SECONDS, statusUrl(run.id)),
        );
        return link(result);
      },
  ),

  route(
    ({ asyncLimit }) => ({
      method: 'get',
      path: '/api/export/async',
      operationId: 'queueExport',
      errors: ['unavailable'],
      summary: 'Queue an export; the link arrives over Socket.IO (export.completed) or by polling statusUrl',
      tag,
      auth: 'user',
      after: [asyncLimit],
      query: ExportQuery,
      response: ExportJobAccepted,
      status: 202,
    }),
    ({ sequelize, temporal, config }) =>
      async ({ user, query, req }) => {
        const payload = await buildExportPayload(sequelize, user, query, 'async');
        if (payload.format === 'pdf') assertPdfRenderer(config.CHROMIUM_PATH);
        // The export_jobs row first, so the job can close it whenever it ends.
        const exportJobId = await openExportJob(sequelize, user.orgId, payload);
        try {
          const run = await startJob(
            sequelize,
            temporal,
            EXPORT_JOB,
            user.orgId,
            { ...payload, exportJobId },
            { orgId: user.orgId, userId: user.id, requestId: req.requestId },
          );
          await linkExportJob(sequelize, exportJobId, run.id);
          return { jobRunId: run.id, status: run.status, statusUrl: statusUrl(run.id) };
        } catch (err) {
          await failExportJob(sequelize, exportJobId, (err as Error).message);
          throw err;
        }
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/export/jobs/:jobRunId',
      operationId: 'getExportJob',
      summary: 'Status of an export job, with a fresh link once it is done',
      tag,
      auth: 'user',
      params: ExportJobParams,
      response: ExportJobStatusView,
    },
    ({ sequelize, link }) =>
      async ({ user, params }) => {
        const run = await findExportRun(sequelize, params.jobRunId, user.orgId);
        if (run.status === 'COMPLETED') {
          const result = run.result as ExportResult;
          return { jobRunId: params.jobRunId, status: run.status, ...(await link(result)), rowCount: result.rowCount };
        }
        return {
          jobRunId: params.jobRunId,
          status: run.status,
          ...(run.status === 'FAILED' ? { error: run.error ?? 'Export failed' } : {}),
        };
      },
  ),
];

/** /api/export: synchronous (bounded wait), asynchronous (Socket.IO push) and polled exports. */
export function buildExportsRouter(deps: ExportsRouterDeps): Router {
  const { limits } = deps;
  const context: ExportsContext = {
    ...deps,
    syncLimit: limits.create('export:sync', { per: 'user' }),
    asyncLimit: limits.create('export:async', { per: 'user' }),
  };
  const handlers: ExportsHandlers = {
    ...context,
    link: linkOf(context),
  };
  return registerRoutes(Router(), deps.kit, EXPORTS_ROUTES, handlers, context);
}
