import { type Sequelize } from 'sequelize-typescript';
import { Router } from 'express';
import { z } from 'zod';
import { listSessionTaskRuns } from '../../db/queries/session-workflow-task-runs';
import { type SessionWorkflowTaskRunRow } from '../../db/rows';
import { type createRouteKit } from '../http/route-kit';

const SessionParams = z.object({ sessionId: z.uuid() });

/** A task run as the studio app shows it: what, when, how it went. */
function presentTaskRun(run: SessionWorkflowTaskRunRow) {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    workflow_task_id: run.workflow_task_id,
    task_name: run.workflow_task?.name ?? null,
    task_type: run.workflow_task?.task_type ?? null,
    status: run.status,
    scheduled_at: run.scheduled_at?.toISOString() ?? null,
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
    error: run.error,
    metadata: run.metadata,
  };
}

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
