import type * as XLSX from '@e965/xlsx';
import { ValidationError } from '../../domain/errors';
import { cellText } from './read-xlsx';
import { sheetJs } from './sheetjs';
import { type Sheet, type SheetRow } from '../../domain/imports/sheet';

/** Reads the first sheet of a legacy .xls (BIFF) workbook with the maintained SheetJS build. */
export function readXls(bytes: Buffer): Sheet {
  const { read, utils } = sheetJs();
  let workbook: XLSX.WorkBook;
  try {
    workbook = read(bytes, { type: 'buffer', cellDates: true, dense: true });
  } catch {
    throw new ValidationError('The spreadsheet cannot be read: it is not a valid xls file');
  }
  const first = workbook.SheetNames[0];
  if (first === undefined) return { headers: [], rows: [] };
  // blankrows keeps the array index equal to the sheet row, so line numbers are the file's.
  const grid = utils.sheet_to_json<unknown[]>(workbook.Sheets[first], {
    header: 1,
    raw: true,
    blankrows: true,
    defval: '',
  });
  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  grid.forEach((raw, index) => {
    const values = raw.map((v) => cellText(v).trim());
    if (values.every((v) => v === '')) return;
    if (!headers) headers = values;
    else rows.push({ line: index + 1, values });
  });
  return { headers: headers ?? [], rows };
}
