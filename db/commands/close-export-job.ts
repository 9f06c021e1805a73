import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { ExportJob } from '../models/ExportJob';

/** How an export's job run ended, for its export_jobs row. */
export type ExportJobOutcome = { fileObjectId: string; rowCount: number } | { error: string };

/**
 * Closes an export_jobs row with its job run's outcome, once per job run: a row already final for
 * that run is left alone (answers false). A replay is another job run: its outcome replaces the
 * failed run's.
 */
export async function closeExportJob(
  _sequelize: Sequelize,
  id: string,
  jobRunId: string,
  outcome: ExportJobOutcome,
): Promise<boolean> {
  const [changed] = await ExportJob.update(
    'fileObjectId' in outcome
      ? {
          status: 'COMPLETED',
          file_object_id: outcome.fileObjectId,
          row_count: outcome.rowCount,
          error: null,
          finished_at: new Date(),
          job_run_id: jobRunId,
        }
      : { status: 'FAILED', error: outcome.error, finished_at: new Date(), job_run_id: jobRunId },
    {
      where: {
        id,
        [Op.or]: [
          { status: { [Op.in]: ['PENDING', 'RUNNING'] } },
          { job_run_id: { [Op.or]: [{ [Op.ne]: jobRunId }, { [Op.is]: null }] } },
        ],
      },
    },
  );
  return changed > 0;
}
