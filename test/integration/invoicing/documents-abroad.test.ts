// The documents of a studio outside France (issue 30 §3, §4), through the api and a real worker:
// the pdf (read back with pdftotext) and the docx of an invoice and a credit note carry the title
// their country's law asks for ("Tax invoice", "VAT invoice"), its mentions (the sales tax permit,
// the ABN, "Total price includes GST", the VAT number), the tax's own name instead of "VAT", the
// amounts in the document's currency, and the studio's and client's addresses in their country's
// order (US "Brooklyn, NY 11201", the UK postcode on its own line); a studio of locale en-GB or
// fr-CA its locale's dates and amounts, in its language's words.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { type UserLocale } from '../../../domain/accounts/users';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { zipEntryText } from '../../helpers/zip-entry';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('documents-abroad');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const inTempDir = async <T>(name: string, bytes: Buffer, read: (file: string) => T | Promise<T>): Promise<T> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abroad-doc-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  try {
    return await read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
/** The text of a document's pdf, as pdftotext reads it (its lines as laid out). */
const pdfOf = async (studio: TestUser, route: string): Promise<string> => {
  const res = await request(t.app).get(`${route}/pdf`).set(as(studio)).expect(200);
  return pdfTextAt(res.body.url);
};
/** The words of a document's docx, one space between them. */
const docxOf = async (studio: TestUser, route: string): Promise<string> => {
  const res = await request(t.app).get(`${route}/export?format=docx`).set(as(studio)).expect(200);
  return inTempDir('doc.docx', await download(res.body.url), async (file) =>
    (await zipEntryText(file, 'word/document.xml')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  );
};

/** A studio writing in English (en-US unless `locale` says), its profile saved, and a draft of one line at `rate` % for `client`, issued. */
async function issuedAbroad(
  profile: Record<string, unknown>,
  client: Record<string, unknown>,
  line: { price: string; rate: string },
  locale: UserLocale = 'en-US',
): Promise<{ studio: TestUser; invoice: { id: string; number: string; issued_at: string } }> {
  const studio = await buildUser(t.app, { locale, name: String(profile.company_name) });
  await saveStudioProfile(t.app, studio, profile);
  const contact = await buildBillableContact(t.app, studio, client);
  const draft = await buildInvoice(t.app, studio, {
    contact_id: contact.id,
    profile: false,
    items: [
      {
        item_type: 'SESSION_TYPE',
        description: 'Wedding coverage',
        quantity: 1,
        price_without_tax: line.price,
        vat_percentage: line.rate,
      },
    ],
  });
  const issued = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
  expect({ status: issued.status, body: issued.status === 200 ? 'issued' : issued.body }).toEqual({
    status: 200,
    body: 'issued',
  });
  return { studio, invoice: issued.body as { id: string; number: string; issued_at: string } };
}

/** The lines of a pdf's text, each trimmed, with the columns of the head (studio | client) apart. */
const cells = (text: string): string[] =>
  text
    .split('\n')
    .flatMap((line) => line.trim().split(/\s{3,}/))
    .filter(Boolean);

describe('a studio in the United States', () => {
  it('prints an Invoice with its sales tax permit, "Sales tax" for VAT, dollars and US addresses', async () => {
    const { studio, invoice } = await issuedAbroad(
      {
        company_name: 'Brooklyn Light Studio LLC',
        company_street: '148 Court Street',
        company_zipcode: '11201',
        company_city: 'Brooklyn',
        company_country: 'US',
        email: 'hello@brooklynlight.test',
        tax_registrations: [{ kind: 'US_SALES_TAX_PERMIT', number: '12-3456789', region: 'NY' }],
      },
      {
        first_name: 'Jordan',
        last_name: 'Rivera',
        street: '350 Fifth Avenue',
        zipcode: '10118',
        city: 'New York, NY',
        country: 'US',
      },
      { price: '2500.00', rate: '4.00' },
    );
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    const lines = cells(text);
    expect(text).toContain(`Invoice No. ${invoice.number}`);
    expect(lines).toContain('Sales tax permit (NY): 12-3456789');
    expect(text).toContain('Sales tax summary');
    expect(text).toContain('Total sales tax');
    expect(text).not.toMatch(/VAT|TVA/);
    expect(text).toContain('$2,600.00');
    expect(text).toContain('$100.00');
    expect(text).not.toContain('€');
    // Addresses in the US order, the country named after them; the French order nowhere.
    expect(lines).toEqual(expect.arrayContaining(['Brooklyn, NY 11201', 'New York, NY 10118', 'United States']));
    expect(text).not.toMatch(/11201 Brooklyn|10118 New York/);
    // No French law: neither the late-payment penalties nor the €40 recovery fee.
    expect(text).not.toMatch(/Late payment|recovery fee/);

    const docx = await docxOf(studio, `/api/invoices/${invoice.id}`);
    expect(docx).toContain('Sales tax permit (NY): 12-3456789');
    expect(docx).toContain('Sales tax summary');
    expect(docx).toContain('Brooklyn, NY 11201');
    expect(docx).not.toContain('VAT');
  }, 180_000);
});

describe('a studio in Australia registered for GST', () => {
  it('prints a Tax invoice with its ABN and "Total price includes GST", and an Adjustment note for its credit', async () => {
    const { studio, invoice } = await issuedAbroad(
      {
        company_name: 'Harbour Light Photography Pty Ltd',
        company_street: '1 George Street',
        company_zipcode: '2000',
        company_city: 'Sydney NSW',
        company_country: 'AU',
        email: 'hello@harbourlight.test',
        tax_registrations: [{ kind: 'AU_ABN', number: '51 824 753 556' }],
      },
      {
        first_name: 'Sam',
        last_name: 'Nguyen',
        street: '200 Collins Street',
        zipcode: 'VIC 3000',
        city: 'Melbourne',
        country: 'AU',
      },
      { price: '1200.00', rate: '10.00' },
    );
    expect(invoice).toMatchObject({ currency: 'AUD', amount: '1320.00' });
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    const lines = cells(text);
    expect(text).toContain(`Tax invoice No. ${invoice.number}`);
    expect(lines).toEqual(expect.arrayContaining(['ABN 51 824 753 556', 'Total price includes GST']));
    expect(text).toContain('GST summary');
    expect(text).toContain('Total GST');
    expect(text).not.toContain('VAT');
    expect(text).toContain('A$1,320.00');
    expect(lines).toEqual(expect.arrayContaining(['Sydney NSW 2000', 'Melbourne VIC 3000', 'Australia']));

    const docx = await docxOf(studio, `/api/invoices/${invoice.id}`);
    expect(docx).toContain(`Tax invoice No. ${invoice.number}`);
    expect(docx).toContain('ABN 51 824 753 556');

    const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id });
    const credit = await pdfOf(studio, `/api/credit-notes/${note.id}`);
    expect(credit).toContain(`Adjustment note No. ${note.number}`);
    expect(credit).toContain('ABN 51 824 753 556');
    expect(credit).toContain('GST summary');
    expect(credit).toContain('Melbourne VIC 3000');
  }, 180_000);
});

