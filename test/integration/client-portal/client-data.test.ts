// Issue 31 §4, the client's data, through HTTP against the real stack: the client downloads
// everything the studio holds about them (a zip of JSON and the kept pdfs), and the studio erases
// a contact, which keeps the issued invoice (number, buyer, pdf) and removes the name everywhere else.
import crypto from 'node:crypto';
import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import { pdfTextOf } from '../../helpers/pdf-text';
import { findImportCandidates } from '../../../db/queries/import-matches';
import { createS3Client } from '../../../lib/s3';
import { buildBillableContact, buildContact, type ContactBody } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, type InvoiceBody } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { clientPortalToken } from '../../helpers/client-portal-token';
import { binaryBody } from '../../helpers/downloads';
import { sqlOn } from '../../helpers/sql';
import { objectExists, putObject } from '../../helpers/stored-objects';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { zipEntries } from '../../helpers/zip-entry';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
let s3: S3Client;
beforeAll(async () => {
  t = await startTestApp();
  s3 = createS3Client(t.config);
  worker = await startMainWorker('client-data');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  s3?.destroy();
  await t?.close();
});

const sql = sqlOn(() => t.sequelize);

/** Letters only, so a name stays a name (and ILIKE needs no escaping). */
const letters = (n: number) => Array.from(crypto.randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('');

const downloadData = (client: { token: string }) =>
  request(t.app).get('/api/client-accounts/me/data-export').set(as(client)).buffer(true).parse(binaryBody);

const json = (zip: Map<string, Buffer>, name: string) => JSON.parse(zip.get(name)!.toString('utf8'));

const storedPdf = (table: 'invoices' | 'credit_notes', id: string) =>
  eventually(
    `${table} ${id} pdf kept`,
    async () => {
      const [row] = await sql<{ pdf_key: string | null }>(`SELECT pdf_key FROM ${table} WHERE id = $1`, [id]);
      return row?.pdf_key ?? null;
    },
    120_000,
  );

/** A studio's questionnaire of two questions. */
async function questionnaire(studio: TestUser): Promise<{ id: string }> {
  const res = await request(t.app)
    .post('/api/session-info/templates')
    .set(as(studio))
    .send({
      name: 'Mariage',
      fields: [
        { field_key: 'venue', label: 'Lieu de la réception', field_type: 'TEXT', is_required: true },
        { field_key: 'guests', label: "Nombre d'invités", field_type: 'NUMBER' },
      ],
    })
    .expect(201);
  return res.body as { id: string };
}

/**
 * A client with everything issue 31 names: two sessions (one with its questionnaire answered through
 * the portal, one titled with the client's full name), a sent quote, an issued invoice with its kept
 * pdf, a credit note with its own, a payment, a legacy contact file in storage and a sent email's
 * tracking row. Names, email and phone are unique to this client.
 */
async function clientWithEverything() {
  const studio = await buildUser(t.app);
  const lastName = `Quenneville${letters(8)}`;
  const contact = await buildBillableContact(t.app, studio, {
    first_name: 'Zélie',
    last_name: lastName,
    email: `zelie.${lastName.toLowerCase()}@example.fr`,
    phone_number: `+33 6 ${digits(8)}`,
    notes: 'Allergique au pollen',
  });
  const template = await questionnaire(studio);
  const wedding = await buildSession(t.app, studio, {
    title: 'Mariage au château',
    contact_id: contact.id,
    session_info_template_id: template.id,
  });
  const portrait = await buildSession(t.app, studio, {
    title: `Portrait de Zélie ${lastName}`,
    contact_id: contact.id,
  });
  const client = await clientPortalToken(t, contact.id, wedding.id);
  await request(t.app)
    .put(`/api/client-accounts/me/sessions/${wedding.id}/client-info`)
    .set(as(client))
    .send({ responses: { venue: 'Château de Vaux', guests: 120 } })
    .expect(200);
  const quote = await buildQuote(t.app, studio, { contact_id: contact.id, status: 'SENT' });
  const invoice: InvoiceBody = await buildInvoice(t.app, studio, { contact_id: contact.id, issued: true });
  const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id, amount: '50.00' });
  await request(t.app)
    .post(`/api/invoices/${invoice.id}/payments`)
    .set(as(studio))
    .send({ amount: '100.00', method: 'bank_transfer' })
    .expect(201);
  const draft = await buildInvoice(t.app, studio, { contact_id: contact.id, title: 'Tirages' });
  // The payment's receipt (issue 31 §3): its pdf made and mailed to the client by the worker.
  await eventually('the receipt pdf and email', async () => {
    const [receipt] = await sql<{ pdf_key: string | null; emailed_to: string | null }>(
      'SELECT pdf_key, emailed_to FROM payment_receipts WHERE invoice_id = $1',
      [invoice.id],
    );
    return receipt?.pdf_key && receipt.emailed_to ? receipt : undefined;
  });
  const invoicePdf = await storedPdf('invoices', invoice.id);
  const notePdf = await storedPdf('credit_notes', note.id);
  // A legacy contact file (its name is the client's) and the tracking row of an email sent to them.
  const fileKey = `contact-files/${studio.id}/${contact.id}/passeport-${lastName}.pdf`;
  await putObject(s3, t.config.S3_BUCKET, fileKey, '%PDF-1.4 passport');
  await sql('INSERT INTO contact_files (contact_id, file_name, key) VALUES ($1, $2, $3)', [
    contact.id,
    `passeport-${lastName}.pdf`,
    fileKey,
  ]);
  await sql(
    `INSERT INTO email_tracking (owner_id, entity_type, entity_id, recipient, subject, status, sent_at)
     VALUES ($1, 'QUOTE', $2, $3, $4, 'SENT', now())`,
    [studio.id, quote.id, contact.email, `Votre devis, Zélie ${lastName}`],
  );
  return {
    studio,
    contact,
    lastName,
    wedding,
    portrait,
    client,
    quote,
    invoice,
    draft,
    note,
    invoicePdf,
    notePdf,
    fileKey,
  };
}

