import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { columnsFor } from '../../../domain/exports/columns';
import { CSV_DIALECT_RULES } from '../../../domain/exports/csv-dialect';
import { csvCopyStatement, csvSessionSettings } from '../../../db/queries/exports/csv-projection';
import { formatTimestampInZone } from '../../../domain/wall-clock';
import { createS3Client } from '../../../lib/s3';
import { type ExportPayload } from '../../../workflows/exports/contract';
import { buildUser, type TestUser } from '../../factories/users';
import {
  download,
  orgOf,
  runRender,
  runRenderAcrossChromiumCrash,
  runRenderInChild,
} from '../../helpers/export-render';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { sqlOn } from '../../helpers/sql';
import { pdfTextOf } from '../../helpers/pdf-text';

let t: TestApp;
let s3: ReturnType<typeof createS3Client>;
let deps: Parameters<typeof runRender>[0];

/** Two studios: `owner` has the rows under test, `other` rows that must never show up in owner's files. */
let owner: TestUser & { orgId: string };
let other: TestUser;
/** A studio with 2 500 sessions: the keyset batches of excel and the chunks of pdf. */
let bulk: TestUser & { orgId: string };
const BULK_ROWS = 2500;

const sql = sqlOn(() => t.sequelize);

beforeAll(async () => {
  t = await startTestApp();
  s3 = createS3Client(t.config);
  // csv and excel render in this process; pdfs in a child (runRenderInChild), with these pdf limits.
  deps = {
    sequelize: t.sequelize,
    s3,
    bucket: t.config.S3_BUCKET,
    chromium: { browser: () => Promise.reject(new Error('pdfs render in a child process')), close: async () => {} },
    pdf: { maxRows: 5000, chunkRows: 1000 },
  };
  const o = await buildUser(t.app);
  owner = { ...o, orgId: await orgOf(t.sequelize, o.id) };
  other = await buildUser(t.app);
  const b = await buildUser(t.app);
  bulk = { ...b, orgId: await orgOf(t.sequelize, b.id) };

  await sql(
    `INSERT INTO sessions (owner_id, title, status, start_date, location, notes, created_at) VALUES
       ($1, 'Séance façade Straße', 'VALIDATED', '2026-11-22T13:30:00Z', 'Besançon', 'Dit "oui"' || chr(10) || 'deuxième ligne', '2026-01-01T00:00:00Z'),
       ($1, '=HYPERLINK("http://evil.example")', 'PENDING', '2026-07-01T22:15:00Z', '@Lyon', NULL, '2026-01-02T00:00:00Z'),
       ($2, 'Autre studio secret', 'PENDING', NULL, NULL, NULL, '2026-01-01T00:00:00Z')`,
    [owner.id, other.id],
  );
  await sql(
    `INSERT INTO invoices (owner_id, title, amount, status, number, issued_at, payment_status, amount_paid, due_date, paid_at, created_at) VALUES
       ($1, 'Mariage Élodie & Théo', 1234.5, 'ISSUED', 'F-2026-00001', '2026-01-01T00:00:00Z', 'PAID', 1234.5, '2026-12-01', '2026-11-30T23:30:00Z', '2026-01-01T00:00:00Z'),
       ($1, 'Portrait', 120, 'DRAFT', NULL, NULL, 'UNPAID', 0, NULL, NULL, '2026-01-02T00:00:00Z')`,
    [owner.id],
  );
  await sql(
    `INSERT INTO sessions (owner_id, title, start_date, location, created_at)
     SELECT $1, 'Séance n°' || g, '2026-03-01T09:00:00Z'::timestamptz + g * interval '1 hour', 'Nîmes', '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 minute'
     FROM generate_series(1, ${BULK_ROWS}) AS g`,
    [bulk.id],
  );
  await sql(`INSERT INTO user_company (user_id, company_name) VALUES ($1, 'Atelier Lumière Ç')`, [bulk.id]);
});

afterAll(async () => {
  s3.destroy();
  await t.close();
});

const payload = (user: { id: string; orgId: string }, overrides: Partial<ExportPayload>): ExportPayload => ({
  ownerId: user.id,
  orgId: user.orgId,
  entity: 'sessions',
  format: 'csv',
  fields: ['title', 'start_date', 'location', 'notes'],
  csvDialect: 'rfc4180',
  timeZone: 'Europe/Paris',
  mode: 'sync',
  ...overrides,
});

