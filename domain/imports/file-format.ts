import { UnsupportedMediaTypeError } from '../storage/errors';

/** The file formats an import reads (spec: Import, accepted content types). */
export const IMPORT_FORMATS = ['csv', 'xlsx', 'xls'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How a csv's bytes become text: UTF-8 (BOM or not) when they are valid UTF-8, else Windows-1252. */
export type CsvEncoding = 'utf-8' | 'windows-1252';

/** Largest import file (spec: Limits, 10 MB). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

const ACCEPTED = [
  '.csv (text/csv, application/csv)',
  '.xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)',
  '.xls (application/vnd.ms-excel)',
];

/**
 * Declared content types accepted per format. Besides the spec's, a .csv may arrive as
 * text/plain or application/vnd.ms-excel: browsers on Windows label csv files with the type the
 * spreadsheet app registered. The file's own bytes decide in every case.
 */
const CONTENT_TYPES: Record<ImportFormat, readonly string[]> = {
  csv: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  xls: ['application/vnd.ms-excel'],
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The format of an upload, when its extension, declared content type and first bytes agree:
 * xlsx is a zip, xls an OLE2 compound file, csv text (no NUL byte, neither signature). Anything
 * else is an UnsupportedMediaTypeError (415).
 */
export function detectImportFormat(filename: string, contentType: string, head: Uint8Array): ImportFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  const format = IMPORT_FORMATS.find((f) => f === extension);
  const declared = contentType.split(';')[0].trim().toLowerCase();
  if (!format || !CONTENT_TYPES[format].includes(declared)) throw new UnsupportedMediaTypeError(ACCEPTED);
  const bytesOk =
    format === 'xlsx'
      ? startsWith(head, ZIP)
      : format === 'xls'
        ? startsWith(head, OLE2)
        : !startsWith(head, ZIP) && !startsWith(head, OLE2) && !head.includes(0);
  if (!bytesOk) throw new UnsupportedMediaTypeError(ACCEPTED);
  return format;
}
