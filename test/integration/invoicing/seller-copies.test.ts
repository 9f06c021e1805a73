// The seller copied at issue, through HTTP against the real stack (api, worker, Chromium, S3): a
// French studio issues an invoice, then changes its company profile (name, address, identifiers,
// bank account, terms). The issued invoice's files (its Factur-X XML, still valid for Mustang, its
// kept pdf, its docx rendered again) show the studio as it was at issue; a draft shows it as it is
// now; a credit note issued after the change shows the studio at the credit note's issue (its own
// copy, docs/invoicing.md "The seller copied at issue"). The database keeps both copies for good.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { mustangValidate } from '../../helpers/mustang';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { zipEntryText } from '../../helpers/zip-entry';
import { pdfTextOf } from '../../helpers/pdf-text';

/** The same studio after a move to Lyon, a new legal form, identifiers and bank account. */
const MOVED_STUDIO = {
  ...FRENCH_STUDIO,
  company_name: 'Atelier Bellecour SAS',
  legal_form: 'SAS',
  share_capital: '20000',
  siren: '732829320',
  siret: '73282932000009',
  vat_number: 'FR44732829320',
  rcs_city: 'Lyon',
  company_street: '3 place Bellecour',
  company_zipcode: '69002',
  company_city: 'Lyon',
  iban: 'FR1420041010050500013M02606',
  bic: 'PSSTFRPPLYO',
  late_payment_rate: 12,
  payment_terms_days: 45,
  email: 'contact@bellecour.example.fr',
};
const OLD = {
  name: 'Studio Lumière SARL',
  street: '12 rue Lepic',
  siren: '912345675',
  iban: 'FR7630006000011234567890189',
  words: ['Studio Lumière SARL', '12 rue Lepic', 'SIREN 912345675', 'IBAN FR76 3000 6000 0112 3456 7890 189'],
};
const NEW = {
  name: 'Atelier Bellecour SAS',
  street: '3 place Bellecour',
  siren: '732829320',
  iban: 'FR1420041010050500013M02606',
  words: ['Atelier Bellecour SAS', '3 place Bellecour', 'SIREN 732829320', 'IBAN FR14 2004 1010 0505 0001 3M02 606'],
};

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, email: 'studio@lumiere.example.fr' });
  worker = await startMainWorker('seller-copies');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const sql = sqlOn(() => t.sequelize);
const inTempDir = <T>(name: string, bytes: Buffer, read: (file: string) => T | Promise<T>): Promise<T> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seller-copy-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return Promise.resolve(read(file)).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
};
const flat = (text: string) => text.replace(/\s+/g, ' ');
const docxText = (bytes: Buffer) =>
  inTempDir('doc.docx', bytes, async (file) =>
    flat((await zipEntryText(file, 'word/document.xml')).replace(/<[^>]+>/g, ' ')),
  );
/** The file behind one of the API's signed links. */
const fileOf = async (url: string) =>
  download((await request(t.app).get(url).set(as(studio)).expect(200)).body.url as string);
const docxOf = async (base: string) => docxText(await fileOf(`${base}/export?format=docx`));

/** The CII seller block (SellerTradeParty) of a Factur-X XML, and the payee's account (IBAN). */
const sellerParty = (xml: string) => /<ram:SellerTradeParty>([\s\S]*?)<\/ram:SellerTradeParty>/.exec(xml)?.[1] ?? '';
const payeeIban = (xml: string) => /<ram:IBANID>([^<]*)<\/ram:IBANID>/.exec(xml)?.[1];

const expectSeller = (text: string, shown: typeof OLD, hidden: typeof OLD) => {
  for (const word of shown.words) expect(text).toContain(word);
  for (const word of hidden.words) expect(text).not.toContain(word);
};

