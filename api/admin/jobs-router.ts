import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { z } from 'zod';
import { findJobRun, listJobRuns } from '../../db/queries/job-runs';
import { JOB_RUN_STATUSES } from '../../domain/jobs/job-run-status';
import { replayJob } from '../../lib/jobs/replay-job';
import { PageQuery } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { presentJobRun } from './jobs-presenter';

const JobRunParams = z.object({ jobRunId: z.uuid() });
const JobRunListQuery = PageQuery.extend({
  status: z.enum(JOB_RUN_STATUSES).optional(),
  in_dlq: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  job_name: z.string().max(100).optional(),
});

/** Admin views of job runs and the dead-letter replay (spec: Operations). */
export function buildAdminJobsRouter({
  sequelize,
  temporal,
  kit,
}: {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  const tag = 'admin';

  kit.route(
    router,
    {
      method: 'get',
      path: '/admin/jobs',
      operationId: 'listJobRuns',
      summary: 'List job runs (filter in_dlq=true for the dead-letter queue)',
      tag,
      auth: 'admin',
      query: JobRunListQuery,
    },
    async ({ query }) => {
      const { rows, count } = await listJobRuns(sequelize, {
        status: query.status,
        inDlq: query.in_dlq,
        jobName: query.job_name,
        page: query.page,
        limit: query.limit,
      });
      return { items: rows.map(presentJobRun), total: count, page: query.page, limit: query.limit };
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/admin/jobs/:jobRunId',
      operationId: 'getJobRun',
      summary: 'Read a job run',
      tag,
      auth: 'admin',
      params: JobRunParams,
    },
    async ({ params }) => {
      return presentJobRun(await findJobRun(sequelize, params.jobRunId));
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/admin/jobs/:jobRunId/replay',
      operationId: 'replayJobRun',
      errors: ['job_not_replayable', 'job_already_started'],
      summary: 'Replay a failed job from the dead-letter queue',
      tag,
      auth: 'admin',
      params: JobRunParams,
      status: 202,
    },
    async ({ params, req }) => {
      const { original, replay } = await replayJob(sequelize, temporal, params.jobRunId, req.requestId);
      return { jobRunId: replay.id, replayOf: original.id, workflowId: replay.workflow_id, status: replay.status };
    },
  );

  return router;
}
