import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { type ImportFormat } from '../../domain/imports/file-format';
import { sheetJs } from './sheetjs';

/** The column added to the error file; the user fixes the rows, deletes nothing, uploads again. */
export const ERROR_COLUMN = 'Import error';

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/**
 * The rows that failed, in the uploaded format, with their original headers and an error column.
 * csv keeps the uploaded delimiter and starts with a BOM so spreadsheet apps read it as UTF-8.
 */
export async function renderErrorFile(
  format: ImportFormat,
  headers: readonly string[],
  failures: readonly { row: Record<string, string>; message: string }[],
  delimiter = ',',
): Promise<{ body: Buffer; contentType: string }> {
  const grid = [[...headers, ERROR_COLUMN], ...failures.map((f) => [...headers.map((h) => f.row[h] ?? ''), f.message])];
  if (format === 'csv') {
    return {
      body: Buffer.from(`\ufeff${Papa.unparse(grid, { delimiter, newline: '\r\n' })}\r\n`, 'utf8'),
      contentType: CONTENT_TYPES.csv,
    };
  }
  if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Errors').addRows(grid);
    return { body: Buffer.from(await workbook.xlsx.writeBuffer()), contentType: CONTENT_TYPES.xlsx };
  }
  const { utils, write } = sheetJs();
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(grid), 'Errors');
  return { body: write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer, contentType: CONTENT_TYPES.xls };
}
