// Issue 40, "One fact, one answer from every side", through the api and a real worker (pdf in
// Chromium, read back with pdftotext; the UBL checked by the CEN and Peppol rules): a studio not
// registered for the tax prints no tax (§3); each country's rules, not France's, decide whether the
// client's address is needed, and a refusal names the rule (§4); a UK zero-rated line says why (§5);
// English documents are written the English way and fr-CA ones the Canadian way (§7).
import request from 'supertest';
import { buildBillableContact, buildContact } from '../../factories/contacts';
import { FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { type UserLocale } from '../../../domain/accounts/users';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { fatalFindings, OFFICIAL_RULES, officialRulesValidate } from '../../helpers/official-rules';
import { pdfTextOf } from '../../helpers/pdf-text';
import { GST_QST, LONDON_STUDIO, MANCHESTER_CLIENT, QUEBEC_CLIENT, QUEBEC_STUDIO } from '../../fixtures/studios-abroad';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('one-fact-one-answer');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

/** The pdf's text, its narrow and no-break spaces as plain ones. */
const pdfOf = async (studio: TestUser, route: string) =>
  pdfTextOf(await download((await request(t.app).get(`${route}/pdf`).set(as(studio)).expect(200)).body.url)).replace(
    /[\u202f\u00a0]/g,
    ' ',
  );
/** A day as the document prints it: the locale's long date, on the studio's calendar (Paris: a new account's zone). */
const longDay = (at: string | Date, locale: UserLocale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' })
    .format(new Date(at))
    .replace(/[\u202f\u00a0]/g, ' ');

async function studioOf(locale: UserLocale, profile: Record<string, unknown>): Promise<TestUser> {
  const studio = await buildUser(t.app, { locale });
  await saveStudioProfile(t.app, studio, { email: `hello-${studio.id.slice(0, 8)}@studio.test`, ...profile });
  return studio;
}

async function draft(studio: TestUser, contactId: string, items: unknown[]) {
  const created = await request(t.app)
    .post('/api/invoices')
    .set(as(studio))
    .send({ title: 'Shoot', contact_id: contactId, items });
  expect([created.status, created.body.details]).toEqual([201, undefined]);
  return created.body as { id: string };
}

const issue = (studio: TestUser, id: string) => request(t.app).post(`/api/invoices/${id}/issue`).set(as(studio));

describe("the client's address: each country's rules decide (issue 40 §4)", () => {
  const noAddress = (studio: TestUser) => buildContact(t.app, studio, { first_name: 'Sam', last_name: 'Reilly' });

  it.each([
    [
      'an Irish €80 sale (simplified VAT invoice)',
      'en-IE',
      {
        company_name: 'Liffey Studios Ltd',
        company_street: '12 Ormond Quay Upper',
        company_zipcode: 'D07 W6X2',
        company_city: 'Dublin 7',
        company_country: 'IE',
        tax_registrations: [{ kind: 'IE_VAT', number: 'IE8473625E' }],
      },
      { price_with_tax: '80.00', price_includes_tax: true, vat_percentage: '23' },
      '80.00',
    ],
    [
      'a UK £120 simplified VAT invoice',
      'en-GB',
      LONDON_STUDIO,
      { price_with_tax: '120.00', price_includes_tax: true, vat_percentage: '20' },
      '120.00',
    ],
    [
      'an Australian A$110 sale',
      'en-AU',
      {
        company_name: 'Harbour Light Photography Pty Ltd',
        company_street: '1 George Street',
        company_zipcode: '2000',
        company_city: 'Sydney NSW',
        company_country: 'AU',
        tax_registrations: [{ kind: 'AU_ABN', number: '51 824 753 556' }],
      },
      { price_without_tax: '100.00', taxes: [{ name: 'GST', rate: '10' }] },
      '110.00',
    ],
    [
      'a US sale under a sales tax permit',
      'en-US',
      {
        company_name: 'Brooklyn Light Studio LLC',
        company_street: '148 Court Street',
        company_zipcode: '11201',
        company_city: 'Brooklyn',
        company_country: 'US',
        tax_registrations: [{ kind: 'US_SALES_TAX_PERMIT', number: '12-3456789', region: 'NY' }],
      },
      { price_without_tax: '100.00', taxes: [{ name: 'NYC sales tax', rate: '8.875' }] },
      '108.88',
    ],
    [
      'a Swiss sale',
      'en-US',
      {
        company_name: 'Atelier Léman Sàrl',
        company_street: 'Rue du Rhône 10',
        company_zipcode: '1204',
        company_city: 'Genève',
        company_country: 'CH',
        vat_exempt: true,
      },
      { price_without_tax: '300.00', vat_percentage: '0' },
      '300.00',
    ],
  ])(
    '%s is issued to a client without an address',
    async (_label, locale, profile, price, amount) => {
      const studio = await studioOf(locale as UserLocale, profile);
      const client = await noAddress(studio);
      const invoice = await draft(studio, client.id, [
        { item_type: 'SESSION_TYPE', description: 'Portrait', ...price },
      ]);
      const issued = await issue(studio, invoice.id);
      expect([issued.status, issued.body.details]).toEqual([200, undefined]);
      expect(issued.body.amount).toBe(amount);
    },
    120_000,
  );

  it("a full UK VAT invoice is refused naming the rule that asks the client's address; a French one as before", async () => {
    const studio = await studioOf('en-GB', LONDON_STUDIO);
    const client = await noAddress(studio);
    const invoice = await draft(studio, client.id, [
      { item_type: 'SESSION_TYPE', description: 'Wedding', price_without_tax: '600.00', vat_percentage: '20' },
    ]);
    const refused = await issue(studio, invoice.id);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: 'invoice', rule: 'buyer_address_missing', message: expect.stringContaining('reg. 14') },
    ]);

    const french = await studioOf('fr-FR', FRENCH_STUDIO);
    const frenchClient = await noAddress(french);
    const facture = await draft(french, frenchClient.id, [
      { item_type: 'SESSION_TYPE', description: 'Séance', price_without_tax: '80.00', vat_percentage: '20' },
    ]);
    const frenchRefusal = await issue(french, facture.id);
    expect(frenchRefusal.status).toBe(400);
    expect(frenchRefusal.body.details).toEqual([
      expect.objectContaining({ path: 'contact.address', message: expect.stringContaining('242 nonies A') }),
    ]);
  }, 120_000);
});

