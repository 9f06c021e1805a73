import { type Sequelize } from 'sequelize-typescript';
import { JobRun } from '../models/JobRun';
import { type JobRunRow } from '../rows';

/** Writes the Temporal run id of a started job run; answers the row as it now is. */
export async function setJobRunRunId(_sequelize: Sequelize, id: string, runId: string): Promise<JobRunRow> {
  const [, [row]] = await JobRun.update({ run_id: runId }, { where: { id }, returning: true });
  return row;
}