describe('csv exports', () => {
  it("open in a spreadsheet with accents, the zone's dates, named headers, formulas neutralised and nobody else's rows", async () => {
    const jobRunId = crypto.randomUUID();
    const rendered = await runRender(deps, payload(owner, {}), jobRunId);
    expect(rendered).toMatchObject({
      key: `exports/${owner.id}/${jobRunId}/sessions-2026-11-22.csv`,
      filename: 'sessions-2026-11-22.csv',
      contentType: 'text/csv; charset=utf-8',
      rowCount: 2,
    });

    const file = await download(s3, deps.bucket, rendered.key);
    expect(rendered.sizeBytes).toBe(file.length);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.subarray(3).toString('utf8');
    expect(text).toBe(
      'Title,Date,Location,Notes\r\n' +
        'Séance façade Straße,2026-11-22 14:30:00,Besançon,"Dit ""oui""\ndeuxième ligne"\r\n' +
        // 22:15 UTC on 1 July is 00:15 the next day in Paris (summer time); the formula and the @ are text now.
        `"'=HYPERLINK(""http://evil.example"")",2026-07-02 00:15:00,'@Lyon,\r\n`,
    );
    expect(text).not.toContain('Autre studio');

    const [row] = await sql('SELECT * FROM file_objects WHERE key = $1', [rendered.key]);
    expect(row).toMatchObject({
      id: rendered.fileObjectId,
      org_id: owner.orgId,
      provider: 's3',
      bucket: deps.bucket,
      content_type: 'text/csv; charset=utf-8',
      size_bytes: String(file.length),
      created_by: owner.id,
      file_name: 'sessions-2026-11-22.csv',
      entity_type: 'export',
      entity_id: null,
    });

    // A retried attempt of the same job run rewrites the same object and the same row.
    const again = await runRender(deps, payload(owner, {}), jobRunId);
    expect(again.key).toBe(rendered.key);
    expect(again.fileObjectId).toBe(rendered.fileObjectId);
    expect(await sql('SELECT id FROM file_objects WHERE key = $1', [rendered.key])).toHaveLength(1);
  });

  it('in the excel-fr dialect use semicolons and decimal commas, amounts staying plain numbers', async () => {
    const fields = ['title', 'amount', 'due_date', 'paid_at', 'status'];
    const fr = await runRender(deps, payload(owner, { entity: 'invoices', fields, csvDialect: 'excel-fr' }));
    expect((await download(s3, deps.bucket, fr.key)).toString('utf8')).toBe(
      '\uFEFFTitle;Amount;Due Date;Paid At;Status\r\nMariage Élodie & Théo;1234,50;2026-12-01;2026-12-01 00:30:00;ISSUED\r\nPortrait;120,00;;;DRAFT\r\n',
    );
    const plain = await runRender(deps, payload(owner, { entity: 'invoices', fields: ['amount', 'title'] }));
    expect((await download(s3, deps.bucket, plain.key)).toString('utf8')).toBe(
      '\uFEFFAmount,Title\r\n1234.50,Mariage Élodie & Théo\r\n120.00,Portrait\r\n',
    );
  });

  it('refuse a time zone that does not exist, for good (no retry can fix it)', async () => {
    await expect(
      runRender(deps, payload(owner, { timeZone: "Europe/Paris'; DROP TABLE sessions; --" })),
    ).rejects.toMatchObject({ type: 'validation_failed', nonRetryable: true });
    await expect(runRender(deps, payload(owner, { timeZone: 'Mars/Olympus_Mons' }))).rejects.toMatchObject({
      type: 'validation_failed',
      nonRetryable: true,
    });
    await expect(runRender(deps, payload(owner, { fields: ['title', 'password_hash'] }))).rejects.toMatchObject({
      type: 'validation_failed',
      message: expect.stringContaining('Invalid fields for sessions: password_hash'),
    });
  });

  it("of many rows (several socket reads, several upload parts) are the COPY's own csv with CRLF record ends after a BOM", async () => {
    const big = await buildUser(t.app);
    const bigOwner = { ...big, orgId: await orgOf(t.sequelize, big.id) };
    await sql(
      `INSERT INTO sessions (owner_id, title, status, start_date, location, notes, created_at)
       SELECT $1,
              CASE WHEN g % 100 = 0 THEN '=SUM(A' || g || ')' ELSE 'Séance "photo" n°' || g END,
              (ARRAY['PENDING', 'VALIDATED', 'COMPLETED', 'CANCELLED'])[1 + g % 4],
              timestamptz '2026-03-01 08:00Z' + g * interval '7 minutes',
              CASE WHEN g % 7 = 0 THEN NULL ELSE (ARRAY['Paris', 'Besançon', 'Nîmes', 'Straßburg'])[1 + g % 4] END,
              CASE WHEN g % 3 = 0 THEN 'Client "pressé", façade' || chr(10) || 'prévoir 2 flashs' || chr(13) || chr(10) || '"fin"' END,
              timestamptz '2025-01-01 00:00Z' + g * interval '13 seconds'
       FROM generate_series(1, 60000) AS g`,
      [big.id],
    );
    const fields = ['id', 'title', 'status', 'start_date', 'end_date', 'location', 'notes', 'created_at'];
    const rendered = await runRender(deps, payload(bigOwner, { fields }));
    const file = await download(s3, deps.bucket, rendered.key);
    expect(file.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(rendered).toMatchObject({ rowCount: 60000, sizeBytes: file.length });

    // The reference: PostgreSQL's own COPY of the same statement, whole, its record ends (LFs
    // outside quoted fields) made CRLF, a BOM in front.
    const client = new Client({ connectionString: t.config.DATABASE_URL });
    await client.connect();
    try {
      const columns = columnsFor('sessions', fields);
      await client.query('BEGIN READ ONLY');
      await client.query(csvSessionSettings('Europe/Paris'));
      const copied = await buffer(
        client.query(
          copyTo(csvCopyStatement({ entity: 'sessions', ownerId: big.id, columns, rules: CSV_DIALECT_RULES.rfc4180 })),
        ),
      );
      await client.query('COMMIT');
      let quoted = false;
      let expected = '\uFEFF';
      for (const char of copied.toString('utf8')) {
        if (char === '"') quoted = !quoted;
        expected += char === '\n' && !quoted ? '\r\n' : char;
      }
      expect(file.toString('utf8')).toBe(expected);
      // Line breaks typed inside a note (LF, CRLF) stay as typed.
      expect(expected).toContain('façade\nprévoir 2 flashs\r\n""fin""",');
    } finally {
      await client.end();
    }
  });
  it("write every instant as the zone's wall-clock time to the minute, the seconds dropped, before 2000 as after", async () => {
    const zones = [
      'Europe/Paris',
      'Europe/London',
      'America/Toronto',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Australia/Adelaide',
      'UTC',
    ];
    const studio = await buildUser(t.app);
    const client = new Client({ connectionString: t.config.DATABASE_URL });
    await client.connect();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.date({
              min: new Date('1970-01-01T00:00:00Z'),
              max: new Date('2100-12-31T23:59:59Z'),
              noInvalidDate: true,
            }),
            {
              minLength: 1,
              maxLength: 20,
            },
          ),
          fc.constantFrom(...zones),
          async (instants, zone) => {
            await sql('DELETE FROM sessions WHERE owner_id = $1', [studio.id]);
            await sql(
              `INSERT INTO sessions (owner_id, title, start_date, created_at)
               SELECT $1, 'n°' || i, at, timestamptz '2020-01-01Z' + i * interval '1 second'
               FROM unnest($2::timestamptz[]) WITH ORDINALITY AS u(at, i)`,
              [studio.id, instants.map((d) => d.toISOString())],
            );
            const columns = columnsFor('sessions', ['start_date']);
            await client.query('BEGIN READ ONLY');
            await client.query(csvSessionSettings(zone));
            const copied = await buffer(
              client.query(
                copyTo(
                  csvCopyStatement({
                    entity: 'sessions',
                    ownerId: studio.id,
                    columns,
                    rules: CSV_DIALECT_RULES.rfc4180,
                  }),
                ),
              ),
            );
            await client.query('COMMIT');
            expect(copied.toString('utf8').trimEnd().split('\n')).toEqual([
              'Date',
              // The reference: the zone's wall clock as ICU reads it (the excel and pdf exports' own), not PostgreSQL.
              ...instants.map((at) => `${formatTimestampInZone(at, zone)}:00`),
            ]);
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await client.end();
    }
  });
});