describe('a studio in the United Kingdom registered for VAT', () => {
  it('prints a VAT invoice with its VAT number and time of supply, pounds, and the postcode on its own line', async () => {
    const { studio, invoice } = await issuedAbroad(
      {
        company_name: 'Camden Frames Ltd',
        company_street: '5 Parkway',
        company_zipcode: 'NW1 7PG',
        company_city: 'London',
        company_country: 'GB',
        email: 'hello@camdenframes.test',
        tax_registrations: [{ kind: 'GB_VAT', number: 'GB 980 7806 84' }],
      },
      {
        first_name: 'Alex',
        last_name: 'Morgan',
        street: '10 Deansgate',
        zipcode: 'M3 2BW',
        city: 'Manchester',
        country: 'GB',
      },
      { price: '1500.00', rate: '20.00' },
    );
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    const lines = cells(text);
    expect(text).toContain(`VAT invoice No. ${invoice.number}`);
    expect(lines).toContain('VAT registration number: GB980780684');
    // The day in the locale's form, as the document's other dates (issue 40 §7).
    expect(text).toMatch(/Time of supply: (\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})/);
    expect(text).toContain('VAT summary');
    expect(text).toContain('£1,800.00');
    // The postcode on its own line (a cell of its own in the pdf's two columns; after the town in the docx).
    expect(lines).toEqual(expect.arrayContaining(['London', 'NW1 7PG', 'Manchester', 'M3 2BW', 'United Kingdom']));
    const docx = await docxOf(studio, `/api/invoices/${invoice.id}`);
    expect(docx).toContain('5 Parkway London NW1 7PG United Kingdom');
    expect(docx).toContain('10 Deansgate Manchester M3 2BW United Kingdom');
    expect(docx).toContain(`VAT invoice No. ${invoice.number}`);
    expect(text).not.toMatch(/NW1 7PG London|M3 2BW Manchester/);
  }, 180_000);
});

