import { ApplicationFailure } from '@temporalio/activity';
import { Op } from 'sequelize';
import { Session } from '../../db/models/Session';
import { SessionWorkflowTaskRun } from '../../db/models/SessionWorkflowTaskRun';
import { Workflow } from '../../db/models/Workflow';
import { WorkflowTask } from '../../db/models/WorkflowTask';
import { taskDueAt, type TaskTiming } from '../../domain/workflows/task-timing';
import { type PlannedTask, type SessionWorkflowActivities } from '../../workflows/session-workflows/contract';

type Bookkeeping = Pick<SessionWorkflowActivities, 'applySessionWorkflow' | 'recordTaskSchedule' | 'failTaskRun'>;

/**
 * The session workflow's database side: creating the task runs when a workflow is applied,
 * keeping their due dates (`scheduled_at`) current, and recording a task that failed for good.
 */
export function createSessionWorkflowBookkeeping(): Bookkeeping {
  return {
    async applySessionWorkflow({ jobRunId, payload, appliedAt }) {
      const { ownerId, sessionId, workflowId } = payload;
      const session = await Session.findOne({ where: { id: sessionId, owner_id: ownerId } });
      if (!session) throw ApplicationFailure.create({ type: 'not_found', message: 'The session no longer exists', nonRetryable: true });
      const workflow = await Workflow.findOne({
        where: { id: workflowId, owner_id: ownerId },
        include: [WorkflowTask],
        order: [['tasks', 'display_order', 'ASC'], ['tasks', 'created_at', 'ASC']],
      });
      if (!workflow) throw ApplicationFailure.create({ type: 'not_found', message: 'The workflow no longer exists', nonRetryable: true });
      const tasks = workflow.tasks ?? [];
      const sessionStart = session.start_date?.getTime() ?? null;

      // One run per session and task (unique): a retried or replayed application adds nothing and
      // keeps the first one's dates.
      await SessionWorkflowTaskRun.bulkCreate(
        tasks.map((task) => {
          const due = taskDueAt({ timing: task.timing, offsetMinutes: task.offset_minutes }, { appliedAt, sessionStart });
          return {
            session_id: sessionId,
            workflow_id: workflowId,
            workflow_task_id: task.id,
            status: 'PENDING',
            scheduled_at: due === null ? null : new Date(due),
            job_run_id: jobRunId,
            metadata: { workflow_id: workflowId, workflow_task_id: task.id, session_id: sessionId, task_type: task.task_type },
          };
        }),
        { ignoreDuplicates: true },
      );
      // The session shows the workflow applied to it, unless one was chosen before.
      await Session.update({ workflow_id: workflowId }, { where: { id: sessionId, workflow_id: { [Op.is]: null } }, hooks: false });

      const runs = await SessionWorkflowTaskRun.findAll({ where: { session_id: sessionId, workflow_id: workflowId } });
      const byTask = new Map(runs.map((r) => [r.workflow_task_id, r]));
      const firstApplied = Math.min(appliedAt, ...runs.map((r) => r.created_at.getTime()));
      const planned: PlannedTask[] = tasks.flatMap((task) => {
        const run = byTask.get(task.id);
        if (!run || task.task_type === 'MANUAL' || (run.status !== 'PENDING' && run.status !== 'RUNNING')) return [];
        return [{ taskRunId: run.id, workflowTaskId: task.id, taskType: task.task_type, timing: task.timing as TaskTiming, offsetMinutes: task.offset_minutes }];
      });
      return { appliedAt: firstApplied, sessionStart, tasks: planned };
    },

    async recordTaskSchedule({ schedule }) {
      for (const { taskRunId, scheduledAt } of schedule) {
        await SessionWorkflowTaskRun.update({ scheduled_at: scheduledAt === null ? null : new Date(scheduledAt) }, { where: { id: taskRunId, status: 'PENDING' } });
      }
    },

    async failTaskRun({ taskRunId, error }) {
      await SessionWorkflowTaskRun.update(
        { status: 'FAILED', error: error.slice(0, 2_000), finished_at: new Date() },
        { where: { id: taskRunId, status: { [Op.in]: ['PENDING', 'RUNNING'] } } },
      );
    },
  };
}
