import { type Sequelize } from 'sequelize-typescript';
import { type TaskRunMetadata, SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';
import { type Row } from '../rows';

/** Ends a task run, its metadata merged into what it had. */
export async function finishTaskRun(
  _sequelize: Sequelize,
  run: Pick<Row<SessionAutomationTaskRun>, 'id' | 'metadata'>,
  status: 'COMPLETED' | 'FAILED',
  metadata: TaskRunMetadata,
  error?: string,
): Promise<void> {
  await SessionAutomationTaskRun.update(
    {
      status,
      finished_at: new Date(),
      error: error?.slice(0, 2_000) ?? null,
      metadata: { ...run.metadata, ...metadata },
    },
    { where: { id: run.id } },
  );
}
