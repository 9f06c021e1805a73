// Imports through HTTP against the real stack: the api in-process, the real worker process
// running the import job, uploads and error files in the S3 server.
import fs from 'node:fs';
import path from 'node:path';
import { zipBomb } from '../../helpers/zip-bomb';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import request from 'supertest';
import { freePort } from '../../../scripts/stack/wait';
import { buildContact } from '../../factories/contacts';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';

let t: TestApp;
let worker: WorkerProcess;
const logFile = path.join(testStackDir, 'logs', `imports-worker-${process.pid}.log`);
const startWorker = async () =>
  startWorkerProcess('workers/main.ts', logFile, 'worker started', 180_000, {
    LOG_LEVEL: 'info',
    WORKER_METRICS_PORT: String(await freePort()),
  });
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  worker = await startWorker();
}, 240_000);
afterAll(async () => {
  await worker?.kill('SIGTERM');
  await t.close();
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (
  user: TestUser,
  url: string,
  body: Buffer,
  filename: string,
  contentType: string,
  query: Record<string, string> = {},
) => request(t.app).post(url).query(query).set(as(user)).attach('file', body, { filename, contentType });
const rows = async (sql: string, bind: unknown[]) =>
  (await t.sequelize.query(sql, { bind }))[0] as Record<string, unknown>[];

describe('contacts from csv', () => {
  it('imports the spec headers, reports failing rows with their file lines, and links an error file', async () => {
    const owner = await buildUser(t.app);
    const csv = [
      'First Name,Last Name,Email,Phone,Zip Code,Contact Type',
      'Léa,Moreau,lea@example.fr,0601020304,69001,client',
      ',,nobody@example.fr,,,',
      'Hugo,,not-an-email,,,',
      '',
      'Inès,Roux,ines@example.fr,,,',
    ].join('\r\n');
    const res = await upload(owner, '/api/import/contacts', Buffer.from(csv), 'contacts.csv', 'text/csv');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, skipped: 2, total: 4, totalRows: 4, created: 2, updated: 0 });
    expect(res.body.errors).toEqual([
      {
        line: 3,
        message: 'first_name or last_name is required',
        row: {
          'First Name': '',
          'Last Name': '',
          Email: 'nobody@example.fr',
          Phone: '',
          'Zip Code': '',
          'Contact Type': '',
        },
      },
      {
        line: 4,
        message: 'email is not a valid e-mail address',
        row: expect.objectContaining({ 'First Name': 'Hugo', Email: 'not-an-email' }),
      },
    ]);
    expect(res.body.mapping).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'email',
      Phone: 'phone_number',
      'Zip Code': 'zipcode',
      'Contact Type': 'contact_type',
    });
    const stored = await rows(
      'SELECT first_name, last_name, email, phone_number, zipcode, contact_type FROM contacts WHERE owner_id = $1 ORDER BY email',
      [owner.id],
    );
    expect(stored).toEqual([
      {
        first_name: 'Inès',
        last_name: 'Roux',
        email: 'ines@example.fr',
        phone_number: null,
        zipcode: null,
        contact_type: null,
      },
      {
        first_name: 'Léa',
        last_name: 'Moreau',
        email: 'lea@example.fr',
        phone_number: '0601020304',
        zipcode: '69001',
        contact_type: 'client',
      },
    ]);
    const events = await rows(
      "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'CONTACT_CREATED'",
      [owner.id],
    );
    expect(events[0].n).toBe(2);
    const errorFile = (await download(res.body.errorFile.url)).toString('utf8');
    expect(
      errorFile
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'First Name,Last Name,Email,Phone,Zip Code,Contact Type,Import error',
      ',,nobody@example.fr,,,,first_name or last_name is required',
      'Hugo,,not-an-email,,,,email is not a valid e-mail address',
    ]);
  });

  it('reads the third-party layout and a semicolon Windows-1252 file with accents', async () => {
    const owner = await buildUser(t.app);
    const thirdParty = [
      'Name,Given Name,Family Name,E-mail 1 - Value,E-mail 2 - Value,Phone 1 - Value,Address 1 - City',
      'Chloé Dubois,,,,chloe@example.fr,+33 6 00,Nantes',
    ].join('\n');
    const a = await upload(owner, '/api/import/contacts', Buffer.from(thirdParty), 'google.csv', 'text/csv');
    expect(a.status).toBe(200);
    expect(a.body.imported).toBe(1);
    const legacy = iconv.encode('Prénom;Nom;Ville\r\nFrançois;Lefèvre;Besançon\r\n', 'win1252');
    const b = await upload(owner, '/api/import/contacts', legacy, 'excel.csv', 'application/vnd.ms-excel', {
      mapping: JSON.stringify({ Prénom: 'first_name', Nom: 'last_name', Ville: 'city' }),
    });
    expect(b.status).toBe(200);
    expect(b.body.imported).toBe(1);
    const stored = await rows(
      'SELECT first_name, last_name, email, phone_number, city FROM contacts WHERE owner_id = $1 ORDER BY city',
      [owner.id],
    );
    expect(stored).toEqual([
      { first_name: 'François', last_name: 'Lefèvre', email: null, phone_number: null, city: 'Besançon' },
      { first_name: 'Chloé', last_name: 'Dubois', email: 'chloe@example.fr', phone_number: '+33 6 00', city: 'Nantes' },
    ]);
  });

  it('reads the language a contact reads from a Language column (en, English, fr-FR…); an empty cell follows the studio, an update keeps the stored one', async () => {
    const owner = await buildUser(t.app);
    const existing = await buildContact(t.app, owner, {
      first_name: 'Emily',
      last_name: 'Carter',
      email: 'emily@example.com',
      locale: 'en-US',
    });
    const csv = Buffer.from(
      'First Name,Last Name,Email,Language\nEmily,Carter,emily@example.com,\nJames,Reed,james@example.com,English\nLéa,Moreau,lea@example.fr,fr-FR\nAnna,Petit,anna@example.fr,\nHans,Bauer,hans@example.de,Deutsch\n',
    );
    const res = await upload(owner, '/api/import/contacts', csv, 'c.csv', 'text/csv', { updateExisting: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.mapping).toMatchObject({ Language: 'locale' });
    expect(res.body).toMatchObject({ created: 3, updated: 1, skipped: 1 });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ line: 6, message: 'locale must be fr-FR, en-US, fr-CA, en-GB, en-CA, en-AU or en-IE' }),
    ]);
    const stored = await rows('SELECT id, first_name, locale FROM contacts WHERE owner_id = $1 ORDER BY first_name', [
      owner.id,
    ]);
    expect(stored).toEqual([
      { id: expect.any(String), first_name: 'Anna', locale: null },
      { id: existing.id, first_name: 'Emily', locale: 'en-US' },
      { id: expect.any(String), first_name: 'James', locale: 'en-US' },
      { id: expect.any(String), first_name: 'Léa', locale: 'fr-FR' },
    ]);
  });

  it('updates matches with updateExisting, handles in-file duplicates, and a double submit imports once', async () => {
    const owner = await buildUser(t.app);
    const existing = await buildContact(t.app, owner, {
      first_name: 'Anna',
      last_name: 'Petit',
      email: 'anna@example.fr',
      city: 'Lyon',
    });
    const csv = Buffer.from(
      'first name,last name,email,city\nAnna,Petit,ANNA@example.fr,Paris\nMax,Blanc,max@example.fr,Lille\nMax,Blanc,max@example.fr,Arras\n',
    );
    const res = await upload(owner, '/api/import/contacts', csv, 'c.csv', 'text/csv', { updateExisting: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 3, created: 1, updated: 2, skipped: 0 });
    expect(res.body.warnings).toEqual([{ line: 4, message: 'Same record as line 3: this row updates it' }]);
    const again = await upload(owner, '/api/import/contacts', csv, 'c.csv', 'text/csv', { updateExisting: 'true' });
    expect(again.body).toEqual(
      res.body.errorFile ? { ...res.body, errorFile: { ...res.body.errorFile, url: expect.any(String) } } : res.body,
    );
    const stored = await rows('SELECT id, first_name, city FROM contacts WHERE owner_id = $1 ORDER BY first_name', [
      owner.id,
    ]);
    expect(stored).toEqual([
      { id: existing.id, first_name: 'Anna', city: 'Paris' },
      { id: expect.any(String), first_name: 'Max', city: 'Arras' },
    ]);
  });

  it('matches and deduplicates across the batches of a long file, in preview and import alike', async () => {
    const owner = await buildUser(t.app);
    // The file is read and written 1 000 rows at a time: these matches fall in its 2nd and 3rd batches.
    // Matched by name: it has no e-mail (a name never joins two different e-mails).
    const byName = await buildContact(t.app, owner, {
      first_name: 'P1700',
      last_name: 'N1700',
      email: null,
      city: 'Old',
    });
    const same = await buildContact(t.app, owner, {
      first_name: 'P2300',
      last_name: 'N2300',
      email: 'p2300@example.fr',
      city: 'Ville2300',
    });
    const lines = ['First Name,Last Name,Email,City'];
    for (let i = 0; i < 2500; i++)
      lines.push(i === 2399 ? 'Q,Dup,P0@example.fr,Lastcity' : `P${i},N${i},p${i}@example.fr,Ville${i}`);
    const csv = Buffer.from(lines.join('\n'));

    const preview = await upload(owner, '/api/import/contacts/preview', csv, 'long.csv', 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toEqual({ create: 2497, update: 3, skip: 0 });
    expect(preview.body.items.filter((i: { suggestedAction: string }) => i.suggestedAction === 'update')).toEqual([
      expect.objectContaining({
        line: 1702,
        existingContactId: byName.id,
        changes: { email: { from: null, to: 'p1700@example.fr' }, city: { from: 'Old', to: 'Ville1700' } },
      }),
      expect.objectContaining({ line: 2302, existingContactId: same.id, changes: {} }),
      expect.objectContaining({ line: 2401, reason: 'Same record as line 2: this row updates it' }),
    ]);

    const res = await upload(owner, '/api/import/contacts', csv, 'long.csv', 'text/csv', { updateExisting: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 2500, created: 2497, updated: 3, skipped: 0, errors: [] });
    expect(res.body.warnings).toEqual([{ line: 2401, message: 'Same record as line 2: this row updates it' }]);
    const stored = await rows(
      'SELECT count(*)::int AS n, count(DISTINCT lower(email))::int AS emails FROM contacts WHERE owner_id = $1',
      [owner.id],
    );
    expect(stored[0]).toEqual({ n: 2499, emails: 2499 });
    const picked = await rows(
      "SELECT id, first_name, last_name, email, city FROM contacts WHERE owner_id = $1 AND lower(email) IN ('p1700@example.fr', 'p2300@example.fr', 'p0@example.fr') ORDER BY lower(email)",
      [owner.id],
    );
    expect(picked).toEqual([
      { id: expect.any(String), first_name: 'Q', last_name: 'Dup', email: 'P0@example.fr', city: 'Lastcity' },
      { id: byName.id, first_name: 'P1700', last_name: 'N1700', email: 'p1700@example.fr', city: 'Ville1700' },
      { id: same.id, first_name: 'P2300', last_name: 'N2300', email: 'p2300@example.fr', city: 'Ville2300' },
    ]);
    expect(
      (
        await rows(
          "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'CONTACT_CREATED'",
          [owner.id],
        )
      )[0].n,
    ).toBe(2497 + 2);
  });

  it('previews without writing, with the diff of each update, then honours rowActions', async () => {
    const owner = await buildUser(t.app);
    const existing = await buildContact(t.app, owner, {
      first_name: 'Anna',
      last_name: 'Petit',
      email: 'anna@example.fr',
      city: 'Lyon',
    });
    const csv = Buffer.from(
      'First Name,Last Name,Email,City\nAnna,Petit,anna@example.fr,Paris\nNew,Person,new@example.fr,Lille\nSkip,Me,skip@example.fr,Caen\n',
    );
    const preview = await upload(owner, '/api/import/contacts/preview', csv, 'c.csv', 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toEqual({ create: 2, update: 1, skip: 0 });
    expect(preview.body.items[0]).toMatchObject({
      line: 2,
      firstName: 'Anna',
      lastName: 'Petit',
      suggestedAction: 'update',
      existingContactId: existing.id,
      changes: { city: { from: 'Lyon', to: 'Paris' } },
    });
    expect((await rows('SELECT count(*)::int AS n FROM contacts WHERE owner_id = $1', [owner.id]))[0].n).toBe(1);

    const res = await upload(owner, '/api/import/contacts', csv, 'c.csv', 'text/csv', {
      rowActions: JSON.stringify({ 2: 'update', 4: 'skip' }),
    });
    expect(res.body).toMatchObject({ imported: 2, skipped: 1, created: 1, updated: 1 });
    expect(
      await rows('SELECT first_name, city FROM contacts WHERE owner_id = $1 ORDER BY first_name', [owner.id]),
    ).toEqual([
      { first_name: 'Anna', city: 'Paris' },
      { first_name: 'New', city: 'Lille' },
    ]);
  });
});

