import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';

/** Claims a PENDING (or retried RUNNING) task run for this attempt; false when it was finished elsewhere. */
export async function claimTaskRun(_sequelize: Sequelize, taskRunId: string): Promise<boolean> {
  const [claimed] = await SessionAutomationTaskRun.update(
    { status: 'RUNNING', started_at: new Date() },
    { where: { id: taskRunId, status: { [Op.in]: ['PENDING', 'RUNNING'] } } },
  );
  return claimed > 0;
}