describe('excel exports', () => {
  it('are real workbooks with typed cells, a bold frozen header and the wall-clock times of the zone', async () => {
    const rendered = await runRender(
      deps,
      payload(owner, { entity: 'invoices', format: 'excel', fields: ['title', 'amount', 'due_date', 'paid_at'] }),
    );
    expect(rendered).toMatchObject({
      filename: 'invoices-2026-11-22.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      rowCount: 2,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(s3, deps.bucket, rendered.key)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoices')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Title', 'Amount', 'Due Date', 'Paid At']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Mariage Élodie & Théo');
    expect(first.getCell(2).value).toBe(1234.5);
    expect(first.getCell(2).numFmt).toBe('#,##0.00');
    // Excel has no zones: 23:30 UTC is written as Paris's 00:30 on the next day.
    expect(first.getCell(3).value).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(first.getCell(4).value).toEqual(new Date('2026-12-01T00:30:00Z'));
    // Every row shows dates as dates and amounts with two decimals; text stays General.
    for (const row of [first, sheet.getRow(3)]) {
      expect([1, 2, 3, 4].map((c) => row.getCell(c).numFmt)).toEqual([
        undefined,
        '#,##0.00',
        'yyyy-mm-dd',
        'yyyy-mm-dd hh:mm',
      ]);
    }
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
  });

  it("neutralise formulas in text cells and read large exports in batches, in order, the owner's rows only", async () => {
    const mine = await runRender(deps, payload(owner, { format: 'excel', fields: ['title', 'location'] }));
    const small = new ExcelJS.Workbook();
    await small.xlsx.load((await download(s3, deps.bucket, mine.key)) as unknown as ArrayBuffer);
    const rows = small
      .getWorksheet('Sessions')!
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Séance façade Straße', 'Besançon'],
      [`'=HYPERLINK("http://evil.example")`, "'@Lyon"],
    ]);

    const rendered = await runRender(
      deps,
      payload(bulk, { format: 'excel', fields: ['title', 'start_date', 'id', 'created_at'] }),
    );
    expect(rendered.rowCount).toBe(BULK_ROWS);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(s3, deps.bucket, rendered.key)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sessions')!;
    expect(sheet.rowCount).toBe(BULK_ROWS + 1);
    const titles = sheet.getColumn(1).values.slice(2);
    expect(titles).toEqual(Array.from({ length: BULK_ROWS }, (_, i) => `Séance n°${i + 1}`));
    // 1 March 09:00 UTC + 2500 h is 13 June 13:00 UTC: 15:00 in Paris (summer time).
    expect(sheet.getRow(BULK_ROWS + 1).getCell(2).value).toEqual(new Date('2026-06-13T15:00:00Z'));
    const last = sheet.getRow(BULK_ROWS + 1);
    expect(last.getCell(3).value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Created 1 January 00:00 UTC + 2500 minutes: 2 January 17:40 UTC, 18:40 in Paris (winter time).
    expect(last.getCell(4).value).toEqual(new Date('2026-01-02T18:40:00Z'));
  });
});

