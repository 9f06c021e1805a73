import { type S3Client } from '@aws-sdk/client-s3';
import { type ClientBase } from 'pg';
import { type ExportColumn } from '../../domain/exports/columns';
import { type ExportEntity } from '../../domain/exports/export-kinds';
import { type ObjectTarget } from './upload-stream';

/** What every renderer (csv, excel, pdf) is given: where to read, what to write, where to put it. */
export interface RenderParams {
  client: ClientBase;
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
