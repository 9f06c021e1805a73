// Issue 20 §3 and §4, documents: an issued invoice's pdf is rendered once at issue and kept (its
// SHA-256 recorded); later downloads serve that exact file, whatever was paid since. Credit
// notes have their own pdf (kept the same way) and docx, naming the invoice they correct.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice } from '../../factories/invoices';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { zipEntryText } from '../../helpers/zip-entry';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { sqlOn } from '../../helpers/sql';
import { mailAttachment, mailsTo } from '../../helpers/mail';
import { pdfTextOf } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  other = await buildUser(t.app);
  worker = await startMainWorker('issued-documents');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const sql = sqlOn(() => t.sequelize);
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const inTempDir = <T>(name: string, bytes: Buffer, read: (file: string) => T | Promise<T>): Promise<T> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'issued-doc-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return Promise.resolve(read(file)).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
};
const docxText = (bytes: Buffer) =>
  inTempDir('doc.docx', bytes, async (file) =>
    (await zipEntryText(file, 'word/document.xml')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  );
const storedPdf = (table: 'invoices' | 'credit_notes', id: string) =>
  eventually(
    `${table} ${id} pdf recorded`,
    async () => {
      const [row] = await sql<{ pdf_key: string | null; pdf_sha256: string | null }>(
        `SELECT pdf_key, pdf_sha256 FROM ${table} WHERE id = $1`,
        [id],
      );
      return row?.pdf_key && row.pdf_sha256 ? { key: row.pdf_key, sha256: row.pdf_sha256 } : null;
    },
    90_000,
  );

describe('the issued invoice pdf, rendered once and kept', () => {
  it('is stored at issue with its SHA-256; downloads serve that exact file, before and after a payment; its key never changes', async () => {
    const invoice = await buildInvoice(t.app, studio, { issued: true });
    expect(invoice.number).toMatch(/^F-\d{4}-\d{5}$/);
    const stored = await storedPdf('invoices', invoice.id);
    expect(stored.key).toMatch(
      new RegExp(`^pdfs/invoices/${studio.id}/${invoice.id}/facture-${invoice.number}-[0-9a-f]{16}\\.pdf$`),
    );

    const first = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio)).expect(200);
    expect(first.body).toMatchObject({
      key: stored.key,
      sha256: stored.sha256,
      filename: `facture-${invoice.number}.pdf`,
    });
    const bytes = await download(first.body.url);
    expect(sha256(bytes)).toBe(stored.sha256);
    expect(pdfTextOf(bytes)).toContain(`Facture N° ${invoice.number}`);

    // A payment changes updated_at (and what is due): the kept file is still the one served.
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: 100, method: 'bank_transfer' })
      .expect(201);
    for (const url of [
      `/api/invoices/${invoice.id}/pdf`,
      `/api/invoices/${invoice.id}/export?format=pdf`,
      `/api/invoices/${invoice.id}/export`,
    ]) {
      const again = await request(t.app).get(url).set(as(studio)).expect(200);
      expect(again.body).toMatchObject({ key: stored.key, sha256: stored.sha256 });
      expect(sha256(await download(again.body.url))).toBe(stored.sha256);
    }
    // One render: the job of the issue.
    const runs = await sql<{ workflow_id: string }>(
      `SELECT workflow_id FROM job_runs WHERE job_name = 'billing.pdf' AND entity_id = $1`,
      [invoice.id],
    );
    expect(runs.map((r) => r.workflow_id)).toEqual([`document-pdf:invoice_${invoice.id}_issued`]);

    // The database refuses any change of the kept file, whatever the code path.
    await expect(
      t.sequelize.query(`UPDATE invoices SET pdf_key = 'pdfs/invoices/other.pdf' WHERE id = $1`, {
        bind: [invoice.id],
      }),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      t.sequelize.query(`UPDATE invoices SET pdf_sha256 = repeat('0', 64) WHERE id = $1`, { bind: [invoice.id] }),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      t.sequelize.query(`UPDATE invoices SET pdf_key = NULL, pdf_sha256 = NULL WHERE id = $1`, { bind: [invoice.id] }),
    ).rejects.toThrow(/cannot be changed/);
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(other))).status).toBe(404);
  }, 180_000);

  it('shows a company client by its name, the person, its SIREN and VAT number, as copied at issue', async () => {
    const client = await buildBillableContact(t.app, studio, {
      company_name: 'Atelier Garnier SAS',
      siren: '552 100 554',
      vat_number: 'fr 96 552100554',
      contact_type: 'COMPANY',
    });
    const invoice = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    expect(invoice.buyer).toMatchObject({
      company_name: 'Atelier Garnier SAS',
      siren: '552100554',
      vat_number: 'FR96552100554',
    });
    const stored = await storedPdf('invoices', invoice.id);
    const first = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio)).expect(200);
    expect(first.body.key).toBe(stored.key);
    const text = pdfTextOf(await download(first.body.url)).replace(/\s+/g, ' ');
    for (const expected of ['Atelier Garnier SAS', 'Chloé Dubois', 'SIREN 552100554', 'N° TVA FR96552100554'])
      expect(text).toContain(expected);
    // A later edit of the contact leaves the issued invoice as it was.
    await request(t.app)
      .patch(`/api/contacts/${client.id}`)
      .set(as(studio))
      .send({ company_name: 'Autre nom' })
      .expect(200);
    expect(
      (await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio)).expect(200)).body.buyer.company_name,
    ).toBe('Atelier Garnier SAS');
  });

  it('is the file the session-scoped route answers too', async () => {
    const session = await buildSession(t.app, studio, { title: 'Séance famille' });
    const invoice = await buildInvoice(t.app, studio, { issued: true, session_id: session.id });
    const stored = await storedPdf('invoices', invoice.id);
    const scoped = await request(t.app)
      .get(`/api/sessions/${session.id}/quotes-invoices/invoices/${invoice.id}/pdf`)
      .set(as(studio))
      .expect(200);
    expect(scoped.body).toMatchObject({ key: stored.key, sha256: stored.sha256 });
  }, 180_000);

  it('a download right after the issue waits for the issue-time render and answers the file it kept', async () => {
    const invoice = await buildInvoice(t.app, studio, { issued: true });
    const res = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio)).expect(200);
    const stored = await storedPdf('invoices', invoice.id);
    expect(res.body).toMatchObject({ key: stored.key, sha256: stored.sha256 });
    expect(sha256(await download(res.body.url))).toBe(stored.sha256);
  }, 180_000);
});

