import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { NotFoundError } from '../../domain/errors';
import { JobRun } from '../models/JobRun';

/** Export jobs (api, scheduled, accounting). */
const EXPORT_JOB_NAMES = ['export', 'export.scheduled', 'export.accounting'];
/** A failed export replayed by an admin answers with its replay's outcome; a few hops at most. */
const MAX_REPLAY_HOPS = 5;

/** The owner's export job run, following admin replays to the latest; 404 for anyone else's. */
export async function findExportRun(_sequelize: Sequelize, jobRunId: string, ownerId: string): Promise<JobRun> {
  let run = await JobRun.findOne({
    where: { id: jobRunId, user_id: ownerId, job_name: { [Op.in]: EXPORT_JOB_NAMES } },
  });
  if (!run) throw new NotFoundError('Export job');
  for (let hop = 0; hop < MAX_REPLAY_HOPS && run.replayed_by; hop += 1) {
    const next: JobRun | null = await JobRun.findByPk(run.replayed_by);
    if (!next) break;
    run = next;
  }
  return run;
}
