import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { taskDueAt } from '../../domain/automations/task-timing';
import { Session } from '../models/Session';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';
import { type AutomationTask } from '../models/AutomationTask';
import { type Row, type SessionRow } from '../rows';
import { findAutomationWithTasks } from '../queries/automations';

/** What applying an automation to a session found and wrote: the session, the automation's tasks in order and the session's runs of them. */
export type AppliedSessionAutomation =
  | { missing: 'session' | 'workflow' }
  | { missing?: undefined; session: SessionRow; tasks: Row<AutomationTask>[]; runs: Row<SessionAutomationTaskRun>[] };

/**
 * Applies one of the owner's automations to one of the owner's sessions: one PENDING task run per
 * task (unique per session and task: a retried or replayed application adds nothing and keeps the
 * first one's dates), due dates from the application time and the session's start; the session
 * shows the automation, unless one was chosen before. Answers what the session automation plans from.
 */
export async function applyAutomationToSession(
  sequelize: Sequelize,
  props: {
    ownerId: string;
    sessionId: string;
    automationId: string;
    jobRunId: string;
    appliedAt: number;
  },
): Promise<AppliedSessionAutomation> {
  const { ownerId, sessionId, automationId, jobRunId, appliedAt } = props;
  const session = await Session.findOne({ where: { id: sessionId, owner_id: ownerId } });
  if (!session) return { missing: 'session' };
  const workflow = await findAutomationWithTasks(sequelize, ownerId, automationId);
  if (!workflow) return { missing: 'workflow' };
  const tasks = workflow.tasks ?? [];
  const sessionStart = session.start_date?.getTime() ?? null;
  await SessionAutomationTaskRun.bulkCreate(
    tasks.map((task) => {
      const due = taskDueAt({ timing: task.timing, offsetMinutes: task.offset_minutes }, { appliedAt, sessionStart });
      return {
        session_id: sessionId,
        workflow_id: automationId,
        workflow_task_id: task.id,
        status: 'PENDING',
        scheduled_at: due === null ? null : new Date(due),
        job_run_id: jobRunId,
        metadata: {
          workflow_id: automationId,
          workflow_task_id: task.id,
          session_id: sessionId,
          task_type: task.task_type,
        },
      };
    }),
    { ignoreDuplicates: true },
  );
  await Session.update(
    { workflow_id: automationId },
    { where: { id: sessionId, workflow_id: { [Op.is]: null } }, hooks: false },
  );
  const runs = await SessionAutomationTaskRun.findAll({ where: { session_id: sessionId, workflow_id: automationId } });
  return { session, tasks, runs };
}