describe('client companies from csv', () => {
  it('reads Company, SIREN and VAT number columns, normalized and checked as the contacts API checks them', async () => {
    const owner = await buildUser(t.app);
    const csv = [
      'Prénom;Nom;Société;SIREN;N° TVA;Pays',
      'Jérôme;Garnier;Atelier Garnier SAS;552 100 554;fr 96 552100554;France',
      'Anne;Roy;Roy Conseil;552100555;;',
      'Tom;Bright;Bright Ltd;01234567;GB123456789;United Kingdom',
    ].join('\n');
    const res = await upload(owner, '/api/import/contacts', Buffer.from(csv), 'companies.csv', 'text/csv').expect(200);
    expect(res.body).toMatchObject({
      imported: 2,
      errors: [{ line: 3, message: expect.stringMatching(/^siren A French SIREN is 9 digits/) }],
    });
    expect(
      await rows(
        'SELECT last_name, company_name, siren, vat_number FROM contacts WHERE owner_id = $1 ORDER BY last_name',
        [owner.id],
      ),
    ).toEqual([
      { last_name: 'Bright', company_name: 'Bright Ltd', siren: '01234567', vat_number: 'GB123456789' },
      { last_name: 'Garnier', company_name: 'Atelier Garnier SAS', siren: '552100554', vat_number: 'FR96552100554' },
    ]);
  });
});

