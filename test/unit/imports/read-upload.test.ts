import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { zipBomb } from '../../helpers/zip-bomb';
import { ValidationError } from '../../../domain/errors';
import { type CsvEncoding, detectImportFormat, type ImportFormat } from '../../../domain/imports/file-format';
import { UnsupportedMediaTypeError } from '../../../domain/storage/errors';
import { checkUpload, openUpload } from '../../../lib/imports/read-upload';
import { csvEncodingOf, slices } from '../../../lib/imports/read-csv';
import { cellsByHeader } from '../../../domain/imports/sheet';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('upload format detection', () => {
  it('accepts csv, xlsx and xls when extension, content type and bytes agree', () => {
    expect(detectImportFormat('a.CSV', 'text/csv; charset=utf-8', Buffer.from('a,b'))).toBe('csv');
    expect(detectImportFormat('a.xlsx', XLSX_TYPE, Buffer.from([0x50, 0x4b, 3, 4]))).toBe('xlsx');
    expect(
      detectImportFormat(
        'a.xls',
        'application/vnd.ms-excel',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      ),
    ).toBe('xls');
  });

  it('refuses a wrong extension, a wrong content type or bytes of another kind', () => {
    expect(() => detectImportFormat('a.pdf', 'application/pdf', Buffer.from('%PDF'))).toThrow(
      UnsupportedMediaTypeError,
    );
    expect(() => detectImportFormat('a.csv', 'image/png', Buffer.from('a,b'))).toThrow(UnsupportedMediaTypeError);
    expect(() => detectImportFormat('a.xlsx', XLSX_TYPE, Buffer.from('a,b'))).toThrow(UnsupportedMediaTypeError);
    expect(() => detectImportFormat('a.csv', 'text/csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toThrow(
      UnsupportedMediaTypeError,
    );
  });
});

/** Every row of an upload, read as the worker reads it: `chunk` bytes at a time. */
async function readAll(format: ImportFormat, bytes: Buffer, chunk = 64 * 1024, encoding?: CsvEncoding) {
  const source = await openUpload(format, slices(bytes, chunk), encoding);
  const rows = [];
  for await (const row of source.rows) rows.push({ line: row.line, cells: cellsByHeader(source.headers, row.values) });
  return { headers: source.headers, delimiter: source.delimiter, rows };
}

describe('reading csv', () => {
  it('reads a semicolon Windows-1252 file with accents, CRLF and a quoted multi-line cell, with file line numbers', async () => {
    const text = 'Prénom;Nom;Notes\r\nÉlodie;Müller;"deux\r\nlignes"\r\n\r\nJosé;Núñez;ok\r\n';
    const bytes = iconv.encode(text, 'win1252');
    expect(csvEncodingOf(bytes)).toBe('windows-1252');
    // Decoded and parsed as the bytes arrive: a character, a quoted cell or a line break split
    // across two chunks reads the same as a whole file.
    for (const chunk of [1, 2, 5, 64 * 1024]) {
      for (const encoding of ['windows-1252', undefined] as const) {
        const sheet = await readAll('csv', bytes, chunk, encoding);
        expect(sheet.delimiter).toBe(';');
        expect(sheet.headers).toEqual(['Prénom', 'Nom', 'Notes']);
        expect(sheet.rows).toEqual([
          { line: 2, cells: { Prénom: 'Élodie', Nom: 'Müller', Notes: 'deux\r\nlignes' } },
          { line: 5, cells: { Prénom: 'José', Nom: 'Núñez', Notes: 'ok' } },
        ]);
      }
    }
  });

  it('marks a row whose quote is never closed, or is malformed, with the problem on its line, whatever the chunks', async () => {
    const read = async (text: string, chunk: number) => {
      const source = await openUpload('csv', slices(Buffer.from(text), chunk));
      const rows = [];
      for await (const row of source.rows) rows.push({ line: row.line, values: row.values, problem: row.problem });
      return rows;
    };
    for (const chunk of [1, 3, 7, 64 * 1024]) {
      // The open quote runs to the end of the file: the rest is one cell of line 3.
      expect(
        await read(
          'First Name,Last Name,Email\nA,B,a@example.fr\n"unterminated,F,f@example.fr\nG,H,g@example.fr\n',
          chunk,
        ),
      ).toEqual([
        { line: 2, values: ['A', 'B', 'a@example.fr'], problem: undefined },
        {
          line: 3,
          values: ['unterminated,F,f@example.fr\nG,H,g@example.fr\n'],
          problem: expect.stringMatching(/^a quoted cell is never closed/),
        },
      ]);
      // Text after a closing quote: that row only.
      expect(await read('First Name,Last Name,Email\nA,"B"x",a@example.fr\nD,E,d@example.fr\n', chunk)).toEqual([
        {
          line: 2,
          values: ['A', 'B"x', 'a@example.fr'],
          problem: expect.stringMatching(/^a quoted cell is malformed/),
        },
        { line: 3, values: ['D', 'E', 'd@example.fr'], problem: undefined },
      ]);
    }
  });

  it('reads UTF-8 with a BOM, comma or tab delimited', async () => {
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('First Name,Email\nZoë,"z@example.com"\n'),
    ]);
    expect(csvEncodingOf(bom)).toBe('utf-8');
    for (const chunk of [1, 4, 1024])
      expect((await readAll('csv', bom, chunk, 'utf-8')).rows).toEqual([
        { line: 2, cells: { 'First Name': 'Zoë', Email: 'z@example.com' } },
      ]);
    const tab = await readAll('csv', Buffer.from('\n\na\tb\n1\t2\n'), 3, 'utf-8');
    expect(tab.rows).toEqual([{ line: 4, cells: { a: '1', b: '2' } }]);
  });

  it('counts the lines of quoted cells that span several lines, whatever the chunks', async () => {
    const cell = fc.oneof(
      fc.constantFrom('', 'a', 'é', 'x,y', 'say "hi"', 'two\nlines', 'three\r\nli\nnes', ' '),
      fc.string({ maxLength: 6 }),
    );
    const record = fc.array(cell, { minLength: 3, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(record, { nil: undefined }), { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n'),
        fc.integer({ min: 1, max: 40 }),
        async (records, newline, chunk) => {
          // The file's own lines: a record starts after every line break before it, quoted or not.
          let text = 'A,B,C' + newline;
          const expected = [];
          for (const r of records) {
            const line = text.split('\n').length;
            const written = r === undefined ? '' : Papa.unparse([r], { quotes: true, newline });
            if (r !== undefined && r.some((c) => c.trim() !== ''))
              expected.push({ line, cells: { A: r[0], B: r[1], C: r[2] } });
            text += written + newline;
          }
          const sheet = await readAll('csv', Buffer.from(text), chunk, 'utf-8');
          expect(sheet.rows).toEqual(expected);
        },
      ),
    );
  });

  it('checks an upload reading only up to its first data row; refuses empty and header-only files', async () => {
    await expect(checkUpload('csv', Buffer.alloc(0))).rejects.toThrow('The file is empty');
    await expect(checkUpload('csv', Buffer.from('\r\n \r\n'))).rejects.toThrow('The file is empty');
    await expect(checkUpload('csv', Buffer.from('First Name,Email\r\n'))).rejects.toThrow(
      'The file has a header row but no data rows',
    );
    await expect(checkUpload('csv', Buffer.from('First Name,Email\r\n,\r\n , \r\n'))).rejects.toThrow(
      'The file has a header row but no data rows',
    );
    // A first data row followed by 4 MB no csv reader could take: the check stops before them.
    const broken = Buffer.concat([Buffer.from('First Name,Email\nAnna,a@x.io\n'), Buffer.alloc(4 * 1024 * 1024, '"')]);
    expect(await checkUpload('csv', broken)).toEqual({ headers: ['First Name', 'Email'], encoding: 'utf-8' });
    let read = 0;
    const counted = async function* () {
      for await (const chunk of slices(broken)) {
        read += chunk.length;
        yield chunk;
      }
    };
    const source = await openUpload('csv', counted(), 'utf-8');
    expect((await source.rows.next()).value).toEqual({ line: 2, values: ['Anna', 'a@x.io'] });
    source.close();
    expect(read).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('reading any bytes as csv', () => {
  it('throws nothing but a ValidationError, and reads the same whatever the chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'grapheme' }).map((s) => Buffer.from(s)),
          fc.uint8Array().map((a) => Buffer.from(a)),
        ),
        fc.integer({ min: 1, max: 16 }),
        async (bytes, chunk) => {
          let whole;
          try {
            whole = await readAll('csv', bytes, 64 * 1024);
          } catch (err) {
            expect(err).toBeInstanceOf(ValidationError);
            return;
          }
          for (const row of whole.rows) expect(row.line).toBeGreaterThan(1);
          expect(await readAll('csv', bytes, chunk, csvEncodingOf(bytes))).toEqual(whole);
        },
      ),
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
    const sheet = await readAll('xlsx', bytes);
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
    const sheet = await readAll('xls', bytes);
    expect(sheet.rows).toEqual([
      { line: 2, cells: { 'First Name': 'Anaïs', 'Last Name': 'Lefèvre' } },
      { line: 4, cells: { 'First Name': 'Bob', 'Last Name': 'Smith' } },
    ]);
  });

  it('refuses a zip bomb disguised as xlsx without expanding it', async () => {
    const bomb = zipBomb(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = process.memoryUsage().rss;
    await expect(checkUpload('xlsx', bomb)).rejects.toThrow(ValidationError);
    await expect(checkUpload('xlsx', bomb)).rejects.toThrow(/archive bomb/);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses a zip bomb that declares small sizes, after inflating no more than it declared', async () => {
    const liar = zipBomb(256 * 1024 * 1024, 200_000);
    expect(liar.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    await expect(checkUpload('xlsx', liar)).rejects.toThrow(/do not expand to the sizes it declares/);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('refuses a corrupt xlsx with a 400, not a crash', async () => {
    await expect(checkUpload('xlsx', Buffer.from([0x50, 0x4b, 3, 4, 1, 2, 3]))).rejects.toThrow(ValidationError);
  });
});
