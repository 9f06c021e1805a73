import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { createScheduledExport } from '../../db/commands/create-scheduled-export';
import { ScheduledExport } from '../../db/models/ScheduledExport';
import { findOwned } from '../../db/queries/owned';
import { pageOffset } from '../../domain/pagination';
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
    const { rows, count } = await ScheduledExport.findAndCountAll({ where: { owner_id: user.id }, order: [['created_at', 'DESC'], ['id', 'DESC']], limit: query.limit, offset: pageOffset(query) });
    return { items: rows.map((r) => presentScheduledExport(r)), total: count, page: query.page, limit: query.limit };
  });

  kit.route(router, { method: 'get', path: '/api/scheduled-exports/:id', summary: 'Read a scheduled export, with its next run', tag, auth: 'user', params: IdParams, response: ScheduledExportView }, async ({ user, params }) => {
    const row = await findOwned(ScheduledExport, 'Scheduled export', params.id, user.id);
    return presentScheduledExport(row, await nextExportRun(temporal, row.id));
  });

  for (const [action, paused] of [['pause', true], ['resume', false]] as const) {
    kit.route(
      router,
      { method: 'post', path: `/api/scheduled-exports/:id/${action}`, summary: `${paused ? 'Pause' : 'Resume'} a scheduled export`, tag, auth: 'user', params: IdParams, response: ScheduledExportView },
      async ({ user, params }) => {
        const row = await findOwned(ScheduledExport, 'Scheduled export', params.id, user.id);
        await setExportSchedulePaused(temporal, row.id, paused);
        await row.update({ is_active: !paused });
        return presentScheduledExport(row, await nextExportRun(temporal, row.id));
      },
    );
  }

  kit.route(router, { method: 'delete', path: '/api/scheduled-exports/:id', summary: 'Delete a scheduled export and its schedule', tag, auth: 'user', params: IdParams, status: 204 }, async ({ user, params }) => {
    const row = await findOwned(ScheduledExport, 'Scheduled export', params.id, user.id);
    await deleteExportSchedule(temporal, row.id);
    await row.destroy();
  });

  return router;
}
