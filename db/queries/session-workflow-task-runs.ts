import { type Sequelize } from 'sequelize-typescript';
import { literal } from 'sequelize';
import { SessionWorkflowTaskRun } from '../models/SessionWorkflowTaskRun';
import { WorkflowTask } from '../models/WorkflowTask';
import { type SessionWorkflowTaskRunRow } from '../rows';
import { findOwnSessionId } from './sessions';

/** The task runs of one of the owner's sessions (404 'Session' otherwise), due first; runs without a date yet last. */
export async function listSessionTaskRuns(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
): Promise<SessionWorkflowTaskRunRow[]> {
  return SessionWorkflowTaskRun.findAll({
    where: { session_id: await findOwnSessionId(sequelize, ownerId, sessionId) },
    include: [{ model: WorkflowTask, attributes: ['name', 'task_type', 'display_order'] }],
    // Due first; tasks without a date yet (a session with no start) last.
    order: [
      [literal('"SessionWorkflowTaskRun"."scheduled_at" IS NULL'), 'ASC'],
      ['scheduled_at', 'ASC'],
      ['workflow_task', 'display_order', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}