describe('a studio not registered for VAT or GST prints no tax (issue 40 §3)', () => {
  it.each([
    [
      'a UK sole trader',
      'en-GB',
      {
        company_name: 'Rosa Lane Photography',
        company_street: '22 Mill Road',
        company_zipcode: 'CB1 2AD',
        company_city: 'Cambridge',
        company_country: 'GB',
        vat_exempt: true,
      },
      '£450.00',
      /VAT/,
      'Date of supply:',
    ],
    [
      'an Irish studio under the threshold',
      'en-IE',
      {
        company_name: 'Clare Light',
        company_street: '3 Abbey Street',
        company_zipcode: 'V95 X2Y4',
        company_city: 'Ennis',
        company_country: 'IE',
        vat_exempt: true,
      },
      '€450.00',
      /VAT/,
      'Invoice No.',
    ],
    [
      'an Australian studio under the GST threshold',
      'en-AU',
      {
        company_name: 'Bondi Film Co',
        company_street: '5 Campbell Parade',
        company_zipcode: '2026',
        company_city: 'Bondi Beach NSW',
        company_country: 'AU',
        vat_exempt: true,
      },
      '$450.00',
      /GST summary|Total GST|GST\s+Amount|excl\. tax|incl\. tax/,
      'No GST has been charged',
    ],
  ])(
    '%s: no tax column, summary or total, only its law’s wording',
    async (_label, locale, profile, total, hides, shows) => {
      const studio = await studioOf(locale as UserLocale, profile);
      const client = await buildBillableContact(t.app, studio, { ...MANCHESTER_CLIENT });
      const invoice = await draft(studio, client.id, [
        { item_type: 'SESSION_TYPE', description: 'Portraits', price_without_tax: '450.00' },
      ]);
      await issue(studio, invoice.id).expect(200);
      const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
      expect(text).not.toMatch(hides);
      expect(text).not.toMatch(/summary|excl\. tax|incl\. tax|0 %/);
      expect(text).toMatch(new RegExp(`Unit price\\s+Amount`));
      expect(text).toMatch(new RegExp(`Total\\s+${total.replace('$', '\\$')}`));
      expect(text).toContain(shows);
    },
    120_000,
  );
});