describe('countries from csv', () => {
  it('stores a country typed by name (French or English, any case, aliases) or code as its ISO code; an unknown one is an error on its line naming country', async () => {
    const owner = await buildUser(t.app);
    const csv = [
      'First Name,Last Name,Country',
      'Ada,France,France',
      'Ben,Uk,Royaume-Uni',
      'Cai,Germany,germany',
      'Dee,Usa,USA',
      'Eve,Be,be',
      'Fay,Atlantis,Atlantis',
      'Gus,Angleterre,ANGLETERRE',
      'Hal,None,',
      'Ivy,Xx,XX',
    ].join('\n');
    const res = await upload(owner, '/api/import/contacts', Buffer.from(csv), 'countries.csv', 'text/csv').expect(200);
    expect(res.body).toMatchObject({ imported: 7, skipped: 2 });
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        line: 7,
        message: expect.stringMatching(/^country "Atlantis" is not a country: write its name in French or English/),
      }),
      expect.objectContaining({ line: 10, message: expect.stringMatching(/^country "XX" is not a country/) }),
    ]);
    expect(
      await rows('SELECT first_name, country FROM contacts WHERE owner_id = $1 ORDER BY first_name', [owner.id]),
    ).toEqual([
      { first_name: 'Ada', country: 'FR' },
      { first_name: 'Ben', country: 'GB' },
      { first_name: 'Cai', country: 'DE' },
      { first_name: 'Dee', country: 'US' },
      { first_name: 'Eve', country: 'BE' },
      { first_name: 'Gus', country: 'GB' },
      { first_name: 'Hal', country: null },
    ]);
    // The contacts api shows them with their names in the studio's language.
    const listed = (await request(t.app).get('/api/contacts').query({ q: 'Ben' }).set(as(owner)).expect(200)).body
      .items;
    expect(listed).toEqual([expect.objectContaining({ country: 'GB', country_name: 'Royaume-Uni' })]);
  });

  it("reads the third-party layout's Address 1 - Country the same way", async () => {
    const owner = await buildUser(t.app);
    const csv = ['First Name,Last Name,Address 1 - Country', 'Jo,March,United States', 'Lu,Void,Nowhere Land'].join(
      '\n',
    );
    const res = await upload(owner, '/api/import/contacts', Buffer.from(csv), 'google.csv', 'text/csv').expect(200);
    expect(res.body).toMatchObject({
      imported: 1,
      errors: [{ line: 3, message: expect.stringMatching(/^country "Nowhere Land" is not a country/) }],
    });
    expect(await rows('SELECT first_name, country FROM contacts WHERE owner_id = $1', [owner.id])).toEqual([
      { first_name: 'Jo', country: 'US' },
    ]);
  });
});

