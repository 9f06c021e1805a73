import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { SessionWorkflowTaskRun } from '../models/SessionWorkflowTaskRun';

/** A task run that failed for good, unless it ended meanwhile. */
export async function failTaskRun(_sequelize: Sequelize, taskRunId: string, error: string): Promise<void> {
  await SessionWorkflowTaskRun.update(
    { status: 'FAILED', error: error.slice(0, 2_000), finished_at: new Date() },
    { where: { id: taskRunId, status: { [Op.in]: ['PENDING', 'RUNNING'] } } },
  );
}
