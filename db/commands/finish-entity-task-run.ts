import { type Sequelize } from 'sequelize-typescript';
import { EntityAutomationTaskRun, type TaskRunMetadata } from '../models/EntityAutomationTaskRun';
import { type Row } from '../rows';

/** Ends a task run: its recipient, and its metadata merged into what it had. */
export async function finishEntityTaskRun(
  _sequelize: Sequelize,
  run: Pick<Row<EntityAutomationTaskRun>, 'id' | 'metadata'>,
  outcome: { status: 'COMPLETED' | 'FAILED'; contactId: string | null; metadata: TaskRunMetadata; error?: string },
): Promise<void> {
  const { status, contactId, metadata, error } = outcome;
  await EntityAutomationTaskRun.update(
    {
      status,
      contact_id: contactId,
      finished_at: new Date(),
      error: error?.slice(0, 2_000) ?? null,
      metadata: { ...run.metadata, ...metadata },
    },
    { where: { id: run.id } },
  );
}
