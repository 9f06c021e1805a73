import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { z } from 'zod';
import { JobRun } from '../../db/models/JobRun';
import { JOB_RUN_STATUSES } from '../../domain/jobs/job-run-status';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { pageOffset } from '../../domain/pagination';
import { PageQuery } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { startJob } from '../jobs/start-job';
import { presentJobRun } from './jobs-presenter';

const JobRunParams = z.object({ jobRunId: z.uuid() });
const JobRunListQuery = PageQuery.extend({
  status: z.enum(JOB_RUN_STATUSES).optional(),
  in_dlq: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  job_name: z.string().max(100).optional(),
});

/** Admin views of job runs and the dead-letter replay (spec: Operations). */
export function buildAdminJobsRouter({ temporal, kit }: { temporal: Client; kit: ReturnType<typeof createRouteKit> }): Router {
  const router = Router();
  const tag = 'admin';

  kit.route(router, { method: 'get', path: '/admin/jobs', summary: 'List job runs (filter in_dlq=true for the dead-letter queue)', tag, auth: 'admin', query: JobRunListQuery }, async ({ query }) => {
    const where = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.in_dlq === undefined ? {} : { in_dlq: query.in_dlq }),
      ...(query.job_name ? { job_name: query.job_name } : {}),
    };
    const { rows, count } = await JobRun.findAndCountAll({ where, order: [['started_at', 'DESC'], ['id', 'DESC']], limit: query.limit, offset: pageOffset(query) });
    return { items: rows.map(presentJobRun), total: count, page: query.page, limit: query.limit };
  });

  kit.route(router, { method: 'get', path: '/admin/jobs/:jobRunId', summary: 'Read a job run', tag, auth: 'admin', params: JobRunParams }, async ({ params }) => {
    const run = await JobRun.findByPk(params.jobRunId);
    if (!run) throw new NotFoundError('Job run');
    return presentJobRun(run);
  });

  kit.route(
    router,
    { method: 'post', path: '/admin/jobs/:jobRunId/replay', summary: 'Replay a failed job from the dead-letter queue', tag, auth: 'admin', params: JobRunParams, status: 202 },
    async ({ params, req }) => {
      // Claim the row atomically: two admins clicking replay start one new job, not two.
      const [claimed, rows] = await JobRun.update({ in_dlq: false }, { where: { id: params.jobRunId, status: 'FAILED', in_dlq: true }, returning: true });
      if (claimed === 0) {
        if (!(await JobRun.findByPk(params.jobRunId))) throw new NotFoundError('Job run');
        throw new ConflictError('job_not_replayable', 'Only a FAILED job in the dead-letter queue can be replayed');
      }
      const original = rows[0];
      const rootWorkflowId = original.workflow_id.replace(/:replay:[\w-]+$/, '');
      const replay = await startJob(temporal, {
        jobName: original.job_name,
        workflowType: original.workflow_type,
        taskQueue: original.task_queue,
        workflowId: `${rootWorkflowId}:replay:${crypto.randomUUID()}`,
        payload: original.payload,
        orgId: original.org_id,
        userId: original.user_id,
        entityId: original.entity_id,
        requestId: req.requestId,
        replayOf: original.id,
      });
      await original.update({ replayed_by: replay.id });
      return { jobRunId: replay.id, replayOf: original.id, workflowId: replay.workflow_id, status: replay.status };
    },
  );

  return router;
}
