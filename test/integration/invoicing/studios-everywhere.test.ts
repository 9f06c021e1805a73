// Studios everywhere (issue 30, "Done when"), through the api and a real worker, one studio per
// country: a draft with its country's taxes (New York City's 8.875 % sales tax, Québec's GST + QST,
// Ontario's HST, UK and Irish VAT, Australia's GST, or none for a studio not registered) is issued
// under its own law, its pdf read back with pdftotext (title, currency, each tax by name, address
// order), sent by email, paid in part by transfer, credited in part, and the rest paid by card on
// stripe-mock in its currency until the webhook marks it PAID.
import request from 'supertest';
import Stripe from 'stripe';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { type UserLocale } from '../../../domain/accounts/users';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { mailsTo } from '../../helpers/mail';
import { mustangValidate } from '../../helpers/mustang';
import { fatalFindings, OFFICIAL_RULES, officialRulesValidate } from '../../helpers/official-rules';
import { LONDON_STUDIO, MANCHESTER_CLIENT, QUEBEC_CLIENT, QUEBEC_STUDIO } from '../../fixtures/studios-abroad';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('studios-everywhere');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const sql = sqlOn(() => t.sequelize);
const secret = process.env.CARDPROVIDER_WEBHOOK_SECRET ?? 'whsec_studio_local';
const signer = new Stripe('sk_test_signing_only');

/** A day as a document prints it: the locale's long date, on the studio's calendar (Paris: a new account's zone). */
const longDay = (issuedAt: string, locale: UserLocale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(issuedAt));
const pdfOf = async (studio: TestUser, route: string) =>
  pdfTextAt((await request(t.app).get(`${route}/pdf`).set(as(studio)).expect(200)).body.url);

/** The cells of a pdf's text: each line trimmed, the head's two columns apart. */
const cells = (text: string): string[] =>
  text
    .split('\n')
    .flatMap((line) => line.trim().split(/\s{3,}/))
    .filter(Boolean);

interface Country {
  name: string;
  /** The studio's language: its documents' dates and amounts follow it. */
  locale: UserLocale;
  profile: Record<string, unknown>;
  client: Record<string, unknown>;
  line: Record<string, unknown>;
  currency: string;
  /** What the invoice comes to, tax included, as the API says it. */
  amount: string;
  /** Words the issued pdf shows (title, each tax, totals, addresses). */
  shows: (string | RegExp)[];
  /** Words it must not show. */
  hides: RegExp[];
  /** The cells the addresses take, in the country's order. */
  addressCells: string[];
  /** What the line's taxes read back as. */
  taxes: { name: string; rate: string }[] | null;
  vatPercentage: string | null;
}

