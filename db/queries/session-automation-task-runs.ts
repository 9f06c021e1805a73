import { literal, QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';
import { AutomationTask } from '../models/AutomationTask';
import { type SessionAutomationTaskRunRow } from '../rows';
import { findOwnSessionId } from './sessions';

/** The task runs of one of the owner's sessions (404 'Session' otherwise), due first; runs without a date yet last. */
export async function listSessionTaskRuns(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
): Promise<SessionAutomationTaskRunRow[]> {
  return SessionAutomationTaskRun.findAll({
    where: { session_id: await findOwnSessionId(sequelize, ownerId, sessionId) },
    include: [{ model: AutomationTask, attributes: ['name', 'task_type', 'display_order'] }],
    // Due first; tasks without a date yet (a session with no start) last.
    order: [
      [literal('"SessionAutomationTaskRun"."scheduled_at" IS NULL'), 'ASC'],
      ['scheduled_at', 'ASC'],
      ['workflow_task', 'display_order', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** The session automations of a session that still have tasks waiting (SESSION_RESCHEDULED's addressees). */
export async function listPendingSessionAutomationIds(sequelize: Sequelize, sessionId: string): Promise<string[]> {
  const rows = await sequelize.query<{ workflow_id: string }>(
    `SELECT DISTINCT workflow_id FROM session_workflow_task_runs WHERE session_id = $1 AND status = 'PENDING'`,
    { bind: [sessionId], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.workflow_id);
}
