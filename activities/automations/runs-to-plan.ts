import { type AutomationTaskType } from '../../domain/automations/task-types';
import { type TaskRunStatus } from '../../domain/automations/statuses';

/**
 * The tasks of a just-applied automation that its workflow still has to run, with their runs, in
 * the automation's order: automatic ones (a MANUAL task is a to-do with a due date) whose run has
 * not ended (a retried or replayed application finds the runs of the first). The same for a
 * session's runs and for a contact's, quote's or invoice's.
 */
export function runsToPlan<
  T extends { id: string; task_type: AutomationTaskType },
  R extends { workflow_task_id: string; status: TaskRunStatus },
>(tasks: readonly T[], runs: readonly R[]): { task: T; run: R }[] {
  const byTask = new Map(runs.map((r) => [r.workflow_task_id, r]));
  return tasks.flatMap((task) => {
    const run = byTask.get(task.id);
    if (!run || task.task_type === 'MANUAL' || (run.status !== 'PENDING' && run.status !== 'RUNNING')) return [];
    return [{ task, run }];
  });
}
