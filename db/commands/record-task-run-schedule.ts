import { type Sequelize } from 'sequelize-typescript';
import { SessionWorkflowTaskRun } from '../models/SessionWorkflowTaskRun';

/** Writes the due dates of PENDING task runs (a run that started or ended keeps its own). */
export async function recordTaskRunSchedule(
  _sequelize: Sequelize,
  schedule: readonly { taskRunId: string; scheduledAt: number | null }[],
): Promise<void> {
  for (const { taskRunId, scheduledAt } of schedule) {
    await SessionWorkflowTaskRun.update(
      { scheduled_at: scheduledAt === null ? null : new Date(scheduledAt) },
      { where: { id: taskRunId, status: 'PENDING' } },
    );
  }
}