describe('pdf exports', () => {
  it('show the title, company, generation date, every row across merged chunks and page numbers that run across them', async () => {
    const rendered = await runRenderInChild(
      deps.pdf,
      payload(bulk, { format: 'pdf', fields: ['title', 'start_date', 'location'] }),
    );
    expect(rendered).toMatchObject({
      filename: 'sessions-2026-11-22.pdf',
      contentType: 'application/pdf',
      rowCount: BULK_ROWS,
    });
    const file = await download(s3, deps.bucket, rendered.key);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextOf(file);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    expect(pages[0]).toMatch(/Sessions/);
    expect(pages[0]).toMatch(
      /Atelier Lumière Ç · Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Paris\) · 2500 rows/,
    );
    // The header row is repeated on every page, and the numbers count the merged document.
    pages.forEach((page, i) => {
      expect(page).toMatch(/Title\s+Date\s+Location/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    for (const n of [1, 999, 1000, 1001, 2000, 2001, 2500])
      expect(text).toMatch(new RegExp(`Séance n°${n}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+Nîmes`));
    expect(text).toMatch(/Séance n°2500\s+2026-06-13 15:00\s+Nîmes/);
    expect(text).not.toContain('Autre studio');
  });

  it('escape what users typed and refuse exports over the row cap, pointing to csv or excel', async () => {
    await sql(
      `INSERT INTO contacts (owner_id, first_name, last_name) VALUES ($1, '<b>Zoé</b>', '<script>alert(1)</script>')`,
      [owner.id],
    );
    const rendered = await runRenderInChild(
      deps.pdf,
      payload(owner, { entity: 'contacts', format: 'pdf', fields: ['first_name', 'last_name'] }),
    );
    const text = pdfTextOf(await download(s3, deps.bucket, rendered.key));
    expect(text).toContain('<b>Zoé</b>');
    expect(text).toContain('<script>alert(1)</script>');

    await expect(
      runRenderInChild({ maxRows: 2000, chunkRows: 1000 }, payload(bulk, { format: 'pdf' })),
    ).rejects.toMatchObject({
      type: 'export_too_large',
      nonRetryable: true,
      message: 'This export has 2500 rows; a pdf export holds at most 2000. Export as csv or excel instead.',
    });
  });

  it("still render after the worker's Chromium was killed: the next pdf launches it again", async () => {
    const studio = await buildUser(t.app, { name: 'Studio Relance' });
    await sql(`INSERT INTO contacts (owner_id, first_name, last_name) VALUES ($1, 'Chromium', 'Relancé')`, [studio.id]);
    const { rendered, afterCrash } = await runRenderAcrossChromiumCrash(
      deps.pdf,
      payload(
        { ...studio, orgId: await orgOf(t.sequelize, studio.id) },
        { entity: 'contacts', format: 'pdf', fields: ['first_name', 'last_name'] },
      ),
    );
    expect(afterCrash.key).not.toBe(rendered.key);
    const text = pdfTextOf(await download(s3, deps.bucket, afterCrash.key));
    expect(text).toMatch(/Chromium\s+Relancé/);
    expect(afterCrash.rowCount).toBe(1);
    expect(rendered.rowCount).toBe(1);
  });
});
