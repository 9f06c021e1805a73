import { type Sequelize } from 'sequelize-typescript';
import { JobRun } from '../models/JobRun';
import { type JobRunRow } from '../rows';

/** A run whose workflow could not be started: FAILED, in the dead-letter queue; answers the row as it now is. */
export async function deadLetterJobRun(_sequelize: Sequelize, id: string, error: string): Promise<JobRunRow> {
  const [, [row]] = await JobRun.update(
    { status: 'FAILED', in_dlq: true, finished_at: new Date(), error },
    { where: { id }, returning: true },
  );
  return row;
}
