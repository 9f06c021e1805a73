import { type Sequelize } from 'sequelize-typescript';
import { type ExportRenderDb } from '../activities/exports/render-export';
import { upsertExportFileObject } from '../db/commands/export-file-objects';
import { withConnection } from '../db/queries/exports/db-connection';
import { copyCsvRows, countExportRows, findExportCompanyName } from '../db/queries/exports/export-reads';
import { readRowBatches } from '../db/queries/exports/row-batches';
import { isKnownTimeZone } from '../db/queries/time-zones';
import { bindDb } from './bind-db';

/** The export render's data access on the worker's pool (also used by the render tests and bench:export). */
export function exportRenderDb(sequelize: Sequelize): ExportRenderDb {
  return {
    ...bindDb(sequelize, { isKnownTimeZone, upsertExportFileObject }),
    withConnection: (work) => withConnection(sequelize, work),
    copyCsvRows,
    countExportRows,
    findExportCompanyName,
    readRowBatches,
  };
}