describe('sessions, quotes and invoices from spreadsheets', () => {
  it('imports sessions from an xlsx; a contact id of another studio is an error on its line', async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const mine = await buildContact(t.app, owner);
    const theirs = await buildContact(t.app, other);
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Sessions');
    ws.addRow(['Title', 'Location', 'Contact ID', 'Start Date', 'Status']);
    ws.addRow(['Mariage', 'Lyon', mine.id, new Date(Date.UTC(2026, 5, 20, 14, 30)), 'validated']);
    ws.addRow(['Portrait', 'Paris', theirs.id, new Date(Date.UTC(2026, 6, 1)), '']);
    const res = await upload(
      owner,
      '/api/import/sessions',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'sessions.xlsx',
      XLSX_TYPE,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1, skipped: 1 });
    expect(res.body.errors).toEqual([
      {
        line: 3,
        message: `contact_id ${theirs.id} is not one of your contacts`,
        row: expect.objectContaining({ Title: 'Portrait' }),
      },
    ]);
    const stored = await rows('SELECT title, status, start_date FROM sessions WHERE owner_id = $1', [owner.id]);
    // 14:30 in Paris (the fr-FR default zone) in June is 12:30 UTC.
    expect(stored).toEqual([{ title: 'Mariage', status: 'VALIDATED', start_date: new Date('2026-06-20T12:30:00Z') }]);
    expect(
      (
        await rows(
          "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'SESSION_CREATED'",
          [owner.id],
        )
      )[0].n,
    ).toBe(1);
  });

  it("carries each document's currency: the cell's, else the studio's; a currency no document can hold is that line's error", async () => {
    const owner = await buildUser(t.app);
    await request(t.app)
      .put('/api/users/me/company')
      .set(as(owner))
      .send({ company_name: 'Maple Light Studio', company_country: 'CA' })
      .expect(200);
    const contact = await buildContact(t.app, owner, { first_name: 'Avery', last_name: 'Tremblay' });
    const csv = [
      'Title,Amount,Status,Currency,Contact ID',
      `Wedding,1200,PAID,usd,${contact.id}`,
      `Portraits,300,,,${contact.id}`,
      `Tokyo shoot,50000,,JPY,${contact.id}`,
    ].join('\n');
    const res = await upload(owner, '/api/import/invoices', Buffer.from(csv), 'i.csv', 'text/csv').expect(200);
    expect(res.body).toMatchObject({
      imported: 2,
      errors: [{ line: 4, message: expect.stringContaining('JPY has 0 decimal places') }],
    });
    expect(
      await rows(
        `SELECT i.title, i.currency, p.currency AS paid_in FROM invoices i
         LEFT JOIN invoice_payments p ON p.invoice_id = i.id WHERE i.owner_id = $1 ORDER BY i.title`,
        [owner.id],
      ),
    ).toEqual([
      { title: 'Portraits', currency: 'CAD', paid_in: null },
      { title: 'Wedding', currency: 'USD', paid_in: 'USD' },
    ]);
  });

  it('reads the issued invoices of a previous tool as the migration does: ISSUED, numbered in file order, PAID with its payment; a stored invoice keeps its status', async () => {
    const owner = await buildUser(t.app);
    const contact = await buildContact(t.app, owner, { first_name: 'Léa', last_name: 'Moreau' });
    const csv = [
      'Title;Amount;Status;Due Date;Contact ID',
      `Ancienne facture A;120;SENT;2026-01-31;${contact.id}`,
      `Ancienne facture B;240;paid;2026-02-28;${contact.id}`,
      `Brouillon;60;;;${contact.id}`,
      `Ancienne facture C;80;OVERDUE;2026-03-31;${contact.id}`,
      `Annulée;10;CANCELLED;;${contact.id}`,
    ].join('\n');
    const res = await upload(owner, '/api/import/invoices', Buffer.from(csv), 'invoices.csv', 'text/csv').expect(200);
    expect(res.body).toMatchObject({
      imported: 4,
      skipped: 1,
      errors: [
        { line: 6, message: expect.stringContaining('status must be one of DRAFT, ISSUED, SENT, PAID, OVERDUE') },
      ],
    });
    expect(res.body.warnings.map((w: { line: number }) => w.line)).toEqual([2, 3, 5]);
    expect(res.body.warnings[1].message).toMatch(
      /PAID read as an issued invoice: ISSUED, numbered now .* payment of method other/,
    );
    const year = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
    const stored = await rows(
      'SELECT title, status, number, payment_status, amount_paid, balance_due FROM invoices WHERE owner_id = $1 ORDER BY title',
      [owner.id],
    );
    expect(stored).toEqual([
      {
        title: 'Ancienne facture A',
        status: 'ISSUED',
        number: `F-${year}-00001`,
        payment_status: 'UNPAID',
        amount_paid: '0.00',
        balance_due: '120.00',
      },
      {
        title: 'Ancienne facture B',
        status: 'ISSUED',
        number: `F-${year}-00002`,
        payment_status: 'PAID',
        amount_paid: '240.00',
        balance_due: '0.00',
      },
      {
        title: 'Ancienne facture C',
        status: 'ISSUED',
        number: `F-${year}-00003`,
        payment_status: 'UNPAID',
        amount_paid: '0.00',
        balance_due: '80.00',
      },
      {
        title: 'Brouillon',
        status: 'DRAFT',
        number: null,
        payment_status: 'UNPAID',
        amount_paid: '0.00',
        balance_due: '60.00',
      },
    ]);
    expect(
      await rows(
        `SELECT p.method, p.amount FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.owner_id = $1`,
        [owner.id],
      ),
    ).toEqual([{ method: 'other', amount: '240.00' }]);
    // The next issue continues the series.
    const draftId = (await rows(`SELECT id FROM invoices WHERE owner_id = $1 AND title = 'Brouillon'`, [owner.id]))[0]
      .id as string;
    // Again with updateExisting: the draft's amount follows the file, the issued invoices keep their status, an issued amount cannot change.
    const again = Buffer.from(
      [
        `Title;Amount;Status;Contact ID`,
        `Brouillon;75;PAID;${contact.id}`,
        `Ancienne facture A;999;;${contact.id}`,
      ].join('\n'),
    );
    const updated = await upload(owner, '/api/import/invoices', again, 'again.csv', 'text/csv', {
      updateExisting: 'true',
    }).expect(200);
    expect(updated.body).toMatchObject({ imported: 1, errors: [{ line: 3 }] });
    expect(updated.body.warnings).toEqual([{ line: 2, message: expect.stringMatching(/^status PAID ignored/) }]);
    expect(await rows('SELECT status, amount, balance_due FROM invoices WHERE id = $1', [draftId])).toEqual([
      { status: 'DRAFT', amount: '75.00', balance_due: '75.00' },
    ]);
    expect(
      await rows(`SELECT amount FROM invoices WHERE owner_id = $1 AND title = 'Ancienne facture A'`, [owner.id]),
    ).toEqual([{ amount: '120.00' }]);
  });

  it('imports quotes from an xls and invoices from a csv, updating by title', async () => {
    const owner = await buildUser(t.app);
    const contact = await buildContact(t.app, owner);
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Title', 'Amount', 'Status', 'Valid Until', 'Contact ID'],
      ['Devis mariage', '1 200,50', 'sent', '31/12/2026', contact.id],
      ['Devis vide', '', 'LOST', '', contact.id],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Quotes');
    const quotes = await upload(
      owner,
      '/api/import/quotes',
      XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer,
      'quotes.xls',
      'application/vnd.ms-excel',
    );
    expect(quotes.status).toBe(200);
    expect(quotes.body).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [{ line: 3, message: 'status must be one of PENDING, SENT, ACCEPTED, REJECTED' }],
    });
    expect(await rows('SELECT title, amount, status, valid_until FROM quotes WHERE owner_id = $1', [owner.id])).toEqual(
      [{ title: 'Devis mariage', amount: '1200.50', status: 'SENT', valid_until: '2026-12-31' }],
    );

    const invoices = Buffer.from(
      `title;amount;status;due date;contact id\nFacture 1;300;draft;2026-08-01;${contact.id}\n`,
    );
    await upload(owner, '/api/import/invoices', invoices, 'i.csv', 'text/csv').expect(200);
    const again = await upload(
      owner,
      '/api/import/invoices',
      Buffer.from(`Title;Amount;Status;Contact ID\nfacture 1;350;draft;${contact.id}\n`),
      'i.csv',
      'text/csv',
      { updateExisting: 'true' },
    );
    expect(again.body).toMatchObject({ imported: 1, updated: 1, created: 0 });
    expect(await rows('SELECT title, amount, status FROM invoices WHERE owner_id = $1', [owner.id])).toEqual([
      { title: 'facture 1', amount: '350.00', status: 'DRAFT' },
    ]); // matched case-insensitively, written as the file says
  });
});

