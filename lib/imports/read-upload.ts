import { ValidationError } from '../../domain/errors';
import { type ImportFormat } from '../../domain/imports/file-format';
import { readCsv } from './read-csv';
import { readXls } from './read-xls';
import { readXlsx } from './read-xlsx';
import { type Sheet } from './sheet';

/**
 * Reads an upload whose format was already checked (domain/imports/file-format.ts), and refuses
 * empty and header-only files with a message saying which.
 */
export async function readUpload(format: ImportFormat, bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw new ValidationError('The file is empty');
  const sheet = format === 'csv' ? readCsv(bytes) : format === 'xlsx' ? await readXlsx(bytes) : readXls(bytes);
  if (sheet.headers.length === 0) throw new ValidationError('The file is empty');
  if (sheet.rows.length === 0) throw new ValidationError('The file has a header row but no data rows');
  return sheet;
}
