import { Router } from 'express';
import { literal } from 'sequelize';
import { z } from 'zod';
import { Session } from '../../db/models/Session';
import { SessionWorkflowTaskRun } from '../../db/models/SessionWorkflowTaskRun';
import { WorkflowTask } from '../../db/models/WorkflowTask';
import { NotFoundError } from '../../domain/errors';
import { type createRouteKit } from '../http/route-kit';

const SessionParams = z.object({ sessionId: z.uuid() });

/** A task run as the studio app shows it: what, when, how it went. */
function presentTaskRun(run: SessionWorkflowTaskRun) {
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
export function buildSessionWorkflowsRouter({ kit }: { kit: ReturnType<typeof createRouteKit> }): Router {
  const router = Router();
  kit.route(
    router,
    { method: 'get', path: '/api/sessions/:sessionId/workflow-task-runs', summary: "The session's workflow tasks: due date, status, what was sent", tag: 'workflows', auth: 'user', params: SessionParams },
    async ({ user, params }) => {
      const session = await Session.findOne({ where: { id: params.sessionId, owner_id: user.id }, attributes: ['id'] });
      if (!session) throw new NotFoundError('Session');
      const runs = await SessionWorkflowTaskRun.findAll({
        where: { session_id: session.id },
        include: [{ model: WorkflowTask, attributes: ['name', 'task_type', 'display_order'] }],
        // Due first; tasks without a date yet (a session with no start) last.
        order: [[literal('"SessionWorkflowTaskRun"."scheduled_at" IS NULL'), 'ASC'], ['scheduled_at', 'ASC'], ['workflow_task', 'display_order', 'ASC'], ['id', 'ASC']],
      });
      return { items: runs.map(presentTaskRun) };
    },
  );
  return router;
}
