import { type Sequelize } from 'sequelize-typescript';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';

/** Writes the due dates of PENDING task runs (a run that started or ended keeps its own). */
export async function recordTaskRunSchedule(
  _sequelize: Sequelize,
  schedule: readonly { taskRunId: string; scheduledAt: number | null }[],
): Promise<void> {
  for (const { taskRunId, scheduledAt } of schedule) {
    await SessionAutomationTaskRun.update(
      { scheduled_at: scheduledAt === null ? null : new Date(scheduledAt) },
      { where: { id: taskRunId, status: 'PENDING' } },
    );
  }
}