/** The day an invoice was issued, as a studio of `locale` in Paris (the zone of an account that gave none) reads it in full. */
const longDay = (issuedAt: string, locale: UserLocale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(issuedAt));

describe('a studio writing in its own locale (issue 30 §4)', () => {
  it('en-GB: British dates ("27 November 2026"), pounds, the English words and its VAT invoice', async () => {
    const { studio, invoice } = await issuedAbroad(
      {
        company_name: 'Leeds Lens Ltd',
        company_street: '1 Park Row',
        company_zipcode: 'LS1 5AB',
        company_city: 'Leeds',
        company_country: 'GB',
        email: 'hello@leedslens.test',
        tax_registrations: [{ kind: 'GB_VAT', number: 'GB 980 7806 84' }],
      },
      {
        first_name: 'Robin',
        last_name: 'Hale',
        street: '2 Briggate',
        zipcode: 'LS1 6HD',
        city: 'Leeds',
        country: 'GB',
      },
      { price: '1500.00', rate: '20.00' },
      'en-GB',
    );
    expect(studio.body.user).toMatchObject({ locale: 'en-GB' });
    const day = longDay(invoice.issued_at, 'en-GB');
    expect(day).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    expect(text).toContain(`VAT invoice No. ${invoice.number}`);
    expect(text).toContain(`Date: ${day}`);
    expect(text).not.toContain(longDay(invoice.issued_at, 'en-US'));
    expect(text).toContain('£1,800.00');
    expect(text).toContain('VAT summary');
    const docx = await docxOf(studio, `/api/invoices/${invoice.id}`);
    expect(docx).toContain(day);
  }, 180_000);

  it('fr-CA: the French words, Canadian French dates and amounts in Canadian dollars', async () => {
    const { studio, invoice } = await issuedAbroad(
      {
        company_name: 'Lumière du Plateau inc.',
        company_street: '4200 rue Saint-Denis',
        company_zipcode: 'H2J 2K8',
        company_city: 'Montréal QC',
        company_country: 'CA',
        email: 'bonjour@lumiereduplateau.test',
      },
      {
        first_name: 'Camille',
        last_name: 'Gagnon',
        street: '1 rue Sherbrooke',
        zipcode: 'H2X 1X3',
        city: 'Montréal QC',
        country: 'CA',
      },
      // Not registered (a small supplier) and under C$100: no GST or QST, no registration number to print.
      { price: '80.00', rate: '0.00' },
      'fr-CA',
    );
    expect(studio.body.user).toMatchObject({ locale: 'fr-CA' });
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    expect(text).toContain(`Facture N° ${invoice.number}`);
    expect(text).toContain(`Date : ${longDay(invoice.issued_at, 'fr-CA')}`);
    expect(text).toMatch(/80,00\s\$/u);
    expect(text).not.toMatch(/\$80\.00|CA\$/);
    // Canada's wording, not France's (issue 40 §7).
    expect(text).toMatch(/Total\s+80,00/);
    expect(text).not.toMatch(/TTC|P\.U\. HT/);
    // Canada's taxes are not the TVA (TPS, TVQ, TVH): the French document says "Taxes".
    expect(text).toContain('Récapitulatif des taxes');
    expect(text).not.toMatch(/TVA/);
  }, 180_000);
});
