import ExcelJS from 'exceljs';
import { ValidationError } from '../../domain/errors';
import { type Sheet, type SheetRow } from '../../domain/imports/sheet';
import { assertZipWithinLimits } from './zip-guard';

/** A spreadsheet cell's value as the text a user typed or sees. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as {
      text?: unknown;
      richText?: { text: string }[];
      result?: unknown;
      error?: string;
      hyperlink?: string;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if ('result' in v) return cellText(v.result);
    if (v.error !== undefined) return '';
    return '';
  }
  return String(value);
}

/** Spreadsheet dates carry no zone: their UTC fields are the wall-clock values typed. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** Reads the first worksheet of an xlsx, after checking the archive is not a zip bomb. */
export async function readXlsx(bytes: Buffer): Promise<Sheet> {
  await assertZipWithinLimits(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types want its own Buffer alias; a Node Buffer is what it reads.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new ValidationError('The spreadsheet cannot be read: it is not a valid xlsx file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) values.push(cellText(row.getCell(c).value).trim());
    if (values.every((v) => v === '')) return;
    if (!headers) headers = values;
    else rows.push({ line: rowNumber, values });
  });
  return { headers: headers ?? [], rows };
}
