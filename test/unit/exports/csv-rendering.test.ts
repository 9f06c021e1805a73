import { buffer } from 'node:stream/consumers';
import { columnsFor } from '../../../domain/exports/columns';
import { CSV_DIALECT_RULES } from '../../../domain/exports/csv-dialect';
import { CopyOutRecords } from '../../../db/queries/exports/copy-out-records';
import { csvCopyStatement, csvSessionSettings } from '../../../db/queries/exports/csv-projection';
import { escapeHtml, pdfChunkHtml } from '../../../activities/exports/pdf-html';
import { backendMessage, copyOutBytes, fakeCopyConnection } from '../../helpers/pg-copy-out';

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
    expect(sql).toContain(`date_bin('1 minute', t."paid_at"::timestamp, timestamp '2000-01-01') AS "Paid At"`);
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

describe('the csv copy-out', () => {
  const records = ['a,b\n', '1,"x\ny ""q""\n z"\n', '2,é\n', '3,\n'];
  const copyOut = (reads: Buffer[], apart = false) => {
    const fake = fakeCopyConnection(reads, { apart });
    const copy = new CopyOutRecords('COPY (SELECT 1) TO STDOUT', {
      recordEnd: Buffer.from('\r\n'),
      preamble: Buffer.from('\uFEFF'),
    });
    copy.submit(fake.connection);
    return { copy, ...fake };
  };
  /** The protocol's bytes cut every `size` bytes, as socket reads may cut them. */
  const cut = (bytes: Buffer, size: number) =>
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

  it('starts with a BOM and ends records with CRLF, leaving line breaks inside quoted fields alone, however the reads cut the messages', async () => {
    const bytes = copyOutBytes(records);
    const afterCopyDone = bytes.subarray(bytes.indexOf(backendMessage('c')) + 5);
    for (let size = 1; size <= bytes.length; size++) {
      const { copy, handedBack, sent } = copyOut(cut(bytes, size));
      const text = (await buffer(copy)).toString('utf8');
      expect(text).toBe('\uFEFFa,b\r\n1,"x\ny ""q""\n z"\r\n2,é\r\n3,\r\n');
      expect(copy.records).toBe(4);
      expect(copy.bytes).toBe(Buffer.byteLength(text));
      expect(sent).toEqual(['COPY (SELECT 1) TO STDOUT']);
      // What follows CopyDone (CommandComplete, ReadyForQuery) goes back to the driver, whole.
      await new Promise((resolve) => setImmediate(resolve));
      expect(Buffer.concat(handedBack)).toEqual(afterCopyDone);
    }
  });

  it('hands an error of the server back to the driver, which reports it through the stream', async () => {
    const error = backendMessage('E', 'SERROR\0Mcanceling statement due to statement timeout\0\0');
    const bytes = Buffer.concat([backendMessage('H', Buffer.from([0, 0, 0])), backendMessage('d', 'a\n'), error]);
    for (let size = 1; size <= bytes.length; size++) {
      const { copy, handedBack } = copyOut(cut(bytes, size));
      copy.resume();
      await new Promise((resolve) => setImmediate(resolve));
      expect(Buffer.concat(handedBack)).toEqual(error);
      copy.handleError(new Error('canceling statement due to statement timeout'));
      await expect(buffer(copy)).rejects.toThrow('statement timeout');
    }
  });

  it('fills a buffer its reader handed back instead of a new one, and takes back none of anyone else', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `${i},"ligne ${i}\nsuite"\n`);
    const bytes = copyOutBytes(many);
    const { copy } = copyOut(cut(bytes, 4096), true);
    const memories = new Set<ArrayBufferLike>();
    let text = '';
    // The reader holds one chunk while the next comes, as the upload does while a part is sent.
    let held: Buffer | null = null;
    const copyOutHeld = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      copy.recycle(chunk);
      // Not its own: not taken.
      copy.recycle(Buffer.alloc(chunk.length + 1024));
    };
    for await (const chunk of copy as AsyncIterable<Buffer>) {
      memories.add(chunk.buffer);
      if (held) copyOutHeld(held);
      held = chunk;
    }
    if (held) copyOutHeld(held);
    expect(text).toBe('\uFEFF' + many.map((r) => r.replace(/\n$/, '\r\n')).join(''));
    // The socket reads (35) outnumber the buffers: they were filled again.
    expect(cut(bytes, 4096).length).toBeGreaterThan(30);
    expect(memories.size).toBeLessThan(4);
  });

  it('reads the row count from CommandComplete', () => {
    const { copy } = copyOut([]);
    copy.handleCommandComplete({ text: 'COPY 3' });
    expect(copy.rowCount).toBe(3);
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