describe('the issued invoice pdf sent by email', () => {
  it('attaches the kept file itself: the bytes whose SHA-256 is recorded', async () => {
    const address = `kept-${crypto.randomUUID()}@example.test`;
    const contact = await buildBillableContact(t.app, studio, { email: address });
    const draft = await buildInvoice(t.app, studio, { profile: true, contact_id: contact.id });
    await request(t.app).post(`/api/invoices/${draft.id}/send-email`).set(as(studio)).send({}).expect(202);
    const mail = await eventually('the mail', async () => (await mailsTo(address))[0], 90_000);
    const stored = await storedPdf('invoices', draft.id);
    const attached = await mailAttachment(mail);
    expect(sha256(attached)).toBe(stored.sha256);
    const link = await request(t.app).get(`/api/invoices/${draft.id}/pdf`).set(as(studio)).expect(200);
    expect(link.body.key).toBe(stored.key);
  }, 180_000);
});

describe('credit note documents', () => {
  it('pdf (kept once) and docx name the credit note, the invoice it corrects and the reason; another studio gets 404', async () => {
    const invoice = await buildInvoice(t.app, studio, { issued: true, price: '500.00' });
    const note = await buildCreditNote(t.app, studio, {
      invoice_id: invoice.id,
      reason: 'Album jamais livré',
      amount: 120,
    });
    expect(note.number).toMatch(/^AV-\d{4}-\d{5}$/);
    const stored = await storedPdf('credit_notes', note.id);
    expect(stored.key.startsWith(`pdfs/credit-notes/${studio.id}/${note.id}/`)).toBe(true);

    const pdf = await request(t.app).get(`/api/credit-notes/${note.id}/pdf`).set(as(studio)).expect(200);
    expect(pdf.body).toMatchObject({
      key: stored.key,
      sha256: stored.sha256,
      filename: `avoir-${note.number}.pdf`,
    });
    const bytes = await download(pdf.body.url);
    expect(sha256(bytes)).toBe(stored.sha256);
    const text = pdfTextOf(bytes).replace(/\s+/g, ' ');
    for (const expected of [
      `Avoir N° ${note.number}`,
      `Avoir sur la facture ${invoice.number} du`,
      'Album jamais livré',
      'Studio Lumière SARL',
      'Chloé Dubois',
      'Récapitulatif TVA',
    ])
      expect(text).toContain(expected);
    // 120.00 with tax at 20 %: 100.00 + 20.00.
    expect(text).toMatch(/20 % 100,00 € 20,00 €/);
    expect(text).toMatch(/Total TTC 120,00 €/);
    const viaExport = await request(t.app)
      .get(`/api/credit-notes/${note.id}/export?format=pdf`)
      .set(as(studio))
      .expect(200);
    expect(viaExport.body.key).toBe(stored.key);

    const docx = await request(t.app)
      .get(`/api/credit-notes/${note.id}/export?format=docx`)
      .set(as(studio))
      .expect(200);
    expect(docx.body.filename).toBe(`avoir-${note.number}.docx`);
    const words = await docxText(await download(docx.body.url));
    for (const expected of [
      `Avoir N° ${note.number}`,
      `Avoir sur la facture ${invoice.number} du`,
      'Album jamais livré',
      'Total TTC',
    ])
      expect(words).toContain(expected);

    for (const url of [
      `/api/credit-notes/${note.id}/pdf`,
      `/api/credit-notes/${note.id}/export?format=pdf`,
      `/api/credit-notes/${note.id}/export?format=docx`,
    ]) {
      expect((await request(t.app).get(url).set(as(other))).status).toBe(404);
    }
    await expect(
      t.sequelize.query(`UPDATE credit_notes SET pdf_key = 'x' WHERE id = $1`, { bind: [note.id] }),
    ).rejects.toThrow(/never changed/);
  }, 180_000);

  it('lists the credited lines of a credit note by lines', async () => {
    const invoice = await buildInvoice(t.app, studio, { issued: true, price: '300.00' });
    const note = await buildCreditNote(t.app, studio, {
      invoice_id: invoice.id,
      reason: 'Séance annulée',
      items: [{ invoice_item_id: invoice.items[0].id }],
    });
    await storedPdf('credit_notes', note.id);
    const pdf = await request(t.app).get(`/api/credit-notes/${note.id}/pdf`).set(as(studio)).expect(200);
    const text = pdfTextOf(await download(pdf.body.url)).replace(/\s+/g, ' ');
    expect(text).toContain('Séance');
    expect(text).toContain(`Avoir sur la facture ${invoice.number}`);
    expect(text).toMatch(/20 % 300,00 € 60,00 €/);
    expect(text).toMatch(/Total TTC 360,00 €/);
  }, 180_000);
});