describe('a file whose rows mostly fail', () => {
  it('lists the first 1 000 failing rows, counts them all, and puts every one in the error file; the preview likewise', async () => {
    const owner = await buildUser(t.app);
    const lines = ['First Name,Last Name,Email'];
    for (let i = 0; i < 1500; i++) lines.push(`Zoé${i},Martin,not-an-email-${i}`);
    lines.push('Hugo,Bernard,hugo@example.fr');
    const file = Buffer.from(`${lines.join('\n')}\n`);
    const res = await upload(owner, '/api/import/contacts', file, 'mostly-wrong.csv', 'text/csv');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 1,
      skipped: 1500,
      total: 1501,
      errorCount: 1500,
      errorsTruncated: true,
    });
    expect(res.body.errors).toHaveLength(1000);
    expect(res.body.errors[0]).toMatchObject({ line: 2, message: 'email is not a valid e-mail address' });
    expect(res.body.errors[999].line).toBe(1001);
    const errorFile = (await download(res.body.errorFile.url)).toString('utf8');
    expect(errorFile.trim().split(/\r?\n/)).toHaveLength(1 + 1500);

    const preview = await upload(owner, '/api/import/contacts/preview', file, 'mostly-wrong.csv', 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      itemsTruncated: true,
      summary: { create: 0, update: 1, skip: 1500 },
      totalRows: 1501,
    });
    // The update (the line a studio reviews most) is shown although it is the file's last line.
    expect(preview.body.items).toHaveLength(1000);
    expect(preview.body.items.at(-1)).toMatchObject({ line: 1502, suggestedAction: 'update' });
  }, 120_000);
});

