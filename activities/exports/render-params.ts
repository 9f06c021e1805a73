import { type S3Client } from '@aws-sdk/client-s3';
import { type ClientBase } from 'pg';
import {
  type copyCsvRows,
  type countExportRows,
  type findExportCompanyName,
} from '../../db/queries/exports/export-reads';
import { type readRowBatches } from '../../db/queries/exports/row-batches';
import { type ExportColumn } from '../../domain/exports/columns';
import { type ExportEntity } from '../../domain/exports/export-kinds';
import { type ObjectTarget } from './multipart-writer';

/**
 * The streamed export reads (db/queries/exports/), each on the raw pg connection the render holds:
 * the "db" deps of the renderers, passed by the worker as they are (they take the client, not the
 * Sequelize handle).
 */
export interface ExportReadsDb {
  copyCsvRows: typeof copyCsvRows;
  countExportRows: typeof countExportRows;
  findExportCompanyName: typeof findExportCompanyName;
  readRowBatches: typeof readRowBatches;
}

/** What every renderer (csv, excel, pdf) is given: where to read, what to write, where to put it. */
export interface RenderParams {
  client: ClientBase;
  db: ExportReadsDb;
  s3: S3Client;
  target: ObjectTarget;
  entity: ExportEntity;
  ownerId: string;
  columns: readonly ExportColumn[];
  timeZone: string;
  onProgress?: (rows: number) => void;
}

/** What a renderer wrote: data rows (no header) and the object's size. */
export interface RenderedFile {
  rowCount: number;
  sizeBytes: number;
}