let scene: Awaited<ReturnType<typeof clientWithEverything>>;
beforeAll(async () => {
  scene = await clientWithEverything();
}, 300_000);

describe('the data download (GET /api/client-accounts/me/data-export)', () => {
  it('is a zip of the JSON files and the kept pdfs, with a README naming the studio and the date', async () => {
    const res = await downloadData(scene.client).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''.+-data-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const zip = await zipEntries(res.body as Buffer);
    const { invoice, note, quote, contact } = scene;
    expect([...zip.keys()].sort()).toEqual(
      [
        'README.txt',
        'contact.json',
        'credit-notes.json',
        'invoices.json',
        'payments.json',
        `pdfs/credit-notes/${note.number}.pdf`,
        `pdfs/invoices/${invoice.number}.pdf`,
        `pdfs/receipts/${invoice.number}-R1.pdf`,
        'quotes.json',
        'receipts.json',
        'sessions.json',
        'signatures.json',
      ].sort(),
    );

    expect(json(zip, 'contact.json')).toMatchObject({
      id: contact.id,
      first_name: 'Zélie',
      last_name: scene.lastName,
      email: contact.email,
      phone_number: contact.phone_number,
      street: '27 quai Saint-Antoine',
      notes: 'Allergique au pollen',
    });
    const sessions = json(zip, 'sessions.json') as { id: string; questionnaire: unknown; role: string }[];
    expect(sessions.map((s) => s.id).sort()).toEqual([scene.wedding.id, scene.portrait.id].sort());
    expect(sessions.find((s) => s.id === scene.wedding.id)).toMatchObject({
      role: 'client',
      questionnaire: {
        name: 'Mariage',
        questions: [
          { field_key: 'venue', label: 'Lieu de la réception', answer: 'Château de Vaux' },
          { field_key: 'guests', label: "Nombre d'invités", answer: 120 },
        ],
        submitted_via: 'CLIENT_PORTAL',
      },
    });
    expect(sessions.find((s) => s.id === scene.portrait.id)).toMatchObject({ questionnaire: null });
    expect(json(zip, 'quotes.json')).toEqual([
      expect.objectContaining({ id: quote.id, number: quote.number, status: 'SENT', items: [expect.any(Object)] }),
    ]);
    expect(json(zip, 'invoices.json')).toEqual([
      expect.objectContaining({
        id: invoice.id,
        number: invoice.number,
        buyer: expect.objectContaining({ name: `Zélie ${scene.lastName}` }),
        items: [expect.objectContaining({ description: 'Séance' })],
      }),
    ]);
    expect(json(zip, 'credit-notes.json')).toEqual([
      expect.objectContaining({ id: note.id, number: note.number, invoice_number: invoice.number, amount: '50.00' }),
    ]);
    expect(json(zip, 'payments.json')).toEqual([
      expect.objectContaining({ invoice_id: invoice.id, amount: '100.00', method: 'bank_transfer', kind: 'payment' }),
    ]);

    const invoicePdf = zip.get(`pdfs/invoices/${invoice.number}.pdf`)!;
    expect(invoicePdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdfTextOf(invoicePdf)).toContain(invoice.number);
    const notePdf = zip.get(`pdfs/credit-notes/${note.number}.pdf`)!;
    expect(notePdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdfTextOf(notePdf)).toContain(note.number);

    // The contact reads French (the studio's language): its README too.
    const readme = zip.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Vos données chez Studio Lumière SARL');
    expect(readme).toMatch(/Archive créée le \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(readme).toContain('Aucun fichier manquant.');
    expect(readme).toContain(scene.studio.email);
  });

  it("another client's token sees only its own data; no token is a 401", async () => {
    const neighbour = await buildContact(t.app, scene.studio, { first_name: 'Paul' });
    const session = await buildSession(t.app, scene.studio, { title: 'Portrait', contact_id: neighbour.id });
    const theirs = await clientPortalToken(t, neighbour.id, session.id);
    const zip = await zipEntries((await downloadData(theirs).expect(200)).body as Buffer);
    expect(json(zip, 'contact.json')).toMatchObject({ id: neighbour.id, first_name: 'Paul' });
    expect((json(zip, 'sessions.json') as { id: string }[]).map((s) => s.id)).toEqual([session.id]);
    for (const name of ['quotes.json', 'invoices.json', 'credit-notes.json', 'payments.json'])
      expect(json(zip, name)).toEqual([]);
    expect([...zip.keys()].filter((k) => k.startsWith('pdfs/'))).toEqual([]);
    const text = [...zip.values()].map((b) => b.toString('utf8')).join('\n');
    expect(text).not.toContain(scene.lastName);

    await request(t.app).get('/api/client-accounts/me/data-export').expect(401);
    // A studio user's token is no client token.
    await request(t.app).get('/api/client-accounts/me/data-export').set(as(scene.studio)).expect(401);
  });

  it('is limited per client account (RATE_LIMIT_CLIENT_DATA), on the API and the portal page alike', async () => {
    const limited = t.appWith({ RATE_LIMIT_CLIENT_DATA: '2/3600' });
    const someone = await buildContact(t.app, scene.studio, { first_name: 'Inès' });
    const session = await buildSession(t.app, scene.studio, { title: 'Portrait', contact_id: someone.id });
    const theirs = await clientPortalToken(t, someone.id, session.id);
    const viaApi = () =>
      request(limited).get('/api/client-accounts/me/data-export').set(as(theirs)).buffer(true).parse(binaryBody);
    await viaApi().expect(200);
    // The portal page counts against the same allowance (its cookie holds the same client token).
    const page = await request(limited).get('/portal/data-export').set('Cookie', `studio_client=${theirs.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('application/zip');
    const refused = await viaApi();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const refusedPage = await request(limited)
      .get('/portal/data-export')
      .set('Cookie', `studio_client=${theirs.token}`);
    expect(refusedPage.status).toBe(429);
    expect(refusedPage.headers['content-type']).toMatch(/^text\/html/);
    expect(refusedPage.text).toMatch(/Trop de demandes|Too many requests/);
    // Another client of the studio is not held back.
    await request(limited)
      .get('/api/client-accounts/me/data-export')
      .set(as(scene.client))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
  });

  it('leaves out a pdf whose object is gone from storage, and says so in README.txt (never a 500)', async () => {
    await s3.send(new DeleteObjectCommand({ Bucket: t.config.S3_BUCKET, Key: scene.notePdf }));
    const res = await downloadData(scene.client).expect(200);
    const zip = await zipEntries(res.body as Buffer);
    expect(zip.has(`pdfs/credit-notes/${scene.note.number}.pdf`)).toBe(false);
    expect(zip.has(`pdfs/invoices/${scene.invoice.number}.pdf`)).toBe(true);
    expect(zip.get('README.txt')!.toString('utf8')).toContain(
      `- credit note ${scene.note.number}: son pdf est introuvable dans le stockage`,
    );
  });
});

describe('erasing a contact (POST /api/contacts/:id/erase)', () => {
  let erased: request.Response;
  beforeAll(async () => {
    erased = await request(t.app)
      .post(`/api/contacts/${scene.contact.id}/erase`)
      .set(as(scene.studio))
      .send({ reason: `Demande de ${scene.contact.email as string} du 27/11` });
  });

  it('answers what was anonymised and what the law keeps, until when', () => {
    expect(erased.status).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(erased.body).toMatchObject({
      contact_id: scene.contact.id,
      erased_at: expect.any(String),
      removed: {
        contact_fields: expect.arrayContaining(['first_name', 'last_name', 'email', 'phone_number', 'street', 'notes']),
        client_accounts: 1,
        magic_links: 1,
        questionnaire_answers: 1,
        session_links: 0,
        files: 1,
        copies: expect.objectContaining({ outbox_events: expect.any(Number), email_tracking: 1 }),
        free_text: { sessions: 1, draft_documents: 0 },
      },
      kept: {
        issued_invoices: { count: 1, numbers: [scene.invoice.number] },
        credit_notes: { count: 1, numbers: [scene.note.number] },
        payments: 1,
        quote_signatures: 0,
        documents_pointing_at_contact: { draft_invoices: 1, quotes: 1 },
        retention: { country: 'FR', years: 10, until: `${year + 11}-12-31` },
      },
      files_left_in_storage: 0,
      review: expect.stringContaining('free text'),
    });
  });

  it("leaves the contact's name, email and phone only in the issued invoice's buyer copy", async () => {
    const needles = [scene.lastName, scene.contact.email as string, scene.contact.phone_number as string];
    const patterns = needles.map((n) => `%${n}%`);
    const tables = await sql<{ name: string }>(
      `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    expect(tables.length).toBeGreaterThan(40);
    const hits: { table: string; id: string | null }[] = [];
    for (const { name } of tables) {
      const rows = await sql<{ id: string | null }>(
        `SELECT to_jsonb(t) ->> 'id' AS id FROM "${name}" t WHERE t::text ILIKE ANY($1::text[])`,
        [patterns],
      );
      hits.push(...rows.map((r) => ({ table: name, id: r.id })));
    }
    // Legally kept (docs/data-retention.md): the issued invoice, and there only its `buyer`, the
    // client as the invoice was issued to it. Credit notes and payments hold no copy of the client.
    expect(hits).toEqual([{ table: 'invoices', id: scene.invoice.id }]);
    const [withoutBuyer] = await sql<{ rest: string }>(
      `SELECT (to_jsonb(i) - 'buyer')::text AS rest FROM invoices i WHERE id = $1`,
      [scene.invoice.id],
    );
    for (const n of needles) expect(withoutBuyer.rest.toLowerCase()).not.toContain(n.toLowerCase());
    // The file is gone from storage as well.
    expect(await objectExists(s3, t.config.S3_BUCKET, scene.fileKey)).toBe(false);
  });

  it('keeps the invoice, its number, buyer and pdf, the credit note and the payment', async () => {
    const [invoice] = await sql<{ number: string; status: string; pdf_key: string; buyer: { name: string } }>(
      'SELECT number, status, pdf_key, buyer FROM invoices WHERE id = $1',
      [scene.invoice.id],
    );
    expect(invoice).toEqual({
      number: scene.invoice.number,
      status: 'ISSUED',
      pdf_key: scene.invoicePdf,
      buyer: expect.objectContaining({ name: `Zélie ${scene.lastName}`, email: scene.contact.email }),
    });
    expect(await objectExists(s3, t.config.S3_BUCKET, scene.invoicePdf)).toBe(true);
    const read = await request(t.app).get(`/api/invoices/${scene.invoice.id}`).set(as(scene.studio)).expect(200);
    expect(read.body).toMatchObject({ number: scene.invoice.number, contact_id: scene.contact.id });
    const notes = await sql('SELECT id FROM credit_notes WHERE invoice_id = $1', [scene.invoice.id]);
    const payments = await sql('SELECT id FROM invoice_payments WHERE invoice_id = $1', [scene.invoice.id]);
    expect([notes.length, payments.length]).toEqual([1, 1]);
  });

  it('clears the answers, closes the portal (401) and shows the contact as erased, out of the list', async () => {
    const answers = await request(t.app)
      .get(`/api/sessions/${scene.wedding.id}/client-info`)
      .set(as(scene.studio))
      .expect(200);
    expect(answers.body.responses).toEqual({});
    await request(t.app).get('/api/client-accounts/me/sessions').set(as(scene.client)).expect(401);
    await downloadData(scene.client).expect(401);

    const contact = await request(t.app).get(`/api/contacts/${scene.contact.id}`).set(as(scene.studio)).expect(200);
    expect(contact.body).toMatchObject({
      first_name: 'Erased',
      last_name: null,
      email: null,
      phone_number: null,
      street: null,
      notes: null,
      erased_at: erased.body.erased_at,
    });
    const list = await request(t.app).get('/api/contacts').set(as(scene.studio)).expect(200);
    expect(list.body.items.map((c: ContactBody) => c.id)).not.toContain(scene.contact.id);
    const portrait = await request(t.app).get(`/api/sessions/${scene.portrait.id}`).set(as(scene.studio)).expect(200);
    expect(portrait.body.title).toBe('Portrait de [erased]');
  });

  it('an erased contact cannot be used again: 409 contact_erased', async () => {
    const refused = async (res: request.Test) => {
      const answer = await res;
      expect([answer.status, answer.body.code]).toEqual([409, 'contact_erased']);
    };
    const { studio, contact } = scene;
    await refused(
      request(t.app)
        .post('/api/quotes')
        .set(as(studio))
        .send({ title: 'Nouveau devis', contact_id: contact.id, items: [] }),
    );
    await refused(
      request(t.app)
        .post('/api/invoices')
        .set(as(studio))
        .send({ title: 'Nouvelle facture', contact_id: contact.id, items: [] }),
    );
    await refused(
      request(t.app).post('/api/sessions').set(as(studio)).send({ title: 'Séance', contact_id: contact.id }),
    );
    const other = await buildSession(t.app, studio, { title: 'Autre séance' });
    await refused(
      request(t.app).post(`/api/sessions/${other.id}/contacts`).set(as(studio)).send({ contact_id: contact.id }),
    );
    await refused(request(t.app).put(`/api/contacts/${contact.id}`).set(as(studio)).send({ first_name: 'Zélie' }));
    await refused(
      request(t.app)
        .post(`/api/quotes/${scene.quote.id}/send-email`)
        .set(as(studio))
        .send({ to: ['someone@example.fr'] }),
    );
    await refused(request(t.app).post(`/api/contacts/${contact.id}/erase`).set(as(studio)).send({}));
    await refused(request(t.app).post(`/api/invoices/${scene.draft.id}/issue`).set(as(studio)));
    await refused(request(t.app).post(`/api/quotes/${scene.quote.id}/invoice`).set(as(studio)));
    await refused(
      request(t.app).post(`/api/sessions/${scene.wedding.id}/send-session-info-invite`).set(as(studio)).send({}),
    );
    // The ledger of its issued invoice stays complete: a payment is still recorded.
    await request(t.app)
      .post(`/api/invoices/${scene.invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '10.00', method: 'cash' })
      .expect(201);
    // Its sessions keep their client: a change of title still saves.
    await request(t.app)
      .put(`/api/sessions/${scene.wedding.id}`)
      .set(as(studio))
      .send({ title: 'Mariage', contact_id: contact.id })
      .expect(200);
  });

  it('is in the audit log without the erased values', async () => {
    const [row] = await sql<{ actor_id: string; metadata: Record<string, unknown> }>(
      `SELECT actor_id, metadata FROM audit_logs WHERE action = 'ERASE' AND entity_type = 'CONTACT' AND entity_id = $1`,
      [scene.contact.id],
    );
    expect(row.actor_id).toBe(scene.studio.id);
    expect(row.metadata).toMatchObject({
      removed: { client_accounts: 1, questionnaire_answers: 1, files: 1, contact_fields: expect.any(Array) },
      kept: { issued_invoices: 1, credit_notes: 1, payments: 1, country: 'FR' },
      reason: 'Demande de [erased] du 27/11',
    });
    const text = JSON.stringify(row.metadata).toLowerCase();
    for (const value of [scene.lastName, scene.contact.email as string, scene.contact.phone_number as string, 'zélie'])
      expect(text).not.toContain(value.toLowerCase());
  });
});

describe('erasure, the edges', () => {
  it('erasing one of two contacts with the same name leaves the other intact (and matchable by an import)', async () => {
    const studio = await buildUser(t.app);
    const twin = { first_name: 'Élodie', last_name: `Martin${letters(6)}` };
    const gone = await buildContact(t.app, studio, { ...twin, email: `gone-${letters(6)}@example.fr` });
    const kept = await buildContact(t.app, studio, { ...twin, email: `kept-${letters(6)}@example.fr` });
    const keptSession = await buildSession(t.app, studio, { title: 'Séance', contact_id: kept.id });
    const keptClient = await clientPortalToken(t, kept.id, keptSession.id);
    const goneSession = await buildSession(t.app, studio, { title: 'Séance', contact_id: gone.id });
    await request(t.app).post(`/api/sessions/${goneSession.id}/contacts`).set(as(studio)).send({ contact_id: kept.id });

    await request(t.app).post(`/api/contacts/${gone.id}/erase`).set(as(studio)).send({}).expect(200);

    const read = await request(t.app).get(`/api/contacts/${kept.id}`).set(as(studio)).expect(200);
    expect(read.body).toMatchObject({ ...twin, email: kept.email, erased_at: null });
    const [event] = await sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM outbox_events WHERE event_type = 'CONTACT_CREATED' AND entity_id = $1`,
      [kept.id],
    );
    expect(event.payload).toMatchObject({ ...twin, email: kept.email });
    await request(t.app).get('/api/client-accounts/me/sessions').set(as(keptClient)).expect(200);
    const attached = await request(t.app).get(`/api/sessions/${goneSession.id}/contacts`).set(as(studio)).expect(200);
    expect(JSON.stringify(attached.body)).toContain(kept.id);
    const list = await request(t.app).get('/api/contacts').set(as(studio)).expect(200);
    expect(list.body.items.map((c: ContactBody) => c.id)).toEqual([kept.id]);

    const candidates = await findImportCandidates(t.sequelize, 'contacts', studio.id, {
      emails: [String(gone.email).toLowerCase()],
      firstNames: ['élodie', 'erased'],
      lastNames: [twin.last_name.toLowerCase(), ''],
      titles: [],
    });
    expect(candidates.map((c) => c.id)).toEqual([kept.id]);
  });

  it("another studio's contact is a 404, a bad id or reason a 400; nothing is erased", async () => {
    const stranger = await buildUser(t.app);
    const theirs = await buildContact(t.app, stranger);
    const mine = await buildUser(t.app);
    const res = await request(t.app).post(`/api/contacts/${theirs.id}/erase`).set(as(mine)).send({});
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    await request(t.app).post('/api/contacts/not-a-uuid/erase').set(as(mine)).send({}).expect(400);
    await request(t.app)
      .post(`/api/contacts/${theirs.id}/erase`)
      .set(as(stranger))
      .send({ reason: 'x'.repeat(501) })
      .expect(400);
    await request(t.app).post(`/api/contacts/${theirs.id}/erase`).expect(401);
    const read = await request(t.app).get(`/api/contacts/${theirs.id}`).set(as(stranger)).expect(200);
    expect(read.body.erased_at).toBeNull();
  });
});
