import { UniqueConstraintError } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type JobRunRow } from '../rows';
import { type JobRunDraft, recordJobRun } from './job-runs';

/**
 * recordJobRun, or null when a run with that workflow id is already recorded (the unique
 * workflow_id): the caller applies its contract's re-run policy.
 */
export async function recordJobRunOnce(sequelize: Sequelize, draft: JobRunDraft): Promise<JobRunRow | null> {
  try {
    return await recordJobRun(sequelize, draft);
  } catch (err) {
    if (err instanceof UniqueConstraintError) return null;
    throw err;
  }
}
