// Issue 22 §1, Factur-X EN 16931 through HTTP against the real stack (api, worker, Chromium, S3):
// every e-invoice the service makes (an invoice in three VAT rates, a credit note, a deposit
// invoice, a VAT exempt studio's invoice) is validated offline by the Mustang project's CLI
// (veraPDF for PDF/A-3, the EN 16931 schematron, the French CTC rules), with zero errors; the
// issue gate refuses a document whose rules fail. Each validator report is logged for the record.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { eInvoiceOf } from '../../../domain/invoicing/e-invoice';
import { failedEInvoiceRules } from '../../../domain/invoicing/e-invoice-rules';
import { extractInvoiceXml } from '../../../lib/facturx/extract-xml';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { mustangValidate, type MustangReport } from '../../helpers/mustang';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { repoRoot } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';

/** The validator's reports of the last run, one per file (outside the test stack, which is cleaned up). */
const REPORTS = path.join(repoRoot, '.data', 'mustang-reports');

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
let exempt: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  [studio, exempt, other] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
  await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, email: 'studio@lumiere.example.fr' });
  // A micro-entrepreneur under the franchise en base: no VAT number, VAT exempt.
  await saveStudioProfile(t.app, exempt, {
    ...FRENCH_STUDIO,
    company_name: 'Zoé Photographie',
    legal_form: 'EI',
    share_capital: null,
    siren: '912345675',
    siret: null,
    vat_number: null,
    rcs_city: null,
    vat_exempt: true,
  });
  worker = await startMainWorker('facturx');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const issue = async (user: TestUser, id: string): Promise<Issued> =>
  (await request(t.app).post(`/api/invoices/${id}/issue`).set(as(user)).expect(200)).body as Issued;
