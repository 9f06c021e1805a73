import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { type Writable } from 'node:stream';
import { type ExportColumn } from '../../domain/exports/columns';
import { neutraliseFormula } from '../../domain/exports/cell-format';
import { ENTITY_TITLES } from '../../domain/exports/export-file';
import { type RenderedFile, type RenderParams } from './render-params';
import { ByteCount, uploadStream } from './upload-stream';

/** Column widths in characters, by kind of value: ids fit a uuid, dates their formatted text. */
const WIDTHS: Record<ExportColumn['type'], number> = {
  id: 38,
  text: 28,
  status: 14,
  date: 12,
  timestamp: 17,
  money: 14,
};
const NUMBER_FORMATS: Partial<Record<ExportColumn['type'], string>> = {
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  timestamp: 'yyyy-mm-dd hh:mm',
};
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };

/** One cell of a row read in `wallClock` mode (activities/exports/row-batches.ts), as a typed excel value. */
function cellValue(column: ExportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'timestamp':
    case 'date':
      return new Date((value as number) * 1000);
    case 'money':
      return value as number;
    case 'text':
      return neutraliseFormula(value as string);
    default:
      return value as string;
  }
}

/** A stream's writable side, as exceljs's zip entries (readable-stream 2) keep it. */
interface LegacyWritable {
  _writableState?: { needDrain?: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs's streaming writer has no back-pressure: a committed row goes into the sheet's zip
 * entry whether or not the compressor keeps up, and 1 M rows written in one go reach ~870 MB.
 * Between batches, wait until the entry's buffer (a PassThrough in front of the compressor) and
 * the output have drained, so memory holds about one batch. The entry is exceljs internals: if
 * a later version moves it, this degrades to waiting on the output only.
 */
async function drained(sheet: ExcelJS.Worksheet, output: Writable): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: LegacyWritable[] } }).stream?.pipes?.[0];
  if (entry?._writableState?.needDrain) await new Promise<void>((resolve) => entry.once('drain', resolve));
  if (output.writableNeedDrain) await once(output, 'drain');
}

/**
 * Writes a real .xlsx into `output` with exceljs's streaming writer: typed cells (dates as dates
 * in the owner's wall-clock time, amounts as numbers with two decimals, text neutralised), a bold
 * filled header row that stays frozen when scrolling, and widths by kind of column. Returns the
 * number of data rows.
 */
export async function writeWorkbook(params: {
  columns: readonly ExportColumn[];
  sheetName: string;
  batches: AsyncIterable<unknown[][]>;
  output: Writable;
  onProgress?: (rows: number) => void;
}): Promise<number> {
  const { columns, sheetName, batches, output, onProgress } = params;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.excelHeader,
    key: c.key,
    width: Math.max(WIDTHS[c.type], c.excelHeader.length + 2),
    style: NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = HEADER_FILL;
  header.commit();

  // exceljs gives every new cell a fresh copy of its column's style, and its styles registry then
  // serialises that copy to find the style's id: per cell, most of the writer's time. It caches
  // by object identity, so each column's cells share one frozen style object instead.
  const sharedStyles = columns.map(
    (c) => Object.freeze(NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {}) as Partial<ExcelJS.Style>,
  );
  let rows = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      const values = new Array<ExcelJS.CellValue>(columns.length);
      for (let i = 0; i < columns.length; i++) values[i] = cellValue(columns[i], row[i]);
      const added = sheet.addRow(values);
      for (let i = 0; i < columns.length; i++) added.getCell(i + 1).style = sharedStyles[i];
      added.commit();
    }
    rows += batch.length;
    onProgress?.(rows);
    await drained(sheet, output);
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}

/**
 * An excel export: the owner's rows in keyset batches of 1000 (bind parameters), written as they
 * arrive into a streaming workbook whose bytes go into a multipart upload.
 */
export async function renderExcel(params: RenderParams): Promise<RenderedFile> {
  const { client, s3, target, entity, ownerId, columns, timeZone, onProgress } = params;
  const body = new ByteCount();
  const batches = params.db.readRowBatches(client, { entity, ownerId, columns, timeZone, mode: 'wallClock' });
  const writing = writeWorkbook({ columns, sheetName: ENTITY_TITLES[entity], batches, output: body, onProgress }).then(
    (rows) => {
      // The workbook's commit ends the zip; the stream after it may still be open.
      if (!body.writableEnded) body.end();
      return rows;
    },
  );
  await uploadStream(s3, target, body, writing);
  return { rowCount: await writing, sizeBytes: body.bytes };
}