describe('a csv whose quote is never closed', () => {
  it('reports that line as an error instead of importing the rest of the file as a name', async () => {
    const owner = await buildUser(t.app);
    const res = await upload(
      owner,
      '/api/import/contacts',
      Buffer.from(
        'First Name,Last Name,Email\nLéa,Moreau,lea@example.fr\n"Hugo,Bernard,hugo@example.fr\nInès,Roux,ines@example.fr\n',
      ),
      'quotes.csv',
      'text/csv',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [{ line: 3, message: expect.stringMatching(/^a quoted cell is never closed/) }],
    });
    expect(await rows('SELECT first_name FROM contacts WHERE owner_id = $1', [owner.id])).toEqual([
      { first_name: 'Léa' },
    ]);
  });
});

describe('refused uploads', () => {
  it('answers 413 above 10 MB, 415 for another type, 400 for empty, unrecognised, bad mappings and a zip bomb', async () => {
    const owner = await buildUser(t.app);
    expect(
      (await upload(owner, '/api/import/contacts', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'big.csv', 'text/csv'))
        .status,
    ).toBe(413);
    expect(
      (await upload(owner, '/api/import/contacts', Buffer.from('%PDF-1.7'), 'c.pdf', 'application/pdf')).status,
    ).toBe(415);
    expect((await upload(owner, '/api/import/contacts', Buffer.from('a,b'), 'c.xlsx', XLSX_TYPE)).status).toBe(415);
    const empty = await upload(owner, '/api/import/contacts', Buffer.from('First Name\r\n'), 'c.csv', 'text/csv');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file has a header row but no data rows');
    const unknown = await upload(owner, '/api/import/contacts', Buffer.from('Foo,Bar\n1,2\n'), 'c.csv', 'text/csv');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/No column of the file is recognised for contacts/);
    const mapping = await upload(owner, '/api/import/quotes', Buffer.from('A\n1\n'), 'q.csv', 'text/csv', {
      mapping: JSON.stringify({ A: 'price' }),
    });
    expect(mapping.status).toBe(400);
    expect(mapping.body.details).toMatchObject({ invalid_fields: ['price'] });
    const bomb = await upload(owner, '/api/import/contacts', zipBomb(64 * 1024 * 1024), 'c.xlsx', XLSX_TYPE);
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/archive bomb/);
  });
});