const COUNTRIES: Country[] = [
  {
    name: 'a New York City studio charging 8.875 % sales tax',
    locale: 'en-US',
    profile: {
      company_name: 'Brooklyn Light Studio LLC',
      company_street: '148 Court Street',
      company_zipcode: '11201',
      company_city: 'Brooklyn',
      company_country: 'US',
      tax_registrations: [{ kind: 'US_SALES_TAX_PERMIT', number: '12-3456789', region: 'NY' }],
    },
    client: { street: '350 Fifth Avenue', zipcode: '10118', city: 'New York, NY', country: 'US' },
    // 1.25 hours at $200: $250.00, and 8.875 % of it is $22.1875, so $22.19.
    line: { quantity: '1.25', price_without_tax: '200.00', taxes: [{ name: 'NYC sales tax', rate: '8.875' }] },
    currency: 'USD',
    amount: '272.19',
    shows: ['Invoice No.', 'NYC sales tax 8.875 %', '$22.19', '$272.19', 'Sales tax permit (NY): 12-3456789'],
    hides: [/VAT|TVA|€/],
    addressCells: ['Brooklyn, NY 11201', 'New York, NY 10118'],
    taxes: [{ name: 'NYC sales tax', rate: '8.875' }],
    vatPercentage: null,
  },
  {
    name: 'a Québec studio charging GST and QST, each shown',
    locale: 'fr-CA',
    profile: QUEBEC_STUDIO,
    client: QUEBEC_CLIENT,
    // $1,000 of work: GST 5 % $50.00 and QST 9.975 % $99.75, each on the price without GST.
    line: {
      quantity: '4',
      price_without_tax: '250.00',
      taxes: [
        { name: 'GST', rate: 5 },
        { name: 'QST', rate: '9.975' },
      ],
    },
    currency: 'CAD',
    amount: '1149.75',
    // In Canadian French: "1 149,75 $", "QST 9,975 %".
    shows: [
      'Facture N°',
      // Canada's taxes in Canadian French (issue 40 §7).
      'TPS 5 %',
      /TVQ 9,975 %/,
      /50,00\s\$/u,
      /99,75\s\$/u,
      /1\s149,75\s\$/u,
      'Numéro d’inscription à la TPS/TVH : 123026635RT0001',
      'Numéro d’inscription à la TVQ : 1227494057TQ0001',
      'Payable au plus tard le ',
    ],
    hides: [/VAT|TVA/],
    addressCells: ['Montréal QC H2W 2R2'],
    taxes: [
      { name: 'GST', rate: '5' },
      { name: 'QST', rate: '9.975' },
    ],
    vatPercentage: null,
  },
  {
    name: 'an Ontario studio charging 13 % HST as one tax',
    locale: 'en-CA',
    profile: {
      company_name: 'Queen West Portraits Inc.',
      company_street: '600 Queen Street West',
      company_zipcode: 'M5V 2B1',
      company_city: 'Toronto ON',
      company_country: 'CA',
      payment_terms_days: 30,
      tax_registrations: [{ kind: 'CA_GST_HST', number: '123026635RT0001' }],
    },
    client: { street: '100 King Street West', zipcode: 'M5X 1A9', city: 'Toronto ON', country: 'CA' },
    line: { quantity: '1', price_without_tax: '800.00', taxes: [{ name: 'HST', rate: '13' }] },
    currency: 'CAD',
    amount: '904.00',
    shows: ['HST 13 %', '$104.00', '$904.00', 'GST/HST registration number: 123026635RT0001'],
    hides: [/VAT|QST/],
    addressCells: ['Toronto ON M5V 2B1'],
    taxes: [{ name: 'HST', rate: '13' }],
    vatPercentage: '13.00',
  },
  {
    name: 'a VAT-registered UK studio',
    locale: 'en-GB',
    profile: LONDON_STUDIO,
    client: MANCHESTER_CLIENT,
    // Priced with VAT, as a UK studio quotes a private client: 3 × £199.99 is what the client pays.
    line: { quantity: '3', price_with_tax: '199.99', taxes: [{ name: 'VAT', rate: '20' }] },
    currency: 'GBP',
    amount: '599.97',
    shows: ['VAT invoice No.', 'VAT registration number: GB980780684', 'VAT 20 %', '£599.97', '£99.99'],
    hides: [/TVA|€/],
    addressCells: ['London', 'NW1 7PG', 'Manchester', 'M3 2BW'],
    taxes: [{ name: 'VAT', rate: '20' }],
    vatPercentage: '20.00',
  },
  {
    name: 'a UK sole trader under the VAT threshold',
    locale: 'en-GB',
    profile: {
      company_name: 'Rosa Lane Photography',
      company_street: '22 Mill Road',
      company_zipcode: 'CB1 2AD',
      company_city: 'Cambridge',
      company_country: 'GB',
      vat_exempt: true,
    },
    client: { street: '10 Deansgate', zipcode: 'M3 2BW', city: 'Manchester', country: 'GB' },
    line: { quantity: '1', price_without_tax: '450.00', vat_percentage: '0' },
    currency: 'GBP',
    amount: '450.00',
    shows: ['Invoice No.', '£450.00', 'Date of supply:'],
    hides: [/VAT invoice|VAT registration number|TVA/],
    addressCells: ['Cambridge', 'CB1 2AD'],
    taxes: null,
    vatPercentage: '0.00',
  },
  {
    name: 'an Australian studio registered for GST',
    locale: 'en-AU',
    profile: {
      company_name: 'Harbour Light Photography Pty Ltd',
      company_street: '1 George Street',
      company_zipcode: '2000',
      company_city: 'Sydney NSW',
      company_country: 'AU',
      tax_registrations: [{ kind: 'AU_ABN', number: '51 824 753 556' }],
    },
    client: { street: '200 Collins Street', zipcode: 'VIC 3000', city: 'Melbourne', country: 'AU' },
    line: { quantity: '1', price_without_tax: '1200.00', taxes: [{ name: 'GST', rate: '10' }] },
    currency: 'AUD',
    amount: '1320.00',
    shows: ['Tax invoice No.', 'ABN 51 824 753 556', 'GST 10 %', '$1,320.00', '$120.00'],
    hides: [/VAT|TVA/],
    addressCells: ['Sydney NSW 2000', 'Melbourne VIC 3000'],
    taxes: [{ name: 'GST', rate: '10' }],
    vatPercentage: '10.00',
  },
  {
    name: 'an Australian studio under the GST threshold',
    locale: 'en-AU',
    profile: {
      company_name: 'Bondi Film Co',
      company_street: '5 Campbell Parade',
      company_zipcode: '2026',
      company_city: 'Bondi Beach NSW',
      company_country: 'AU',
      vat_exempt: true,
    },
    client: { street: '200 Collins Street', zipcode: 'VIC 3000', city: 'Melbourne', country: 'AU' },
    line: { quantity: '2', price_without_tax: '300.00' },
    currency: 'AUD',
    amount: '600.00',
    shows: ['Invoice No.', '$600.00'],
    hides: [/Tax invoice|VAT|TVA|Total price includes GST/],
    addressCells: ['Bondi Beach NSW 2026'],
    taxes: null,
    vatPercentage: '0.00',
  },
  {
    name: 'an Irish studio charging 23 % VAT',
    locale: 'en-IE',
    profile: {
      company_name: 'Liffey Studios Ltd',
      company_street: '12 Ormond Quay Upper',
      company_zipcode: 'D07 W6X2',
      company_city: 'Dublin 7',
      company_country: 'IE',
      tax_registrations: [{ kind: 'IE_VAT', number: 'IE8473625E' }],
    },
    client: { street: '1 Grand Parade', zipcode: 'T12 DA0E', city: 'Cork', country: 'IE' },
    line: { quantity: '1', price_without_tax: '1000.00', vat_percentage: '23' },
    currency: 'EUR',
    amount: '1230.00',
    shows: ['VAT invoice No.', 'IE8473625E', '€1,230.00', '€230.00'],
    hides: [/TVA/],
    addressCells: ['Dublin 7', 'Cork'],
    taxes: null,
    vatPercentage: '23.00',
  },
];