describe('a UK zero-rated line says why (issue 40 §5)', () => {
  it('is issued with its reason, printed on the pdf and in the Peppol UBL, which the official rules accept', async () => {
    const studio = await studioOf('en-GB', { ...LONDON_STUDIO, payment_terms_days: 30 });
    const client = await buildBillableContact(t.app, studio, {
      company_name: 'Northern Quarter Events Ltd',
      ...MANCHESTER_CLIENT,
      vat_number: 'GB999999973',
    });
    const lines = (reason?: string) => [
      { item_type: 'SESSION_TYPE', description: 'Event coverage', price_without_tax: '500.00', vat_percentage: '20' },
      {
        item_type: 'SESSION_TYPE',
        description: 'Photo book',
        category: 'GOODS',
        price_without_tax: '80.00',
        vat_percentage: '0',
        ...(reason ? { zero_rate_reason: reason } : {}),
      },
    ];
    // Without a reason: refused, as before, naming the rule.
    const bare = await draft(studio, client.id, lines());
    const refused = await issue(studio, bare.id);
    expect([refused.status, refused.body.details?.map((d: { rule: string }) => d.rule)]).toEqual([
      400,
      ['zero_rate_reason_missing'],
    ]);
    // A text line takes none.
    const wrong = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Shoot',
        contact_id: client.id,
        items: [{ item_type: 'TEXT', description: 'x', zero_rate_reason: 'Zero-rated' }],
      });
    expect([wrong.status, wrong.body.details?.[0]?.path]).toEqual([400, 'items.0.zero_rate_reason']);

    const invoice = await draft(studio, client.id, lines('Zero-rated: printed books'));
    const issued = await issue(studio, invoice.id);
    expect([issued.status, issued.body.details]).toEqual([200, undefined]);
    expect(issued.body.amount).toBe('680.00');
    expect(issued.body.items.map((i: { zero_rate_reason: string | null }) => i.zero_rate_reason)).toEqual([
      null,
      'Zero-rated: printed books',
    ]);
    expect(await pdfOf(studio, `/api/invoices/${invoice.id}`)).toContain('Zero-rated: printed books');

    const link = await request(t.app).get(`/api/invoices/${invoice.id}/ubl`).set(as(studio));
    expect([link.status, link.body.message]).toEqual([200, undefined]);
    const xml = (await download(link.body.url as string)).toString('utf8');
    expect(xml).toMatch(/<cac:InvoiceLine>\s*<cbc:ID>2<\/cbc:ID>\s*<cbc:Note>Zero-rated: printed books<\/cbc:Note>/);
    const official = await officialRulesValidate([
      { name: 'zero-rated', xml, ves: OFFICIAL_RULES.en16931Ubl },
      { name: 'zero-rated', xml, ves: OFFICIAL_RULES.peppolInvoice },
    ]);
    expect(fatalFindings(official)).toEqual([]);

    // A quote keeps the reason too, and its invoice copies it.
    const quote = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({ title: 'Book', contact_id: client.id, items: lines('Zero-rated: printed books') });
    expect([quote.status, quote.body.items?.[1]?.zero_rate_reason]).toEqual([201, 'Zero-rated: printed books']);
  }, 180_000);
});

describe('documents written the way of their locale (issue 40 §7)', () => {
  it('an en-GB invoice: English typography, and every date, mentions included, in British form', async () => {
    const studio = await studioOf('en-GB', { ...LONDON_STUDIO, payment_terms_days: 30 });
    const client = await buildBillableContact(t.app, studio, { ...MANCHESTER_CLIENT });
    const invoice = await draft(studio, client.id, [
      { item_type: 'SESSION_TYPE', description: 'Wedding', price_without_tax: '600.00', vat_percentage: '20' },
    ]);
    const issued = (await issue(studio, invoice.id).expect(200)).body;
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    const issuedOn = longDay(issued.issued_at, 'en-GB');
    expect(text).toContain(`Date: ${issuedOn}`);
    expect(text).toContain(`Due date: ${longDay(`${issued.due_date}T12:00:00Z`, 'en-GB')}`);
    expect(text).toContain(`Time of supply: ${issuedOn}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/[A-Za-z] : |·/);
  }, 120_000);

  it('an fr-CA invoice: Canadian wording (Prix unitaire, Sous-total, Total), TPS and TVQ, no P.U. HT or TTC', async () => {
    const studio = await studioOf('fr-CA', {
      ...QUEBEC_STUDIO,
      company_region: 'QC',
      tax_rates: [{ name: 'Québec', taxes: GST_QST, regions: ['QC'], is_default: true }],
    });
    const client = await buildBillableContact(t.app, studio, { ...QUEBEC_CLIENT, region: 'QC' });
    const invoice = await draft(studio, client.id, [
      { item_type: 'SESSION_TYPE', description: 'Mariage', quantity: '4', price_without_tax: '250.00', taxes: GST_QST },
    ]);
    const issued = (await issue(studio, invoice.id).expect(200)).body;
    expect(issued.amount).toBe('1149.75');
    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    expect(text).toMatch(/Prix unitaire/);
    expect(text).toMatch(/Sous-total\s+1 000,00 \$/);
    expect(text).toMatch(/TPS 5 %/);
    expect(text).toMatch(/TVQ 9,975 %/);
    expect(text).toMatch(/Total\s+1 149,75 \$/);
    expect(text).not.toMatch(/P\.U\. HT|Total HT|TTC|\bGST\b|\bQST\b/);
    expect(text).toContain(`Date : ${longDay(issued.issued_at, 'fr-CA')}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  }, 120_000);
});
