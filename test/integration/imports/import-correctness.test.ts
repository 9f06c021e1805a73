// Issue 17, items 3 and 4: a row the database would refuse is an error on its line, never a failed
// import; rows of different people are never merged. Through HTTP against the real stack (the api
// in-process, the real worker process), and the row-by-row fallback at the db-command level.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { writeImportLines } from '../../../db/commands/write-import-lines';
import { writtenLines } from '../../../db/queries/import-matches';
import { buildContact } from '../../factories/contacts';
import { buildUser, type TestUser } from '../../factories/users';
import { asTableOwner } from '../../helpers/as-owner';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  worker = await startMainWorker('import-correctness');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const upload = (user: TestUser, url: string, csv: string, query: Record<string, string> = {}) =>
  request(t.app)
    .post(url)
    .query(query)
    .set(as(user))
    .attach('file', Buffer.from(csv), { filename: 'file.csv', contentType: 'text/csv' });
const rows = async (sql: string, bind: unknown[]) =>
  (await t.sequelize.query(sql, { bind }))[0] as Record<string, unknown>[];
const count = async (sql: string, bind: unknown[]) => (await rows(sql, bind))[0].n as number;

describe('amounts', () => {
  for (const entity of ['quotes', 'invoices'] as const) {
    it(`${entity}: an amount of -50 or 0 is an error on its line; the other rows are imported`, async () => {
      const owner = await buildUser(t.app);
      const contact = await buildContact(t.app, owner);
      const csv = [
        'Title,Amount,Contact ID',
        `Négatif,-50,${contact.id}`,
        `Zéro,0,${contact.id}`,
        `Bon,120,${contact.id}`,
        `Sans montant,,${contact.id}`,
      ].join('\n');
      const res = await upload(owner, `/api/import/${entity}`, csv);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: 2, created: 2, updated: 0, skipped: 2, total: 4, errorCount: 2 });
      expect(res.body.errors).toEqual([
        {
          line: 2,
          message: 'amount must be a positive number',
          row: { Title: 'Négatif', Amount: '-50', 'Contact ID': contact.id },
        },
        {
          line: 3,
          message: 'amount must be a positive number',
          row: { Title: 'Zéro', Amount: '0', 'Contact ID': contact.id },
        },
      ]);
      expect(await rows(`SELECT title, amount FROM ${entity} WHERE owner_id = $1 ORDER BY title`, [owner.id])).toEqual([
        { title: 'Bon', amount: '120.00' },
        { title: 'Sans montant', amount: '0.00' },
      ]);
    });
  }
});

