import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { zipBomb } from '../../helpers/zip-bomb';
import { ValidationError } from '../../../domain/errors';
import { detectImportFormat } from '../../../domain/imports/file-format';
import { UnsupportedMediaTypeError } from '../../../domain/storage/errors';
import { readUpload } from '../../../lib/imports/read-upload';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';


describe('upload format detection', () => {
  it('accepts csv, xlsx and xls when extension, content type and bytes agree', () => {
    expect(detectImportFormat('a.CSV', 'text/csv; charset=utf-8', Buffer.from('a,b'))).toBe('csv');
    expect(detectImportFormat('a.xlsx', XLSX_TYPE, Buffer.from([0x50, 0x4b, 3, 4]))).toBe('xlsx');
    expect(detectImportFormat('a.xls', 'application/vnd.ms-excel', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
  });

  it('refuses a wrong extension, a wrong content type or bytes of another kind', () => {
    expect(() => detectImportFormat('a.pdf', 'application/pdf', Buffer.from('%PDF'))).toThrow(UnsupportedMediaTypeError);
    expect(() => detectImportFormat('a.csv', 'image/png', Buffer.from('a,b'))).toThrow(UnsupportedMediaTypeError);
    expect(() => detectImportFormat('a.xlsx', XLSX_TYPE, Buffer.from('a,b'))).toThrow(UnsupportedMediaTypeError);
    expect(() => detectImportFormat('a.csv', 'text/csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toThrow(UnsupportedMediaTypeError);
  });
});

describe('reading csv', () => {
  it('reads a semicolon Windows-1252 file with accents, CRLF and a quoted multi-line cell, with file line numbers', async () => {
    const text = 'Prénom;Nom;Notes\r\nÉlodie;Müller;"deux\r\nlignes"\r\n\r\nJosé;Núñez;ok\r\n';
    const sheet = await readUpload('csv', iconv.encode(text, 'win1252'));
    expect(sheet.delimiter).toBe(';');
    expect(sheet.headers).toEqual(['Prénom', 'Nom', 'Notes']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { Prénom: 'Élodie', Nom: 'Müller', Notes: 'deux\r\nlignes' } },
      { line: 5, cells: { Prénom: 'José', Nom: 'Núñez', Notes: 'ok' } },
    ]);
  });

  it('reads UTF-8 with a BOM, comma or tab delimited', async () => {
    const comma = await readUpload('csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('First Name,Email\nZoë,"z@example.com"\n')]));
    expect(comma.rows).toEqual([{ line: 2, cells: { 'First Name': 'Zoë', Email: 'z@example.com' } }]);
    const tab = await readUpload('csv', Buffer.from('a\tb\n1\t2\n'));
    expect(tab.rows).toEqual([{ line: 2, cells: { a: '1', b: '2' } }]);
  });

  it('refuses empty and header-only files', async () => {
    await expect(readUpload('csv', Buffer.alloc(0))).rejects.toThrow('The file is empty');
    await expect(readUpload('csv', Buffer.from('\r\n \r\n'))).rejects.toThrow('The file is empty');
    await expect(readUpload('csv', Buffer.from('First Name,Email\r\n'))).rejects.toThrow('The file has a header row but no data rows');
  });
});

describe('reading any bytes as csv', () => {
  it('throws nothing but a ValidationError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'grapheme' }).map((s) => Buffer.from(s)), fc.uint8Array().map((a) => Buffer.from(a))), async (bytes) => {
        try {
          const sheet = await readUpload('csv', bytes);
          for (const row of sheet.rows) expect(row.line).toBeGreaterThan(1);
        } catch (err) {
          expect(err).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });
});

describe('reading spreadsheets', () => {
  it('reads the first sheet of an xlsx written by exceljs, dates as dates', async () => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Sessions');
    ws.addRow(['Title', 'Start Date', 'Amount']);
    ws.addRow(['Mariage', new Date(Date.UTC(2026, 5, 20, 14, 30)), 1200.5]);
    ws.addRow([]);
    ws.addRow(['Portrait', new Date(Date.UTC(2026, 6, 1)), 90]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const sheet = await readUpload('xlsx', bytes);
    expect(sheet.headers).toEqual(['Title', 'Start Date', 'Amount']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { Title: 'Mariage', 'Start Date': '2026-06-20 14:30:00', Amount: '1200.5' } },
      { line: 4, cells: { Title: 'Portrait', 'Start Date': '2026-07-01', Amount: '90' } },
    ]);
  });

  it('reads an xls written by SheetJS', async () => {
    const ws = XLSX.utils.aoa_to_sheet([['First Name', 'Last Name'], ['Anaïs', 'Lefèvre'], [], ['Bob', 'Smith']]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Contacts');
    const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const sheet = await readUpload('xls', bytes);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { 'First Name': 'Anaïs', 'Last Name': 'Lefèvre' } },
      { line: 4, cells: { 'First Name': 'Bob', 'Last Name': 'Smith' } },
    ]);
  });

  it('refuses a zip bomb disguised as xlsx without expanding it', async () => {
    const bomb = zipBomb(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = process.memoryUsage().rss;
    await expect(readUpload('xlsx', bomb)).rejects.toThrow(ValidationError);
    await expect(readUpload('xlsx', bomb)).rejects.toThrow(/archive bomb/);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses a zip bomb that declares small sizes, after inflating no more than it declared', async () => {
    const liar = zipBomb(256 * 1024 * 1024, 200_000);
    expect(liar.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    await expect(readUpload('xlsx', liar)).rejects.toThrow(/do not expand to the sizes it declares/);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses a corrupt xlsx with a 400, not a crash', async () => {
    await expect(readUpload('xlsx', Buffer.from([0x50, 0x4b, 3, 4, 1, 2, 3]))).rejects.toThrow(ValidationError);
  });
});