type Issued = { id: string; number: string; amount: string };
/** The text of the first element of that name in a CII document. */
const field = (xml: string, name: string) => new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`).exec(xml)?.[1];

/** The Factur-X and XML links of a document, downloaded, checked as a Factur-X pdf carrying the same XML, and both validated. */
async function eInvoiceFiles(
  base: string,
  user: TestUser,
  label: string,
): Promise<{ xml: string; pdfReport: MustangReport; xmlReport: MustangReport }> {
  const link = await request(t.app).get(`${base}/facturx`).set(as(user)).expect(200);
  expect(link.body).toMatchObject({
    url: expect.any(String),
    key: expect.stringMatching(/-facturx\.pdf$/),
    filename: expect.stringMatching(/-facturx\.pdf$/),
    expiration: expect.any(Number),
  });
  const pdf = await download(link.body.url as string);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const attached = await extractInvoiceXml(pdf);
  expect(attached?.filename).toBe('factur-x.xml');
  const xmlLink = await request(t.app).get(`${base}/xml`).set(as(user)).expect(200);
  expect(xmlLink.body).toMatchObject({ filename: expect.stringMatching(/\.xml$/), expiration: expect.any(Number) });
  const xml = (await download(xmlLink.body.url as string)).toString('utf8');
  // The XML alone is the one the pdf carries.
  expect(xml).toBe(attached?.xml);
  const [pdfReport, xmlReport] = [
    await mustangValidate(pdf, `${label}.pdf`),
    await mustangValidate(Buffer.from(xml), `${label}.xml`),
  ];
  // Each report is kept for the record (what the validator said, not only that the test passed).
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, `${label}.pdf.report.xml`), pdfReport.xml);
  fs.writeFileSync(path.join(REPORTS, `${label}.xml.report.xml`), xmlReport.xml);
  process.stdout.write(
    `Mustang 2.26.0, ${label}: pdf ${pdfReport.status} (PDF/A ${pdfReport.pdfa?.flavour} compliant=${pdfReport.pdfa?.compliant}), ${pdfReport.errors.length} errors, ${pdfReport.warnings.length} warnings; xml ${xmlReport.status}, ${xmlReport.errors.length} errors, ${xmlReport.warnings.length} warnings ${JSON.stringify([...pdfReport.errors, ...pdfReport.warnings, ...xmlReport.errors, ...xmlReport.warnings])}\n`,
  );
  return { xml, pdfReport, xmlReport };
}

const expectValid = ({ pdfReport, xmlReport }: { pdfReport: MustangReport; xmlReport: MustangReport }) => {
  expect(pdfReport.pdfa).toMatchObject({ flavour: '3b', compliant: true, failedAssertions: '' });
  expect(pdfReport.errors).toEqual([]);
  expect(pdfReport.status).toBe('valid');
  expect(xmlReport.errors).toEqual([]);
  expect(xmlReport.status).toBe('valid');
};

describe('Factur-X EN 16931 e-invoices, validated by Mustang', () => {
  let threeRates: Issued;

  it('an invoice in three VAT rates (20, 10, 5.5) with a discount: a PDF/A-3b with its factur-x.xml, zero errors', async () => {
    const contact = await buildBillableContact(t.app, studio, {
      company_name: 'Atelier Dubois SAS',
      siren: '732829320',
      vat_number: 'FR44732829320',
    });
    const draft = await buildInvoice(t.app, studio, {
      title: 'Mariage',
      contact_id: contact.id,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Reportage mariage',
          price_without_tax: '1500.00',
          vat_percentage: 20,
        },
        {
          item_type: 'SESSION_TYPE',
          description: 'Tirages 20×30',
          quantity: 3,
          price_without_tax: '12.50',
          vat_percentage: 10,
        },
        { item_type: 'SESSION_TYPE', description: 'Livre photo', price_with_tax: '63.30', vat_percentage: 5.5 },
        {
          item_type: 'DISCOUNT',
          description: 'Fidélité',
          discount_type: 'PERCENTAGE_OF_TOTAL',
          discount_percentage: 10,
        },
      ],
    });
    threeRates = await issue(studio, draft.id);
    expect(threeRates.amount).toBe('1714.10');
    const files = await eInvoiceFiles(`/api/invoices/${threeRates.id}`, studio, 'invoice-three-rates');
    expectValid(files);
    const { xml } = files;
    expect(field(xml, 'TypeCode')).toBe('380');
    expect(xml).toMatch(new RegExp(`<rsm:ExchangedDocument>\\s*<ram:ID>${threeRates.number}</ram:ID>`));
    expect(field(xml, 'GrandTotalAmount')).toBe(threeRates.amount);
    expect([...xml.matchAll(/<ram:RateApplicablePercent>([^<]+)</g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['20', '10', '5.5']),
    );
    expect(xml).toContain('schemeID="0002">912345675<');
    expect(xml).toContain('FR65912345675');
    expect(xml).toContain('<ram:TypeCode>58</ram:TypeCode>');
    expect(xml).toContain('FR7630006000011234567890189');
  }, 240_000);

  it('a credit note (381) naming the invoice it corrects: zero errors', async () => {
    const note = await buildCreditNote(t.app, studio, {
      invoice_id: threeRates.id,
      reason: 'Livre non livré',
      amount: '63.30',
    });
    const files = await eInvoiceFiles(`/api/credit-notes/${note.id}`, studio, 'credit-note');
    expectValid(files);
    expect(field(files.xml, 'TypeCode')).toBe('381');
    expect(field(files.xml, 'IssuerAssignedID')).toBe(threeRates.number);
    expect(field(files.xml, 'GrandTotalAmount')).toBe('63.30');
  }, 240_000);

  it('a deposit invoice (386) of a quote, and the final invoice deducting it: zero errors', async () => {
    const contact = await buildBillableContact(t.app, studio);
    const quote = await buildQuote(t.app, studio, {
      title: 'Mariage',
      contact_id: contact.id,
      items: [{ item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 }],
      payment_schedule: [
        { percentage: 30, due: { type: 'on_booking' } },
        { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
      ],
    });
    await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(studio)).expect(200);
    const draft = (
      await request(t.app)
        .post(`/api/quotes/${quote.id}/deposit-invoices`)
        .set(as(studio))
        .send({ installment: 0 })
        .expect(201)
    ).body;
    const deposit = await issue(studio, draft.id);
    const files = await eInvoiceFiles(`/api/invoices/${deposit.id}`, studio, 'deposit-invoice');
    expectValid(files);
    expect(field(files.xml, 'TypeCode')).toBe('386');
    expect(field(files.xml, 'GrandTotalAmount')).toBe('540.00');

    // The final invoice deducts it: a line of quantity −1 at 450.00 excl. VAT, billing mode S4; 1 800.00 − 540.00 due.
    const final = await issue(
      studio,
      (
        (await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio)).expect(201)).body as {
          id: string;
        }
      ).id,
    );
    const finalFiles = await eInvoiceFiles(`/api/invoices/${final.id}`, studio, 'final-invoice-after-deposit');
    expectValid(finalFiles);
    expect(field(finalFiles.xml, 'TypeCode')).toBe('380');
    expect(finalFiles.xml).toMatch(
      /<rsm:ExchangedDocumentContext>\s*<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>S4<\/ram:ID>/,
    );
    expect(finalFiles.xml).toContain('<ram:BilledQuantity unitCode="C62">-1</ram:BilledQuantity>');
    expect(field(finalFiles.xml, 'GrandTotalAmount')).toBe('1260.00');
  }, 240_000);

  it("a VAT exempt studio's invoice: category E with the art. 293 B reason, zero errors", async () => {
    const draft = await buildInvoice(t.app, exempt, {
      items: [
        { item_type: 'SESSION_TYPE', description: 'Séance portrait', price_without_tax: '250.00', vat_percentage: 0 },
      ],
    });
    const invoice = await issue(exempt, draft.id);
    const files = await eInvoiceFiles(`/api/invoices/${invoice.id}`, exempt, 'vat-exempt-invoice');
    expectValid(files);
    expect(field(files.xml, 'CategoryCode')).toBe('E');
    expect(field(files.xml, 'ExemptionReason')).toBe('TVA non applicable, art. 293 B du CGI');
    // Without an email in its company profile, the studio's electronic address (BT-34) is its account's.
    expect(files.xml).toContain(`schemeID="EM">${exempt.email}<`);
    expect(field(files.xml, 'GrandTotalAmount')).toBe('250.00');
  }, 240_000);

  it('the gate refuses totals off by a cent, and an issue whose e-invoice breaks a rule (400 naming it, still a draft)', async () => {
    // Built through the pure gate: the same data as the first invoice, its total with VAT a cent off.
    const doc = eInvoiceOf({
      typeCode: '380',
      number: 'F-test',
      issueDate: '2026-11-24',
      dueDate: '2026-12-24',
      seller: { ...FRENCH_STUDIO, vat_exempt: false, email: null, late_payment_rate: '10' },
      buyer: {
        name: 'Chloé Dubois',
        email: null,
        street: '1 rue',
        zipcode: '69002',
        city: 'Lyon',
        country: 'FR',
        contact_type: null,
      },
      items: [{ item_type: 'SESSION_TYPE', description: 'Séance', price_without_tax: '250.00', vat_percentage: 20 }],
    });
    expect(failedEInvoiceRules(doc)).toEqual([]);
    const broken = { ...doc, totals: { ...doc.totals, taxInclusiveCents: doc.totals.taxInclusiveCents + 1n } };
    expect(failedEInvoiceRules(broken).map((f) => f.rule)).toEqual(['BR-CO-15', 'BR-CO-16']);

    // Through the api: a client whose country is not one the e-invoice can carry (a value stored before the
    // country rule, which the API no longer takes and the migration could not read) breaks BR-11; the invoice is not issued.
    const contact = await buildBillableContact(t.app, studio);
    await t.sequelize.query(`UPDATE contacts SET country = 'Narnia' WHERE id = $1`, { bind: [contact.id] });
    const draft = await buildInvoice(t.app, studio, { contact_id: contact.id });
    const refused = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
    expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    expect(refused.body.message).toContain('BR-11');
    expect(refused.body.details).toEqual([expect.objectContaining({ rule: 'BR-11' })]);
    expect((await request(t.app).get(`/api/invoices/${draft.id}`).set(as(studio)).expect(200)).body.status).toBe(
      'DRAFT',
    );
  }, 60_000);

  it("Mustang's runner tells a broken file from a good one, one after the other in its one JVM", async () => {
    const broken = await mustangValidate(
      Buffer.from(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
          ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">',
          '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>',
          '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>',
          '</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>',
          '</rsm:CrossIndustryInvoice>',
        ].join(''),
      ),
      'broken.xml',
    );
    expect(broken.status).toBe('invalid');
    expect(broken.errors.length).toBeGreaterThan(0);
  });

  it('answers 404 for another studio, 409 for a draft', async () => {
    expect((await request(t.app).get(`/api/invoices/${threeRates.id}/facturx`).set(as(other))).status).toBe(404);
    expect((await request(t.app).get(`/api/invoices/${threeRates.id}/xml`).set(as(other))).status).toBe(404);
    const notes = (await request(t.app).get(`/api/invoices/${threeRates.id}/credit-notes`).set(as(studio)).expect(200))
      .body as { id: string }[] | { items: { id: string }[] };
    const noteId = Array.isArray(notes) ? notes[0].id : notes.items[0].id;
    expect((await request(t.app).get(`/api/credit-notes/${noteId}/facturx`).set(as(other))).status).toBe(404);
    expect((await request(t.app).get(`/api/credit-notes/${noteId}/xml`).set(as(other))).status).toBe(404);
    const draft = await buildInvoice(t.app, studio);
    const conflict = await request(t.app).get(`/api/invoices/${draft.id}/facturx`).set(as(studio));
    expect([conflict.status, conflict.body.code]).toEqual([409, 'invoice_not_issued']);
    expect((await request(t.app).get(`/api/invoices/${draft.id}/xml`).set(as(studio))).status).toBe(409);
  }, 60_000);
});