describe.each(COUNTRIES)('$name', (country) => {
  it('creates, issues under its law, prints, mails, is paid in part, credited, and paid by card in its currency', async () => {
    const studio = await buildUser(t.app, { locale: country.locale, name: String(country.profile.company_name) });
    await saveStudioProfile(t.app, studio, { email: `hello-${studio.id.slice(0, 8)}@studio.test`, ...country.profile });
    const address = `jordan-${crypto.randomUUID()}@example.test`;
    const contact = await buildBillableContact(t.app, studio, {
      first_name: 'Jordan',
      last_name: 'Rivera',
      email: address,
      ...country.client,
    });
    const created = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Wedding coverage',
        contact_id: contact.id,
        items: [{ item_type: 'SESSION_TYPE', description: 'Wedding coverage', ...country.line }],
      });
    expect({ status: created.status, body: created.status === 201 ? 'ok' : created.body }).toEqual({
      status: 201,
      body: 'ok',
    });
    expect(created.body).toMatchObject({ currency: country.currency, amount: country.amount });
    expect(created.body.items[0]).toMatchObject({ taxes: country.taxes, vat_percentage: country.vatPercentage });

    const issued = await request(t.app).post(`/api/invoices/${created.body.id}/issue`).set(as(studio));
    expect({ status: issued.status, body: issued.status === 200 ? 'issued' : issued.body }).toEqual({
      status: 200,
      body: 'issued',
    });
    const invoice = issued.body as { id: string; number: string; balance_due: string };
    expect(invoice.balance_due).toBe(country.amount);

    const text = await pdfOf(studio, `/api/invoices/${invoice.id}`);
    for (const words of [...country.shows, invoice.number])
      if (typeof words === 'string') expect(text).toContain(words);
      else expect(text).toMatch(words);
    // The issue date as the studio's locale writes it ("27 November 2026", "November 27, 2026", "27 novembre 2026").
    expect(text).toContain(longDay((issued.body as { issued_at: string }).issued_at, country.locale));
    for (const hidden of country.hides) expect(text).not.toMatch(hidden);
    expect(cells(text)).toEqual(expect.arrayContaining(country.addressCells));

    // What its law decided at issue is kept with it (issue 42), and the pdf bears the title kept.
    const [{ legal_facts: facts }] = await sql<{ legal_facts: { jurisdiction: string; titleCode: string } | null }>(
      'SELECT legal_facts FROM invoices WHERE id = $1',
      [invoice.id],
    );
    const printedTitle = country.shows.find((w) => typeof w === 'string' && /invoice No\.$/.test(w));
    expect(facts).toMatchObject({
      jurisdiction: country.profile.company_country,
      titleCode:
        { 'VAT invoice No.': 'vat_invoice', 'Tax invoice No.': 'tax_invoice' }[String(printedTitle)] ?? 'invoice',
    });

    // Sent to the client, the pdf attached.
    const sent = await request(t.app).post(`/api/invoices/${invoice.id}/send-email`).set(as(studio)).send({});
    expect(sent.status).toBeLessThan(300);
    await eventually('the invoice mailed', async () => (await mailsTo(address)).length > 0, 60_000);
    const [mail] = await mailsTo(address);
    expect(mail.attachments?.[0]?.contentType).toBe('application/pdf');

    // A transfer of a fifth, then a credit note of a tenth of the amount.
    const total = Math.round(Number(country.amount) * 100);
    const part = (cents: number) => (cents / 100).toFixed(2);
    const paidPart = Math.round(total / 5);
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: part(paidPart), method: 'bank_transfer' })
      .expect(201);
    const creditCents = Math.round(total / 10);
    const note = await request(t.app)
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .set(as(studio))
      .send({ reason: 'Album delivered late', amount: part(creditCents) });
    expect({ status: note.status, body: note.status === 201 ? 'ok' : note.body }).toEqual({ status: 201, body: 'ok' });
    expect(note.body.currency).toBe(country.currency);
    const parts = (note.body.vat_parts as { total: string }[]).reduce(
      (s, p) => s + Math.round(Number(p.total) * 100),
      0,
    );
    expect(parts).toBe(creditCents);
    if (country.taxes && country.taxes.length > 1) {
      // Each tax credited on its own, in proportion: the GST and QST of a Québec credit both show.
      const taxes = (note.body.tax_parts as { taxes: { name: string; amount: string }[] }[]).flatMap((p) => p.taxes);
      expect(taxes.map((x) => x.name).sort()).toEqual(country.taxes.map((x) => x.name).sort());
      expect(taxes.every((x) => Number(x.amount) > 0)).toBe(true);
    }
    const credit = await pdfOf(studio, `/api/credit-notes/${note.body.id}`);
    expect(credit).toContain(note.body.number);
    // Its law's decision is kept with it too, and its pdf bears the title kept (issue 42).
    const [{ legal_facts: noteFacts }] = await sql<{ legal_facts: { jurisdiction: string; titleCode: string } }>(
      'SELECT legal_facts FROM credit_notes WHERE id = $1',
      [note.body.id],
    );
    expect(noteFacts.jurisdiction).toBe(country.profile.company_country);
    const noteTitle = { credit_note: /Credit note|Avoir/, adjustment_note: /Adjustment note/ }[
      noteFacts.titleCode as 'credit_note' | 'adjustment_note'
    ];
    expect(credit).toMatch(noteTitle);
    // Each tax by name and rate, its decimals as the locale writes them (9.975, 9,975).
    // A Canadian French document names Canada's taxes in French (issue 40 §7): GST is TPS, QST TVQ.
    const printed = (name: string) =>
      country.locale === 'fr-CA' ? (({ GST: 'TPS', QST: 'TVQ' } as Record<string, string>)[name] ?? name) : name;
    for (const tax of country.taxes ?? [])
      expect(credit).toMatch(new RegExp(`${printed(tax.name)} ${tax.rate.replace('.', '[.,]')} %`));

    const left = total - paidPart - creditCents;
    const before = await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio)).expect(200);
    expect(before.body).toMatchObject({ payment_status: 'PARTIALLY_PAID', balance_due: part(left) });

    // The rest by card, in the invoice's currency and minor unit, until the webhook says it is paid.
    const started = await request(t.app)
      .post('/api/cardprovider/payments/invoices')
      .set(as(studio))
      .send({ invoice_id: invoice.id });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ currency: country.currency.toLowerCase(), amount: part(left) });
    const payload = JSON.stringify({
      id: `evt_${invoice.id.slice(0, 12)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: started.body.paymentIntentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount_received: left,
          currency: country.currency.toLowerCase(),
        },
      },
    });
    await request(t.app)
      .post('/api/cardprovider/webhooks')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
      .send(payload)
      .expect(200);
    await eventually('the invoice paid', async () => {
      const [row] = await sql<{ payment_status: string }>('SELECT payment_status FROM invoices WHERE id = $1', [
        invoice.id,
      ]);
      return row?.payment_status === 'PAID';
    });
    const ledger = await sql<{ currency: string }>(
      'SELECT DISTINCT currency FROM invoice_payments WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(ledger).toEqual([{ currency: country.currency }]);
  }, 240_000);
});

describe('tax lines refused', () => {
  it('a French studio keeps one VAT rate of two decimals a line; bad taxes are a 400 naming the field', async () => {
    const french = await buildUser(t.app);
    await saveStudioProfile(t.app, french, FRENCH_STUDIO);
    const twoTaxes = await request(t.app)
      .post('/api/invoices')
      .set(as(french))
      .send({
        title: 'Mariage',
        items: [
          {
            item_type: 'SESSION_TYPE',
            price_without_tax: '100',
            taxes: [
              { name: 'TVA', rate: '20' },
              { name: 'Autre', rate: '1' },
            ],
          },
        ],
      });
    expect(twoTaxes.status).toBe(400);
    expect(twoTaxes.body.details).toEqual([expect.objectContaining({ path: 'items.0.taxes' })]);
    // One VAT of two decimals is the French line it always was.
    const one = await request(t.app)
      .post('/api/invoices')
      .set(as(french))
      .send({
        title: 'Mariage',
        items: [{ item_type: 'SESSION_TYPE', price_without_tax: '100', taxes: [{ name: 'TVA', rate: '5.5' }] }],
      });
    expect(one.status).toBe(201);
    expect(one.body.items[0]).toMatchObject({ vat_percentage: '5.50', taxes: null, total: '105.50' });

    const studio = await buildUser(t.app, { locale: 'en-US' });
    await saveStudioProfile(t.app, studio, { company_name: 'Lumière Plateau inc.', company_country: 'CA' });
    for (const [taxes, extra, pathWanted] of [
      [[{ name: 'GST', rate: '5.0001' }], {}, 'items.0.taxes.0.rate'],
      [[{ name: 'GST', rate: '101' }], {}, 'items.0.taxes.0.rate'],
      [[{ name: '', rate: '5' }], {}, 'items.0.taxes.0.name'],
      [
        [
          { name: 'GST', rate: '5' },
          { name: 'gst', rate: '5' },
        ],
        {},
        'items.0.taxes',
      ],
      [[{ name: 'HST', rate: '13' }], { vat_percentage: '15' }, 'items.0.vat_percentage'],
    ] as const) {
      const res = await request(t.app)
        .post('/api/quotes')
        .set(as(studio))
        .send({ title: 'Wedding', items: [{ item_type: 'SESSION_TYPE', price_without_tax: '100', taxes, ...extra }] });
      expect({ taxes, status: res.status }).toEqual({ taxes, status: 400 });
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(pathWanted);
    }
    const quote = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({
        title: 'Wedding',
        items: [
          {
            item_type: 'SESSION_TYPE',
            price_without_tax: '100',
            taxes: [
              { name: 'GST', rate: '5' },
              { name: 'QST', rate: '9.975' },
            ],
          },
        ],
      });
    expect(quote.status).toBe(201);
    expect(quote.body.amount).toBe('114.98');
  }, 120_000);
});

describe("a studio's tax rates and its clients' treatment (issue 30 §2)", () => {
  const NEW_YORK = {
    company_name: 'Brooklyn Light Studio LLC',
    company_street: '148 Court Street',
    company_zipcode: '11201',
    company_city: 'Brooklyn',
    company_country: 'US',
    company_region: 'ny',
    tax_registrations: [
      { kind: 'US_SALES_TAX_PERMIT', number: '12-3456789', region: 'NY' },
      { kind: 'US_SALES_TAX_PERMIT', number: 'NJ-445566', region: 'NJ' },
    ],
    tax_rates: [
      { name: 'NYC', taxes: [{ name: 'NYC sales tax', rate: '8.875' }], regions: ['NY'], is_default: true },
      { name: 'New Jersey', taxes: [{ name: 'NJ sales tax', rate: '6.625' }], regions: ['nj'] },
    ],
  };
  const draft = (studio: TestUser, contactId: string, line: Record<string, unknown>) =>
    request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Engagement shoot',
        contact_id: contactId,
        items: [{ item_type: 'SESSION_TYPE', description: 'Engagement shoot', price_without_tax: '400.00', ...line }],
      });

  it("takes the client's region's rate, a rate named on the line, or none for a tax-exempt client", async () => {
    const studio = await buildUser(t.app, { locale: 'en-US' });
    const saved = await saveStudioProfile(t.app, studio, NEW_YORK);
    expect(saved).toMatchObject({ company_region: 'NY' });
    expect((saved as { tax_rates: { regions: string[] }[] }).tax_rates[1].regions).toEqual(['NJ']);
    const jersey = await buildBillableContact(t.app, studio, {
      street: '1 Hudson Place',
      zipcode: '07030',
      city: 'Hoboken',
      region: 'NJ',
      country: 'US',
    });
    expect(jersey).toMatchObject({ region: 'NJ', reverse_charge: false, tax_exempt_reference: null });
    // No tax sent: the client's state's rate, 6.625 % of $400.
    const fromRegion = await draft(studio, jersey.id, {});
    expect(fromRegion.status).toBe(201);
    expect(fromRegion.body).toMatchObject({ amount: '426.50' });
    expect(fromRegion.body.items[0].taxes).toEqual([{ name: 'NJ sales tax', rate: '6.625' }]);
    // A rate named on the line wins; an unknown name is a 400 naming the field.
    const named = await draft(studio, jersey.id, { tax_rate: 'nyc' });
    expect(named.body).toMatchObject({ amount: '435.50' });
    const unknown = await draft(studio, jersey.id, { tax_rate: 'Vermont' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: 'items.0.tax_rate' })]);
    // A client with no region takes the default rate.
    const plain = await buildBillableContact(t.app, studio, { city: 'Brooklyn', country: 'US' });
    expect((await draft(studio, plain.id, {})).body).toMatchObject({ amount: '435.50' });

    // A tax-exempt client (a resale certificate): no tax, and its certificate on the invoice.
    const reseller = await buildBillableContact(t.app, studio, {
      company_name: 'Hudson Frames Wholesale',
      street: '1 Hudson Place',
      zipcode: '07030',
      city: 'Hoboken',
      region: 'NJ',
      country: 'US',
      tax_exempt_reference: 'ST-120 0042',
    });
    const exempt = await draft(studio, reseller.id, { tax_rate: 'NYC' });
    expect(exempt.body).toMatchObject({ amount: '400.00' });
    const issued = await request(t.app).post(`/api/invoices/${exempt.body.id}/issue`).set(as(studio));
    expect(issued.status).toBe(200);
    const text = await pdfOf(studio, `/api/invoices/${exempt.body.id}`);
    expect(text).toContain('Tax exempt: certificate ST-120 0042');
    expect(cells(text)).toContain('Hoboken, NJ 07030');
    expect(text).toContain('$400.00');
  }, 120_000);

  it('a UK studio bills a reverse-charged business client abroad without VAT, and says so', async () => {
    const studio = await buildUser(t.app, { locale: 'en-GB' });
    await saveStudioProfile(t.app, studio, {
      ...LONDON_STUDIO,
      tax_rates: [{ name: 'Standard', taxes: [{ name: 'VAT', rate: '20' }], is_default: true }],
    });
    const client = await buildBillableContact(t.app, studio, {
      company_name: 'Liffey Studios Ltd',
      street: '12 Ormond Quay Upper',
      zipcode: 'D07 W6X2',
      city: 'Dublin 7',
      country: 'IE',
      vat_number: 'IE8473625E',
      reverse_charge: true,
    });
    const invoice = await draft(studio, client.id, {});
    expect(invoice.body).toMatchObject({ amount: '400.00' });
    const issued = await request(t.app).post(`/api/invoices/${invoice.body.id}/issue`).set(as(studio));
    expect(issued.status).toBe(200);
    const text = await pdfOf(studio, `/api/invoices/${invoice.body.id}`);
    expect(text).toContain('Reverse charge: the customer accounts for the VAT');
    expect(text).toContain('IE8473625E');
    expect(text).toContain('£400.00');
  }, 120_000);

  it('refuses a list of rates that names one twice, gives a region to two, or has two defaults', async () => {
    const studio = await buildUser(t.app, { locale: 'en-US' });
    const put = (tax_rates: unknown[]) =>
      request(t.app)
        .put('/api/users/me/company')
        .set(as(studio))
        .send({ company_name: 'Brooklyn Light', company_country: 'US', tax_rates });
    const twice = await put([
      { name: 'NYC', taxes: [{ name: 'Sales tax', rate: '8.875' }] },
      { name: 'nyc', taxes: [{ name: 'Sales tax', rate: '8' }] },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.details[0].path).toBe('tax_rates.1.name');
    const region = await put([
      { name: 'A', taxes: [], regions: ['NY'] },
      { name: 'B', taxes: [], regions: ['NY'] },
    ]);
    expect(region.body.details[0].path).toBe('tax_rates.1.regions');
    const defaults = await put([
      { name: 'A', taxes: [], is_default: true },
      { name: 'B', taxes: [], is_default: true },
    ]);
    expect(defaults.body.details[0].path).toBe('tax_rates');
    const badRate = await put([{ name: 'A', taxes: [{ name: 'GST', rate: '5.1234' }] }]);
    expect(badRate.body.details[0].path).toBe('tax_rates.0.taxes.0.rate');
  }, 60_000);
});

describe('a UBL e-invoice for a business client (issue 30 §3)', () => {
  it("a UK studio's issued VAT invoice is a Peppol BIS Billing 3 UBL file the CEN and Peppol rules and Mustang find valid; elsewhere a 409 says why", async () => {
    const studio = await buildUser(t.app, { locale: 'en-GB' });
    await saveStudioProfile(t.app, studio, {
      ...LONDON_STUDIO,
      email: 'accounts@camdenframes.test',
      payment_terms_days: 30,
    });
    const client = await buildBillableContact(t.app, studio, {
      company_name: 'Northern Quarter Events Ltd',
      street: '10 Deansgate',
      zipcode: 'M3 2BW',
      city: 'Manchester',
      country: 'GB',
      vat_number: 'GB999999973',
    });
    const created = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Product shoot',
        contact_id: client.id,
        items: [
          {
            item_type: 'SESSION_TYPE',
            description: 'Product shoot',
            quantity: '1.25',
            price_without_tax: '880.00',
            vat_percentage: '20',
          },
          { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: '5' },
        ],
      })
      .expect(201);
    const draftUbl = await request(t.app).get(`/api/invoices/${created.body.id}/ubl`).set(as(studio));
    expect(draftUbl.status).toBe(409);
    const issued = await request(t.app).post(`/api/invoices/${created.body.id}/issue`).set(as(studio)).expect(200);
    const link = await request(t.app).get(`/api/invoices/${created.body.id}/ubl`).set(as(studio));
    expect({ status: link.status, body: link.status === 200 ? 'ok' : link.body }).toEqual({ status: 200, body: 'ok' });
    const xml = (await download(link.body.url as string)).toString('utf8');
    expect(xml).toContain('<cbc:DocumentCurrencyCode>GBP</cbc:DocumentCurrencyCode>');
    expect(xml).toContain(`<cbc:ID>${issued.body.number}</cbc:ID>`);
    expect(xml).toContain('GB980780684');
    expect(xml).toContain(`<cbc:PayableAmount currencyID="GBP">${issued.body.amount}</cbc:PayableAmount>`);
    expect(xml).not.toMatch(/Indemnité|Pénalités|currencyID="EUR"/);
    const report = await mustangValidate(Buffer.from(xml), 'invoice-ubl.xml');
    expect({ status: report.status, errors: report.errors }).toEqual({ status: 'valid', errors: [] });
    // A real Peppol invoice (issue 40 §6): its identifiers, a buyer reference, VAT numbers as Peppol addresses.
    expect(xml).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    );
    expect(xml).toContain('<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>');
    expect(xml).toContain(`<cbc:BuyerReference>${issued.body.number}</cbc:BuyerReference>`);
    expect(xml).toContain('<cbc:EndpointID schemeID="9932">GB980780684</cbc:EndpointID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="9932">GB999999973</cbc:EndpointID>');
    const official = await officialRulesValidate([
      { name: 'invoice-ubl', xml, ves: OFFICIAL_RULES.en16931Ubl },
      { name: 'invoice-ubl', xml, ves: OFFICIAL_RULES.peppolInvoice },
    ]);
    expect(fatalFindings(official)).toEqual([]);

    // A client without a VAT number has no Peppol address: a 409 says so.
    const person = await buildBillableContact(t.app, studio, { ...MANCHESTER_CLIENT });
    const personal = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Portrait',
        contact_id: person.id,
        items: [
          { item_type: 'SESSION_TYPE', description: 'Portrait', price_without_tax: '300.00', vat_percentage: '20' },
        ],
      })
      .expect(201);
    await request(t.app).post(`/api/invoices/${personal.body.id}/issue`).set(as(studio)).expect(200);
    const noAddress = await request(t.app).get(`/api/invoices/${personal.body.id}/ubl`).set(as(studio));
    expect([noAddress.status, noAddress.body.message]).toEqual([409, expect.stringMatching(/Peppol.*VAT number/)]);

    // Not for a French studio (Factur-X), nor an Australian one (PINT A-NZ is not made), nor one of tax lines.
    const french = await buildUser(t.app);
    const frenchInvoice = await buildInvoice(t.app, french, { issued: true });
    const fr = await request(t.app).get(`/api/invoices/${frenchInvoice.id}/ubl`).set(as(french));
    expect(fr.status).toBe(409);
    expect(fr.body.message).toMatch(/Factur-X/);
    const other = await request(t.app).get(`/api/invoices/${created.body.id}/ubl`).set(as(french));
    expect(other.status).toBe(404);
  }, 180_000);
});

describe('deposits of a Québec quote with GST and QST (issue 30 §2)', () => {
  it('split the installment over the sets of taxes, and the final invoice takes off exactly what each declared', async () => {
    const studio = await buildUser(t.app, { locale: 'en-CA' });
    await saveStudioProfile(t.app, studio, {
      ...QUEBEC_STUDIO,
      company_city: 'Montréal',
      company_region: 'QC',
      tax_rates: [
        {
          name: 'Québec',
          taxes: [
            { name: 'GST', rate: '5' },
            { name: 'QST', rate: '9.975' },
          ],
          regions: ['QC'],
          is_default: true,
        },
        { name: 'GST only', taxes: [{ name: 'GST', rate: '5' }] },
      ],
    });
    const client = await buildBillableContact(t.app, studio, {
      street: '1000 rue De La Gauchetière',
      zipcode: 'H3B 4W5',
      city: 'Montréal',
      region: 'QC',
      country: 'CA',
    });
    // $2,000 of wedding at GST + QST ($2,299.50) and $300 of prints at GST alone ($315.00): $2,614.50.
    const quote = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({
        title: 'Mariage Tremblay',
        contact_id: client.id,
        items: [
          { item_type: 'SESSION_TYPE', description: 'Wedding', price_without_tax: '2000.00' },
          { item_type: 'SESSION_TYPE', description: 'Prints', price_without_tax: '300.00', tax_rate: 'GST only' },
        ],
        payment_schedule: [
          { percentage: 30, due: { type: 'on_booking' } },
          { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
        ],
      });
    expect({ status: quote.status, amount: quote.body.amount }).toEqual({ status: 201, amount: '2614.50' });
    await request(t.app).post(`/api/quotes/${quote.body.id}/accept`).set(as(studio)).expect(200);

    const deposit = await request(t.app)
      .post(`/api/quotes/${quote.body.id}/deposit-invoices`)
      .set(as(studio))
      .send({ installment: 0 });
    expect({ status: deposit.status, body: deposit.status === 201 ? 'ok' : deposit.body }).toEqual({
      status: 201,
      body: 'ok',
    });
    // 30 % of $2,614.50 is $784.35, shared over the two sets of taxes in proportion.
    expect(deposit.body.amount).toBe('784.35');
    expect(
      deposit.body.items.map((i: { taxes: { name: string }[] }) => i.taxes.map((x) => x.name).join('+')).sort(),
    ).toEqual(['GST', 'GST+QST']);
    await request(t.app).post(`/api/invoices/${deposit.body.id}/issue`).set(as(studio)).expect(200);
    // The deposit as its client and their accountant read it (pdftotext): each tax the studio
    // declared, on its base, and the total, as the service stored them.
    const sql = sqlOn(() => t.sequelize);
    const [stored] = await sql<{
      tax_amounts: { name: string; rate: string; base: string; amount: string }[];
    }>('SELECT tax_amounts FROM invoices WHERE id = $1', [deposit.body.id]);
    expect(stored.tax_amounts.map((x) => `${x.name} ${x.rate} ${x.base} ${x.amount}`).sort()).toEqual([
      'GST 5 690.00 34.50',
      'QST 9.975 600.00 59.85',
    ]);
    const depositText = await pdfOf(studio, `/api/invoices/${deposit.body.id}`);
    const dollars = (decimal: string) => `\\$${Number(decimal).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`;
    for (const tax of stored.tax_amounts)
      expect(depositText).toMatch(
        new RegExp(`${tax.name} ${tax.rate.replace('.', '\\.')} %\\s+${dollars(tax.base)}\\s+${dollars(tax.amount)}`),
      );
    expect(depositText).toMatch(/Deposit invoice No\. F-\d{4}-\d{5}/);
    expect(depositText).toMatch(/Total incl\. tax\s+\$784\.35/);
    expect(depositText).toContain('QST registration number: 1227494057TQ0001');
    // Due at booking, today: the studio's 30-day terms would say otherwise, so only the due date is printed.
    expect(depositText).toMatch(/Due date: \w+ \d{1,2}, \d{4}/);
    expect(depositText).not.toContain('Payment within 30 days');
    const credit = await request(t.app)
      .post(`/api/invoices/${deposit.body.id}/credit-notes`)
      .set(as(studio))
      .send({ reason: 'Smaller album', amount: '50.00' })
      .expect(201);

    const final = await request(t.app).post(`/api/quotes/${quote.body.id}/invoice`).set(as(studio));
    expect({ status: final.status, body: final.status === 201 ? 'ok' : final.body }).toEqual({
      status: 201,
      body: 'ok',
    });
    expect(final.body.amount).toBe('1880.15'); // 2 614.50 − (784.35 − 50.00)
    const deducted = final.body.items.filter((i: { item_type: string }) => i.item_type === 'DEPOSIT');
    expect(deducted.length).toBe(2);
    const issued = await request(t.app).post(`/api/invoices/${final.body.id}/issue`).set(as(studio));
    expect({ status: issued.status, body: issued.status === 200 ? 'ok' : issued.body }).toEqual({
      status: 200,
      body: 'ok',
    });

    // Each tax, over the deposit, its credit note and the final invoice, is the quote's: never declared twice.
    const summaries = await sql<{ tax_amounts: { name: string; amount: string }[] }>(
      'SELECT tax_amounts FROM invoices WHERE id = ANY($1)',
      [[deposit.body.id, final.body.id]],
    );
    const declared = new Map<string, number>();
    for (const row of summaries)
      for (const tax of row.tax_amounts)
        declared.set(tax.name, (declared.get(tax.name) ?? 0) + Math.round(Number(tax.amount) * 100));
    for (const part of credit.body.tax_parts as { taxes: { name: string; amount: string }[] }[])
      for (const tax of part.taxes)
        declared.set(tax.name, (declared.get(tax.name) ?? 0) - Math.round(Number(tax.amount) * 100));
    expect(Object.fromEntries(declared)).toEqual({ GST: 11_500, QST: 19_950 });

    const text = await pdfOf(studio, `/api/invoices/${final.body.id}`);
    expect(text).toContain('Deposit no.');
    expect(text).toContain('$1,880.15'); // en-CA writes CAD as $
    expect(text).toContain('QST 9.975 %');
  }, 180_000);
});
