import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { createScheduledExport } from '../../db/commands/create-scheduled-export';
import { deleteScheduledExport, setScheduledExportActive } from '../../db/commands/scheduled-exports';
import { findScheduledExport, listScheduledExports } from '../../db/queries/scheduled-exports';
import { deleteExportSchedule, nextExportRun, setExportSchedulePaused } from '../../lib/jobs/export-schedules';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { presentScheduledExport } from './presenter';
import { CreateScheduledExportBody, ScheduledExportListQuery, ScheduledExportPage, ScheduledExportView } from './schema';

/**
 * /api/scheduled-exports: the spec shows creation; list, read, pause, resume and delete are
 * what a studio needs to live with them. Each keeps its Temporal Schedule in step: Temporal is
 * changed first, so a failure there (503) leaves the row as it was.
 */
export function buildScheduledExportsRouter({ temporal, kit }: { temporal: Client; kit: ReturnType<typeof createRouteKit> }): Router {
  const router = Router();
  const tag = 'scheduled-exports';

  kit.route(router, { method: 'post', path: '/api/scheduled-exports', summary: 'Schedule an export (once, or daily/weekly/monthly)', tag, auth: 'user', body: CreateScheduledExportBody, response: ScheduledExportView, status: 201 }, async ({ user, body }) => {
    const row = await createScheduledExport(temporal, user.id, body);
    return presentScheduledExport(row, await nextExportRun(temporal, row.id));
  });

  kit.route(router, { method: 'get', path: '/api/scheduled-exports', summary: 'List scheduled exports', tag, auth: 'user', query: ScheduledExportListQuery, response: ScheduledExportPage }, async ({ user, query }) => {
    const page = await listScheduledExports(user.id, query);
    return { ...page, items: page.items.map((r) => presentScheduledExport(r)) };
  });

  kit.route(router, { method: 'get', path: '/api/scheduled-exports/:id', summary: 'Read a scheduled export, with its next run', tag, auth: 'user', params: IdParams, response: ScheduledExportView }, async ({ user, params }) => {
    const row = await findScheduledExport(user.id, params.id);
    return presentScheduledExport(row, await nextExportRun(temporal, row.id));
  });

  /** The handler of .../pause and .../resume: the Temporal schedule first, then the row. */
  const setPaused = (paused: boolean) => async ({ user, params }: { user: { id: string }; params: { id: string } }) => {
    const row = await findScheduledExport(user.id, params.id);
    await setExportSchedulePaused(temporal, row.id, paused);
    const updated = await setScheduledExportActive(user.id, row.id, !paused);
    return presentScheduledExport(updated, await nextExportRun(temporal, row.id));
  };
  kit.route(router, { method: 'post', path: '/api/scheduled-exports/:id/pause', summary: 'Pause a scheduled export', tag, auth: 'user', params: IdParams, response: ScheduledExportView }, setPaused(true));
  kit.route(router, { method: 'post', path: '/api/scheduled-exports/:id/resume', summary: 'Resume a scheduled export', tag, auth: 'user', params: IdParams, response: ScheduledExportView }, setPaused(false));

  kit.route(router, { method: 'delete', path: '/api/scheduled-exports/:id', summary: 'Delete a scheduled export and its schedule', tag, auth: 'user', params: IdParams, status: 204 }, async ({ user, params }) => {
    const row = await findScheduledExport(user.id, params.id);
    await deleteExportSchedule(temporal, row.id);
    await deleteScheduledExport(user.id, row.id);
  });

  return router;
}