describe('a batch the database refuses', () => {
  it('is written row by row: the refused row of the middle batch is its line error, every other row is imported', async () => {
    const owner = await buildUser(t.app);
    const contact = await buildContact(t.app, owner);
    // A stored session ending at 12:00. The file's row with its title and day moves the start to
    // 18:00 and leaves the end empty: the row is valid alone, the update breaks
    // CHECK (end_date >= start_date), and only the stored row shows it.
    const stored = await upload(
      owner,
      '/api/import/sessions',
      `Title,Location,Contact ID,Start Date,End Date\nSéance stockée,Lyon,${contact.id},2026-06-20 10:00,2026-06-20 12:00\n`,
    );
    expect(stored.body).toMatchObject({ created: 1 });
    const lines = ['Title,Location,Contact ID,Start Date'];
    // Batches are 1 000 rows: lines 2 to 1001, 1002 to 2001, 2002 to 2501.
    for (let i = 0; i < 2500; i++)
      lines.push(
        i === 1500
          ? `Séance stockée,Paris,${contact.id},2026-06-20 18:00`
          : `Séance ${i},Lyon,${contact.id},2026-07-01 10:00`,
      );
    const res = await upload(owner, '/api/import/sessions', lines.join('\n'), { updateExisting: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 2499,
      created: 2499,
      updated: 0,
      skipped: 1,
      total: 2500,
      errorCount: 1,
    });
    expect(res.body.errors).toEqual([
      {
        line: 1502,
        message: 'end_date must not be before start_date (the stored session keeps the dates the file leaves empty)',
        row: expect.objectContaining({ Title: 'Séance stockée', Location: 'Paris' }),
      },
    ]);
    expect(await count('SELECT count(*)::int AS n FROM sessions WHERE owner_id = $1', [owner.id])).toBe(2500);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM sessions WHERE owner_id = $1 AND title LIKE 'Séance %' AND title <> 'Séance stockée'",
        [owner.id],
      ),
    ).toBe(2499);
    expect(
      await rows(
        "SELECT location, start_date, end_date FROM sessions WHERE owner_id = $1 AND title = 'Séance stockée'",
        [owner.id],
      ),
    ).toEqual([
      { location: 'Lyon', start_date: new Date('2026-06-20T08:00:00Z'), end_date: new Date('2026-06-20T10:00:00Z') },
    ]);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'SESSION_CREATED'",
        [owner.id],
      ),
    ).toBe(1 + 2499);
    const job = await rows(
      "SELECT id FROM job_runs WHERE job_name = 'import' AND workflow_id LIKE $1 ORDER BY created_at DESC LIMIT 1",
      [`%${owner.id}%`],
    );
    expect(await count('SELECT count(*)::int AS n FROM import_row_writes WHERE job_run_id = $1', [job[0].id])).toBe(
      2499,
    );
    expect(
      await count('SELECT count(*)::int AS n FROM import_row_writes WHERE job_run_id = $1 AND line = 1502', [
        job[0].id,
      ]),
    ).toBe(0);
  });

  it('a record whose creating line is refused: its line in a later batch is an error too, every other row is imported', async () => {
    const owner = await buildUser(t.app);
    const contact = await buildContact(t.app, owner);
    // A test-only trigger refuses one title, as a constraint the row checks do not know would.
    const title = `Refusée ${randomUUID()}`;
    const fn = `test_refuse_${randomUUID().replace(/-/g, '')}`;
    await asTableOwner(t.sequelize, [
      [
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.title = '${title}' THEN RAISE EXCEPTION 'refused for the test' USING ERRCODE = 'check_violation', CONSTRAINT = 'test_refused'; END IF; RETURN NEW; END $$`,
      ],
      [`CREATE TRIGGER ${fn} BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION ${fn}()`],
    ]);
    try {
      const lines = ['Title,Location,Contact ID,Start Date'];
      // Line 1502 (2nd batch) creates the refused session; line 2302 (3rd batch) is the same record.
      for (let i = 0; i < 2500; i++)
        lines.push(
          i === 1500 || i === 2300
            ? `${title},Lyon,${contact.id},2026-09-01 10:00`
            : `Séance ${i},Lyon,${contact.id},2026-07-01 10:00`,
        );
      const res = await upload(owner, '/api/import/sessions', lines.join('\n'), { updateExisting: 'true' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: 2498, created: 2498, updated: 0, skipped: 2, errorCount: 2 });
      expect(res.body.errors.map((e: { line: number; message: string }) => [e.line, e.message])).toEqual([
        [1502, 'the database refused this row (23514 test_refused)'],
        [2302, 'Same record as line 1502, which could not be imported: fix that line and import both again'],
      ]);
      expect(await count('SELECT count(*)::int AS n FROM sessions WHERE owner_id = $1', [owner.id])).toBe(2498);
      expect(
        await count('SELECT count(*)::int AS n FROM sessions WHERE owner_id = $1 AND title = $2', [owner.id, title]),
      ).toBe(0);
    } finally {
      await asTableOwner(t.sequelize, [[`DROP TRIGGER ${fn} ON sessions`], [`DROP FUNCTION ${fn}()`]]);
    }
  });

  it('row by row, leaves out the refused line and the later line of its record, and a retry writes nothing twice (db command)', async () => {
    const owner = await buildUser(t.app);
    const kept = await buildContact(t.app, owner);
    const gone = await buildContact(t.app, owner);
    const [job] = await rows(
      "INSERT INTO job_runs (job_name, workflow_id, task_queue, workflow_type) VALUES ('import', $1, 'imports', 'importWorkflow') RETURNING id",
      [`import:test:${randomUUID()}`],
    );
    const jobRunId = job.id as string;
    const session = (title: string, contactId: string) => ({
      title,
      location: 'Lyon',
      contact_id: contactId,
      status: 'PENDING',
    });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const writes = [
      { line: 2, action: 'create' as const, id: ids[0], values: session('Un', kept.id) },
      { line: 3, action: 'create' as const, id: ids[1], values: session('Deux', gone.id) },
      { line: 4, action: 'update' as const, id: ids[1], values: { notes: 'same record as line 3' } },
      { line: 5, action: 'create' as const, id: ids[2], values: session('Trois', kept.id) },
    ];
    // The contact is deleted after the rows were checked and before they are written.
    await rows('DELETE FROM contacts WHERE id = $1', [gone.id]);
    const input = { entity: 'sessions' as const, ownerId: owner.id, jobRunId, writes };
    const first = await writeImportLines(t.sequelize, input);
    expect(first).toEqual({
      created: 2,
      changed: 0,
      rowByRow: true,
      refused: [
        {
          line: 3,
          // Under row-level security PostgreSQL leaves the key out of the detail; the constraint names it.
          refusal: expect.objectContaining({ code: '23503', constraint: 'sessions_contact_id_fkey' }),
        },
        { line: 4, sameAsLine: 3 },
      ],
    });
    expect(await rows('SELECT id, title FROM sessions WHERE owner_id = $1 ORDER BY title', [owner.id])).toEqual([
      { id: ids[2], title: 'Trois' },
      { id: ids[0], title: 'Un' },
    ]);
    const ledger = await writtenLines(t.sequelize, jobRunId);
    expect([...ledger]).toEqual(
      expect.arrayContaining([
        [2, { id: ids[0], action: 'create' }],
        [5, { id: ids[2], action: 'create' }],
      ]),
    );
    expect(ledger.size).toBe(2);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'SESSION_CREATED'",
        [owner.id],
      ),
    ).toBe(2);

    // A retried attempt sends only the lines its ledger lacks: the refused ones are refused again.
    const retry = await writeImportLines(t.sequelize, { ...input, writes: writes.filter((w) => !ledger.has(w.line)) });
    expect(retry).toMatchObject({ created: 0, refused: [{ line: 3 }, { line: 4, sameAsLine: 3 }] });
    // A line already in the ledger (an attempt racing another) is no row's fault: thrown, never written twice.
    await expect(
      writeImportLines(t.sequelize, { ...input, writes: [{ ...writes[0], id: randomUUID() }] }),
    ).rejects.toThrow();
    expect(await count('SELECT count(*)::int AS n FROM sessions WHERE owner_id = $1', [owner.id])).toBe(2);
    expect((await writtenLines(t.sequelize, jobRunId)).size).toBe(2);
  });

  it("keeps the write log with its job run: no write for a run that does not exist, and a deleted run's log goes with it", async () => {
    const owner = await buildUser(t.app);
    const contact = await buildContact(t.app, owner);
    const write = (line: number) => ({
      line,
      action: 'create' as const,
      id: randomUUID(),
      values: { title: `Séance ${line}`, location: 'Lyon', contact_id: contact.id, status: 'PENDING' },
    });
    const input = (jobRunId: string) => ({
      entity: 'sessions' as const,
      ownerId: owner.id,
      jobRunId,
      writes: [write(2), write(3)],
    });
    // A run that does not exist (a deleted one, a mistyped id): the batch and each line are refused, nothing is written.
    await expect(writeImportLines(t.sequelize, input(randomUUID()))).rejects.toThrow(/job_run_id/);
    expect(await count('SELECT count(*)::int AS n FROM sessions WHERE owner_id = $1', [owner.id])).toBe(0);

    const [job] = await rows(
      "INSERT INTO job_runs (job_name, workflow_id, task_queue, workflow_type) VALUES ('import', $1, 'imports', 'importWorkflow') RETURNING id",
      [`import:test:${randomUUID()}`],
    );
    expect(await writeImportLines(t.sequelize, input(job.id as string))).toMatchObject({ created: 2, refused: [] });
    expect((await writtenLines(t.sequelize, job.id as string)).size).toBe(2);
    await rows('DELETE FROM job_runs WHERE id = $1', [job.id]);
    expect(await count('SELECT count(*)::int AS n FROM import_row_writes WHERE job_run_id = $1', [job.id])).toBe(0);
  });
});

describe('different people are never merged', () => {
  // Two people with one name; one name with and without an e-mail; exact duplicate lines.
  const csv = [
    'First Name,Last Name,Email,City',
    'Marie,Martin,marie1@example.fr,Lyon', // 2
    'Marie,Martin,marie2@example.fr,Paris', // 3
    'Paul,Durand,paul@example.fr,Nantes', // 4
    'Paul,Durand,,Brest', // 5
    'Zoé,Roux,zoe@example.fr,Lille', // 6
    'Zoé,Roux,zoe@example.fr,Lille', // 7
    'Léa,Petit,,Caen', // 8
    'Léa,Petit,,Caen', // 9
  ].join('\n');
  const contacts = (ownerId: string) =>
    rows(
      'SELECT id, first_name, last_name, email, city FROM contacts WHERE owner_id = $1 ORDER BY last_name, first_name, email NULLS LAST, city',
      [ownerId],
    );
  const stored = (owner: TestUser) =>
    buildContact(t.app, owner, {
      first_name: 'Marie',
      last_name: 'Martin',
      email: 'marie1@example.fr',
      city: 'Stored',
    });

  it('without updateExisting, the preview and the import create one contact per row; exact duplicates only warn', async () => {
    const owner = await buildUser(t.app);
    const marie1 = await stored(owner);
    const preview = await upload(owner, '/api/import/contacts/preview', csv, { updateExisting: 'false' });
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toEqual({ create: 8, update: 0, skip: 0 });
    expect(
      preview.body.items.map((i: { line: number; suggestedAction: string }) => [i.line, i.suggestedAction]),
    ).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((l) => [l, 'create']));
    expect(preview.body.items[5].reason).toBe(
      'Same e-mail as line 6: imported as another contact (updateExisting=true would update the first)',
    );

    const res = await upload(owner, '/api/import/contacts', csv, { updateExisting: 'false' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 8, created: 8, updated: 0, skipped: 0, errorCount: 0 });
    expect(res.body.warnings).toEqual([
      {
        line: 7,
        message: 'Same e-mail as line 6: imported as another contact (updateExisting=true would update the first)',
      },
      {
        line: 9,
        message:
          'Same name as line 8, neither with an e-mail: imported as another contact (updateExisting=true would update the first)',
      },
    ]);
    expect(await contacts(owner.id)).toEqual([
      { id: expect.any(String), first_name: 'Paul', last_name: 'Durand', email: 'paul@example.fr', city: 'Nantes' },
      { id: expect.any(String), first_name: 'Paul', last_name: 'Durand', email: null, city: 'Brest' },
      { id: expect.any(String), first_name: 'Marie', last_name: 'Martin', email: 'marie1@example.fr', city: 'Lyon' },
      { id: marie1.id, first_name: 'Marie', last_name: 'Martin', email: 'marie1@example.fr', city: 'Stored' },
      { id: expect.any(String), first_name: 'Marie', last_name: 'Martin', email: 'marie2@example.fr', city: 'Paris' },
      { id: expect.any(String), first_name: 'Léa', last_name: 'Petit', email: null, city: 'Caen' },
      { id: expect.any(String), first_name: 'Léa', last_name: 'Petit', email: null, city: 'Caen' },
      { id: expect.any(String), first_name: 'Zoé', last_name: 'Roux', email: 'zoe@example.fr', city: 'Lille' },
      { id: expect.any(String), first_name: 'Zoé', last_name: 'Roux', email: 'zoe@example.fr', city: 'Lille' },
    ]);
  });

  it('with updateExisting, the preview and the import match by e-mail, then by name only where the e-mails do not differ', async () => {
    const owner = await buildUser(t.app);
    const marie1 = await stored(owner);
    const preview = await upload(owner, '/api/import/contacts/preview', csv);
    expect(preview.status).toBe(200);
    // 2 updates the stored marie1; 3 (marie2) creates; 5 joins 4; 7 joins 6; 9 joins 8.
    expect(preview.body.summary).toEqual({ create: 4, update: 4, skip: 0 });
    expect(
      preview.body.items.map((i: { line: number; suggestedAction: string; existingContactId?: string }) => [
        i.line,
        i.suggestedAction,
        i.existingContactId,
      ]),
    ).toEqual([
      [2, 'update', marie1.id],
      [3, 'create', undefined],
      [4, 'create', undefined],
      [5, 'update', undefined],
      [6, 'create', undefined],
      [7, 'update', undefined],
      [8, 'create', undefined],
      [9, 'update', undefined],
    ]);
    expect(await count('SELECT count(*)::int AS n FROM contacts WHERE owner_id = $1', [owner.id])).toBe(1);

    const res = await upload(owner, '/api/import/contacts', csv, { updateExisting: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 8, created: 4, updated: 4, skipped: 0, errorCount: 0 });
    expect(res.body.warnings).toEqual([
      { line: 5, message: 'Same record as line 4: this row updates it' },
      { line: 7, message: 'Same record as line 6: this row updates it' },
      { line: 9, message: 'Same record as line 8: this row updates it' },
    ]);
    expect(await contacts(owner.id)).toEqual([
      { id: expect.any(String), first_name: 'Paul', last_name: 'Durand', email: 'paul@example.fr', city: 'Brest' },
      { id: marie1.id, first_name: 'Marie', last_name: 'Martin', email: 'marie1@example.fr', city: 'Lyon' },
      { id: expect.any(String), first_name: 'Marie', last_name: 'Martin', email: 'marie2@example.fr', city: 'Paris' },
      { id: expect.any(String), first_name: 'Léa', last_name: 'Petit', email: null, city: 'Caen' },
      { id: expect.any(String), first_name: 'Zoé', last_name: 'Roux', email: 'zoe@example.fr', city: 'Lille' },
    ]);
    // The import answer and the database agree: 4 created, as many CONTACT_CREATED events.
    expect(
      await count(
        "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'CONTACT_CREATED'",
        [owner.id],
      ),
    ).toBe(1 + 4);
  });

  it('with updateExisting, a row without e-mail joins the stored namesake without one, never the one with another e-mail', async () => {
    const owner = await buildUser(t.app);
    const withEmail = await stored(owner);
    const without = await buildContact(t.app, owner, {
      first_name: 'Marie',
      last_name: 'Martin',
      email: null,
      city: 'Sans',
    });
    const file = [
      'First Name,Last Name,Email,City',
      'Marie,Martin,marie3@example.fr,Nice',
      'Marie,Martin,marie4@example.fr,Metz',
    ].join('\n');
    const res = await upload(owner, '/api/import/contacts', file, { updateExisting: 'true' });
    expect(res.body).toMatchObject({ imported: 2, created: 1, updated: 1 });
    // The oldest namesake has marie1@: marie3 updates the one without e-mail, which is then marie3's; marie4 is new.
    expect(await contacts(owner.id)).toEqual([
      { id: withEmail.id, first_name: 'Marie', last_name: 'Martin', email: 'marie1@example.fr', city: 'Stored' },
      { id: without.id, first_name: 'Marie', last_name: 'Martin', email: 'marie3@example.fr', city: 'Nice' },
      { id: expect.any(String), first_name: 'Marie', last_name: 'Martin', email: 'marie4@example.fr', city: 'Metz' },
    ]);
  });
});