describe('a worker killed mid-import', () => {
  it('finishes the import after a restart with no duplicated and no missing row', async () => {
    const owner = await buildUser(t.app);
    const count = 30_000;
    // With updateExisting: the restarted attempt must still update these, and must not take the
    // contacts the killed attempt created for stored matches.
    const existing = new Map<number, string>();
    for (let i = 0; i < count; i += 1_000)
      existing.set(
        i,
        (
          await buildContact(t.app, owner, {
            first_name: `P${i}`,
            last_name: `Nom${i}`,
            email: `p${i}@example.fr`,
            city: 'Before',
          })
        ).id,
      );
    const lines = ['First Name,Last Name,Email,City'];
    for (let i = 0; i < count; i++) lines.push(`P${i},Nom${i},p${i}@example.fr,After`);
    // Read by the restarted attempt: the contact line 3 created is the same record, not a stored match.
    lines.push('P1,Nom1,p1@example.fr,After');
    const pending = upload(owner, '/api/import/contacts', Buffer.from(lines.join('\n')), 'big.csv', 'text/csv', {
      updateExisting: 'true',
    }).then((r) => r);
    const run = await eventually('some batches written', async () => {
      const written = await rows(
        'SELECT w.job_run_id, count(*)::int AS n FROM import_row_writes w JOIN job_runs r ON r.id = w.job_run_id WHERE r.user_id = $1 GROUP BY 1',
        [owner.id],
      );
      return written[0] && (written[0].n as number) > 0 && (written[0].n as number) < count ? written[0] : undefined;
    });
    await worker.kill('SIGKILL');
    worker = await startWorker();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: count + 1,
      created: count - existing.size,
      updated: existing.size + 1,
      skipped: 0,
    });
    expect(res.body.warnings).toEqual([{ line: count + 2, message: 'Same record as line 3: this row updates it' }]);
    const stored = await rows(
      "SELECT count(*)::int AS n, count(DISTINCT email)::int AS d, count(*) FILTER (WHERE city = 'After')::int AS after FROM contacts WHERE owner_id = $1",
      [owner.id],
    );
    expect(stored[0]).toEqual({ n: count, d: count, after: count });
    const kept = await rows('SELECT id FROM contacts WHERE owner_id = $1 AND id = ANY($2::uuid[])', [
      owner.id,
      [...existing.values()],
    ]);
    expect(kept).toHaveLength(existing.size);
    expect(
      (
        await rows(
          "SELECT count(*)::int AS n FROM outbox_events WHERE owner_id = $1 AND event_type = 'CONTACT_CREATED'",
          [owner.id],
        )
      )[0].n,
    ).toBe(count);
    expect((await rows('SELECT status FROM job_runs WHERE id = $1', [run.job_run_id]))[0].status).toBe('COMPLETED');
    // The restarted worker resumed after the committed batches rather than starting over.
    expect(fs.readFileSync(logFile, 'utf8')).toContain('resuming an import after a retry');
  }, 240_000);
});
