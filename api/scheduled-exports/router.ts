import { type Sequelize } from 'sequelize-typescript';
import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { findScheduledExport, listScheduledExports } from '../../db/queries/scheduled-exports';
import { nextExportRun } from '../../lib/jobs/export-schedules';
import {
  createScheduledExport,
  deleteScheduledExport,
  setScheduledExportPaused,
} from '../../lib/jobs/scheduled-exports';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { presentScheduledExport } from './presenter';
import {
  CreateScheduledExportBody,
  ScheduledExportListQuery,
  ScheduledExportPage,
  ScheduledExportView,
} from './schema';

type ScheduledExportsRouterDeps = {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
};
type ScheduledExportsHandlers = ScheduledExportsRouterDeps & {
  setPaused: ReturnType<typeof setPausedOf>;
};
const tag = 'scheduled-exports';
const route = routesFor<ScheduledExportsHandlers, ScheduledExportsRouterDeps>();

/** The handler of .../pause and .../resume: lib/jobs pauses the Temporal schedule, then the row. */
const setPausedOf =
  ({ sequelize, temporal }: ScheduledExportsRouterDeps) =>
  (paused: boolean) =>
  async ({ user, params }: { user: { orgId: string }; params: { id: string } }) => {
    const updated = await setScheduledExportPaused(sequelize, temporal, user.orgId, params.id, paused);
    return presentScheduledExport(updated, await nextExportRun(temporal, updated.id));
  };

/** Every route of buildScheduledExportsRouter, in the document's order. */
const SCHEDULED_EXPORTS_ROUTES = [
  route(
    {
      method: 'post',
      path: '/api/scheduled-exports',
      operationId: 'createScheduledExport',
      errors: ['unavailable'],
      summary: 'Schedule an export (once, or daily/weekly/monthly)',
      tag,
      auth: 'user',
      body: CreateScheduledExportBody,
      response: ScheduledExportView,
      status: 201,
    },
    ({ sequelize, temporal }) =>
      async ({ user, body }) => {
        const row = await createScheduledExport(sequelize, temporal, user.orgId, body);
        return presentScheduledExport(row, await nextExportRun(temporal, row.id));
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/scheduled-exports',
      operationId: 'listScheduledExports',
      summary: 'List scheduled exports',
      tag,
      auth: 'user',
      query: ScheduledExportListQuery,
      response: ScheduledExportPage,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const page = await listScheduledExports(sequelize, user.orgId, query);
        return { ...page, items: page.items.map((r) => presentScheduledExport(r)) };
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/scheduled-exports/:id',
      operationId: 'getScheduledExport',
      summary: 'Read a scheduled export, with its next run',
      tag,
      auth: 'user',
      params: IdParams,
      response: ScheduledExportView,
    },
    ({ sequelize, temporal }) =>
      async ({ user, params }) => {
        const row = await findScheduledExport(sequelize, user.orgId, params.id);
        return presentScheduledExport(row, await nextExportRun(temporal, row.id));
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/scheduled-exports/:id/pause',
      operationId: 'pauseScheduledExport',
      summary: 'Pause a scheduled export',
      tag,
      auth: 'user',
      params: IdParams,
      response: ScheduledExportView,
    },
    ({ setPaused }) => setPaused(true),
  ),
  route(
    {
      method: 'post',
      path: '/api/scheduled-exports/:id/resume',
      operationId: 'resumeScheduledExport',
      summary: 'Resume a scheduled export',
      tag,
      auth: 'user',
      params: IdParams,
      response: ScheduledExportView,
    },
    ({ setPaused }) => setPaused(false),
  ),

  route(
    {
      method: 'delete',
      path: '/api/scheduled-exports/:id',
      operationId: 'deleteScheduledExport',
      summary: 'Delete a scheduled export and its schedule',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    ({ sequelize, temporal }) =>
      async ({ user, params }) => {
        await deleteScheduledExport(sequelize, temporal, user.orgId, params.id);
      },
  ),
];

/**
 * /api/scheduled-exports: the spec shows creation; list, read, pause, resume and delete are
 * what a studio needs to live with them. Each keeps its Temporal Schedule in step through
 * lib/jobs/scheduled-exports.ts.
 */
export function buildScheduledExportsRouter(deps: ScheduledExportsRouterDeps): Router {
  const handlers: ScheduledExportsHandlers = {
    ...deps,
    setPaused: setPausedOf(deps),
  };
  return registerRoutes(Router(), deps.kit, SCHEDULED_EXPORTS_ROUTES, handlers, deps);
}
