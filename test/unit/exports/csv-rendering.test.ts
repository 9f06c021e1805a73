import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { columnsFor } from '../../../domain/exports/columns';
import { CSV_DIALECT_RULES } from '../../../domain/exports/csv-dialect';
import { CsvLineEndings } from '../../../activities/exports/csv-line-endings';
import { csvCopyStatement, csvSessionSettings } from '../../../db/queries/exports/csv-projection';
import { escapeHtml, pdfChunkHtml } from '../../../activities/exports/pdf-html';

const OWNER = '2f1c7c1e-1111-4a4a-9b9b-123456789abc';

describe('the csv COPY statement', () => {
  it('formats each kind of column in SQL and names the headers', () => {
    const sql = csvCopyStatement({
      entity: 'invoices',
      ownerId: OWNER,
      columns: columnsFor('invoices', ['title', 'amount', 'due_date', 'paid_at']),
      rules: CSV_DIALECT_RULES['excel-fr'],
    });
    expect(sql).toContain(
      `CASE WHEN t."title" < 'A' COLLATE "C" AND left(t."title", 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || t."title" ELSE t."title" END AS "Title"`,
    );
    expect(sql).toContain(`replace(t."amount"::text, '.', ',') AS "Amount"`);
    expect(sql).toContain(`t."due_date" AS "Due Date"`);
    // The zone is the transaction's TimeZone, set with a bind parameter: nothing of it is inlined.
    expect(sql).toContain(`date_trunc('minute', t."paid_at"::timestamp) AS "Paid At"`);
    expect(csvSessionSettings('Europe/Paris')).toEqual({
      text: expect.stringContaining("set_config('TimeZone', $1, true)"),
      values: ['Europe/Paris'],
    });
    expect(sql).toContain(`FROM "invoices" AS t WHERE t.owner_id = '${OWNER}' ORDER BY t.created_at, t.id`);
    expect(sql).toMatch(/WITH \(FORMAT csv, HEADER true, DELIMITER ';', ENCODING 'UTF8'\)$/);
  });

  it("reads a session's type and contacts through joins of the same statement, each joined once and only when asked", () => {
    const sql = csvCopyStatement({
      entity: 'sessions',
      ownerId: OWNER,
      columns: columnsFor('sessions', ['title', 'session_type', 'contact_name', 'session_contacts']),
      rules: CSV_DIALECT_RULES.rfc4180,
    });
    expect(sql).toContain("THEN '''' || st.name ELSE st.name END AS \"Session Type\"");
    expect(sql).toContain('sca.names ELSE sca.names END AS "Session Contacts"');
    expect(sql.match(/LEFT JOIN user_session_types/g)).toHaveLength(1);
    expect(sql).toContain('LEFT JOIN contacts AS mc ON mc.id = t.contact_id AND mc.owner_id = t.owner_id');
    expect(sql).toContain('ORDER BY sc.created_at, sc.contact_id');
    expect(sql).toContain(`WHERE t.owner_id = '${OWNER}' ORDER BY t.created_at, t.id`);
    const plain = csvCopyStatement({
      entity: 'sessions',
      ownerId: OWNER,
      columns: columnsFor('sessions', ['title', 'location']),
      rules: CSV_DIALECT_RULES.rfc4180,
    });
    expect(plain).not.toContain('JOIN');
  });

  it('refuses an owner id it would inline unless it is a uuid', () => {
    const base = {
      entity: 'sessions' as const,
      columns: columnsFor('sessions', ['title']),
      rules: CSV_DIALECT_RULES.rfc4180,
    };
    expect(() => csvCopyStatement({ ...base, ownerId: "x' OR '1'='1" })).toThrow('ownerId must be a uuid');
  });
});

describe('csv line endings', () => {
  const run = async (chunks: string[]) => {
    const transform = new CsvLineEndings();
    const out = await buffer(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(transform));
    return { text: out.toString('utf8'), records: transform.records, bytes: transform.bytes };
  };

  it('start with a BOM and end records with CRLF, leaving line breaks inside quoted fields alone', async () => {
    const { text, records, bytes } = await run(['a,b\n1,"x\n', 'y ""q""\n z"\n2,', 'é\n']);
    expect(text).toBe('\uFEFFa,b\r\n1,"x\ny ""q""\n z"\r\n2,é\r\n');
    expect(records).toBe(3);
    expect(bytes).toBe(Buffer.byteLength(text));
  });
});

describe('pdf html', () => {
  it('escapes everything a user typed', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
    const html = pdfChunkHtml({
      columns: columnsFor('contacts', ['first_name']),
      rows: [['<script>']],
      heading: { title: 'Contacts', companyName: 'A & B', generatedAt: '2026-11-22 14:30', rowCount: 1 },
    });
    expect(html).toContain('<td class="text">&lt;script&gt;</td>');
    expect(html).toContain('A &amp; B · Generated 2026-11-22 14:30 · 1 rows');
    expect(html).toContain('<thead><tr><th>First Name</th></tr></thead>');
  });
});
