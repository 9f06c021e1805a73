import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { EntityAutomationTaskRun } from '../models/EntityAutomationTaskRun';

/** A task run that failed for good, unless it ended meanwhile. */
export async function failEntityTaskRun(_sequelize: Sequelize, taskRunId: string, error: string): Promise<void> {
  await EntityAutomationTaskRun.update(
    { status: 'FAILED', error: error.slice(0, 2_000), finished_at: new Date() },
    { where: { id: taskRunId, status: { [Op.in]: ['PENDING', 'RUNNING'] } } },
  );
}
