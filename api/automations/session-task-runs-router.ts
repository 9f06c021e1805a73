import { type Sequelize } from 'sequelize-typescript';
import { Router } from 'express';
import { z } from 'zod';
import { listSessionTaskRuns } from '../../db/queries/session-automation-task-runs';
import { presentTaskRun } from '../automations/presenter';
import { type createRouteKit } from '../http/route-kit';

const SessionParams = z.object({ sessionId: z.uuid() });

/** GET /api/sessions/:sessionId/workflow-task-runs: what the workflows applied to a session did and will do. */
export function buildSessionWorkflowsRouter({
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
      const runs = await listSessionTaskRuns(sequelize, user.id, params.sessionId);
      return { items: runs.map(presentTaskRun) };
    },
  );
  return router;
}