describe('the seller copied at issue', () => {
  it('an issued invoice keeps the studio as it was at issue in its XML (valid for Mustang), kept pdf and docx; a draft and a later credit note show it as it is now', async () => {
    const invoice = await buildInvoice(t.app, studio, { issued: true, profile: false, price: '400.00' });
    const draft = await buildInvoice(t.app, studio, { profile: false });
    const [kept] = await sql<{ seller: Record<string, unknown> }>(`SELECT seller FROM invoices WHERE id = $1`, [
      invoice.id,
    ]);
    expect(kept.seller).toMatchObject({
      company_name: OLD.name,
      company_street: OLD.street,
      siren: OLD.siren,
      iban: OLD.iban,
      share_capital: '5000.00',
      late_payment_rate: '10.00',
      payment_terms_days: 30,
      email: 'studio@lumiere.example.fr',
    });
    // Its kept pdf, rendered by the job: waited for before the change, so it cannot race it.
    await eventually(
      'the issued pdf recorded',
      async () =>
        (await sql<{ pdf_key: string | null }>(`SELECT pdf_key FROM invoices WHERE id = $1`, [invoice.id]))[0]?.pdf_key,
      90_000,
    );

    await saveStudioProfile(t.app, studio, MOVED_STUDIO);

    // The issued invoice's e-invoice, made after the change: the seller at issue, still valid.
    const xml = (await fileOf(`/api/invoices/${invoice.id}/xml`)).toString('utf8');
    const seller = sellerParty(xml);
    expect(seller).toContain(OLD.name);
    expect(seller).toContain(OLD.street);
    expect(seller).toContain(OLD.siren);
    expect(seller).not.toContain(NEW.name);
    expect(payeeIban(xml)).toBe(OLD.iban);
    expect(xml).toContain('10.00 % l');
    const report = await mustangValidate(Buffer.from(xml), 'seller-copy-invoice.xml');
    expect(report.errors).toEqual([]);
    expect(report.status).toBe('valid');

    expectSeller(flat(pdfTextOf(await fileOf(`/api/invoices/${invoice.id}/pdf`))), OLD, NEW);
    const docx = await docxOf(`/api/invoices/${invoice.id}`);
    expectSeller(docx, OLD, NEW);
    expect(docx).toContain('Paiement à 30 jours');
    expect(docx).toContain('SARL au capital de 5 000,00');

    // A draft is not a legal document yet: the profile as it is now.
    const draftDocx = await docxOf(`/api/invoices/${draft.id}`);
    expectSeller(draftDocx, NEW, OLD);
    expect(draftDocx).toContain('Paiement à 45 jours');

    // A credit note is issued by the studio as it is at the credit note's issue, and keeps that copy.
    const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id, amount: 120 });
    const [noteRow] = await sql<{ seller: Record<string, unknown> }>(`SELECT seller FROM credit_notes WHERE id = $1`, [
      note.id,
    ]);
    expect(noteRow.seller).toMatchObject({ company_name: NEW.name, siren: NEW.siren, iban: NEW.iban });
    const noteXml = (await fileOf(`/api/credit-notes/${note.id}/xml`)).toString('utf8');
    expect(sellerParty(noteXml)).toContain(NEW.name);
    expect(sellerParty(noteXml)).not.toContain(OLD.name);
    const noteReport = await mustangValidate(Buffer.from(noteXml), 'seller-copy-credit-note.xml');
    expect(noteReport.errors).toEqual([]);
    expect(noteReport.status).toBe('valid');
    const noteDocx = await docxOf(`/api/credit-notes/${note.id}`);
    expect(noteDocx).toContain(`Avoir sur la facture ${invoice.number} du`);
    for (const word of NEW.words.slice(0, 3)) expect(noteDocx).toContain(word);
    expect(noteDocx).not.toContain(OLD.name);

    // A second change leaves both documents as they were.
    await saveStudioProfile(t.app, studio, { ...MOVED_STUDIO, company_name: 'Troisième Nom SAS' });
    expect(await docxOf(`/api/invoices/${invoice.id}`)).toContain(OLD.name);
    expect(await docxOf(`/api/credit-notes/${note.id}`)).toContain(NEW.name);
  }, 300_000);

  it('the database keeps the copies for good: an issued invoice’s and a credit note’s seller never change', async () => {
    const note = await buildCreditNote(t.app, studio, { amount: 50 });
    const [row] = await sql<{ invoice_id: string; seller: unknown }>(
      `SELECT invoice_id, seller FROM credit_notes WHERE id = $1`,
      [note.id],
    );
    expect(row.seller).not.toBeNull();
    await expect(
      t.sequelize.query(`UPDATE invoices SET seller = jsonb_set(seller, '{company_name}', '"Autre"') WHERE id = $1`, {
        bind: [row.invoice_id],
      }),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      t.sequelize.query(`UPDATE invoices SET seller = NULL WHERE id = $1`, { bind: [row.invoice_id] }),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      t.sequelize.query(`UPDATE credit_notes SET seller = NULL WHERE id = $1`, { bind: [note.id] }),
    ).rejects.toThrow(/never changed/);
    // A draft has no copy until its issue.
    const draft = await buildInvoice(t.app, studio, { profile: false });
    const [draftRow] = await sql<{ seller: unknown }>(`SELECT seller FROM invoices WHERE id = $1`, [draft.id]);
    expect(draftRow.seller).toBeNull();
  }, 180_000);
});
