// Issue 28, "Every document valid", through HTTP against the real stack (api, worker, Chromium, S3):
// generated invoices (quantities with decimals, prices with and without tax, line discounts, each
// kind of document discount, three VAT rates, text lines), credit notes (by amount and by lines),
// deposits and final invoices. For every document the API accepts and issues: its e-invoice passes
// the Mustang validator (a tool the project does not write) with zero errors, its XML's totals are
// the API's amounts, each XML line reconciles (quantity × price − its discount = its net), and the
// pdf, read back with pdftotext, prints every line's unit price, discount and net and the totals.
// A fixed number of generated cases; fast-check prints the seed of a failing run (FC_SEED replays it).
import path from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { mustangValidate } from '../../helpers/mustang';
import { fatalFindings, OFFICIAL_RULES, officialRulesValidate } from '../../helpers/official-rules';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
let contactId: string;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, email: 'studio@lumiere.example.fr' });
  contactId = (await buildBillableContact(t.app, studio)).id;
  worker = await startMainWorker('documents-valid');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
/** French euros as pdftotext reads them (Intl's narrow no-break spaces as spaces), with `decimals` at most. */
const euros = (value: number, decimals = 2) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, decimals),
  })
    .format(value)
    .replace(/[\u202f\u00a0]/g, ' ');
const frNumber = (value: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value).replace(/[\u202f\u00a0]/g, ' ');

/** The text of the pdf of the document at `base`, kept beside the stack as `name`.pdf. */
async function documentPdfText(base: string, name: string): Promise<string> {
  const link = await request(t.app).get(`${base}/pdf`).set(as(studio)).expect(200);
  return pdfTextAt(link.body.url as string, { plainSpaces: true, keepAs: path.join(testStackDir, `${name}.pdf`) });
}

/** Every element of that name in a CII document, as text. */
const all = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1]);
const first = (xml: string, name: string) => all(xml, name)[0];

interface XmlLine {
  quantity: number;
  price: string;
  allowance: { percent: number; base: number; amount: number } | null;
  net: number;
}

/** The lines of a CII document: quantity, net price (as written), its own allowance, net. */
function xmlLines(xml: string): XmlLine[] {
  return [
    ...xml.matchAll(/<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g),
  ].map(([, line]) => {
    const allowance = /<ram:SpecifiedTradeAllowanceCharge>([\s\S]*?)<\/ram:SpecifiedTradeAllowanceCharge>/.exec(
      line,
    )?.[1];
    return {
      quantity: Number(first(line, 'BilledQuantity')),
      price: first(
        /<ram:NetPriceProductTradePrice>([\s\S]*?)<\/ram:NetPriceProductTradePrice>/.exec(line)?.[1] ?? '',
        'ChargeAmount',
      ),
      allowance: allowance
        ? {
            percent: Number(first(allowance, 'CalculationPercent')),
            base: cents(first(allowance, 'BasisAmount')),
            amount: cents(first(allowance, 'ActualAmount')),
          }
        : null,
      net: cents(first(line, 'LineTotalAmount')),
    };
  });
}

/**
 * The checks every issued document meets: its XML passes Mustang with zero errors; its totals are
 * the API's amount and add up; each line reconciles; its pdf prints each line's figures and the totals.
 */
async function expectValidDocument(base: string, amount: string, label: string): Promise<string> {
  const xmlLink = await request(t.app).get(`${base}/xml`).set(as(studio));
  expect([xmlLink.status, xmlLink.body.message]).toEqual([200, undefined]);
  const xml = (await download(xmlLink.body.url as string)).toString('utf8');
  const report = await mustangValidate(Buffer.from(xml), `${label}.xml`);
  expect({ label, errors: report.errors, status: report.status }).toEqual({ label, errors: [], status: 'valid' });

  // The totals: the API's amount, and sums that add up.
  expect(first(xml, 'GrandTotalAmount')).toBe(amount);
  const lines = xmlLines(xml);
  // The header's sum comes after the lines' own LineTotalAmount.
  const lineTotal = cents(all(xml, 'LineTotalAmount').at(-1) ?? '');
  const allowances = cents(first(xml, 'AllowanceTotalAmount') ?? '0');
  const taxBasis = cents(first(xml, 'TaxBasisTotalAmount'));
  expect(lines.reduce((sum, l) => sum + l.net, 0)).toBe(lineTotal);
  expect(lineTotal - allowances).toBe(taxBasis);
  expect(taxBasis + cents(all(xml, 'TaxTotalAmount')[0])).toBe(cents(amount));

  // Each line reconciles with a calculator: quantity × price, rounded, less its discount.
  for (const l of lines) {
    const gross = Math.round(Math.abs(l.quantity) * Number(l.price) * 100 + 1e-6) * Math.sign(l.quantity);
    if (l.allowance) {
      expect(l.allowance.base).toBe(gross);
      expect(l.allowance.amount).toBe(l.allowance.base - l.net);
      expect(Math.round((l.allowance.base * (10_000 - Math.round(l.allowance.percent * 100))) / 10_000)).toBe(l.net);
    } else expect(gross).toBe(l.net);
  }

  // The pdf: every line's quantity, unit price, discount and net, and the totals, as the XML says.
  const text = await documentPdfText(base, label);
  for (const l of lines) {
    const decimals = l.price.split('.')[1]?.length ?? 0;
    expect(text).toContain(euros(Number(l.price), decimals));
    expect(text).toContain(euros(l.net / 100));
    expect(text).toContain(frNumber(l.quantity));
    if (l.allowance) expect(text).toContain(`${frNumber(l.allowance.percent)} %`);
  }
  expect(text).toContain(euros(taxBasis / 100));
  expect(text).toContain(euros(cents(amount) / 100));
  if (allowances !== 0) expect(text).toContain(euros(lineTotal / 100));
  return xml;
}

const RATES = [20, 10, 5.5];
const serviceLine = fc.record({
  item_type: fc.constant('SESSION_TYPE'),
  description: fc.constantFrom('Retouche portrait', 'Séance studio', 'Tirage 20×30', 'Album', 'Heure de retouche'),
  quantity: fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((q) => q / 4),
    fc.integer({ min: 1, max: 2_000 }).map((q) => q / 100),
  ),
  vat_percentage: fc.constantFrom(...RATES),
  withTax: fc.boolean(),
  price: fc.integer({ min: 1, max: 250_000 }).map((c) => (c / 100).toFixed(2)),
  discount_percentage: fc.oneof(fc.constant(0), fc.constantFrom(10, 15.5, 33.33, 50)),
});
const textLine = fc.constantFrom({ item_type: 'TEXT', description: 'Livraison sous 15 jours' }, { item_type: 'BLANK' });
const documentDiscount = fc.oneof(
  fc.integer({ min: 1, max: 3_000 }).map((bp) => ({
    item_type: 'DISCOUNT',
    description: 'Fidélité',
    discount_type: 'PERCENTAGE_OF_TOTAL',
    discount_percentage: bp / 100,
  })),
  fc.integer({ min: 1, max: 5_000 }).map((c) => ({
    item_type: 'DISCOUNT',
    description: 'Geste commercial',
    discount_type: 'FIXED_WITH_TAX',
    discount_amount: (c / 100).toFixed(2),
  })),
  fc.integer({ min: 1, max: 5_000 }).map((c) => ({
    item_type: 'DISCOUNT',
    description: 'Remise HT',
    discount_type: 'FIXED_WITHOUT_TAX',
    discount_amount: (c / 100).toFixed(2),
  })),
);
const invoiceItems = fc
  .tuple(
    fc.array(serviceLine, { minLength: 1, maxLength: 5 }),
    fc.option(textLine, { nil: undefined }),
    fc.option(documentDiscount, { nil: undefined }),
  )
  .map(([lines, text, discount]) => [
    ...lines.map(({ withTax, price, ...l }) => ({
      ...l,
      price_includes_tax: withTax,
      ...(withTax ? { price_with_tax: price } : { price_without_tax: price }),
      ...(l.discount_percentage ? {} : { discount_percentage: undefined }),
    })),
    ...(text ? [text] : []),
    ...(discount ? [discount] : []),
  ]);
/** A credit note: an amount (a share of what is left), or some of the invoice's lines. */
const creditChoice = fc.oneof(
  fc.record({ by: fc.constant('amount' as const), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ by: fc.constant('lines' as const), pick: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }) }),
);

async function issueInvoice(
  items: unknown[],
): Promise<{ id: string; amount: string; items: { id: string; item_type: string; total: string }[] }> {
  const draft = await request(t.app)
    .post('/api/invoices')
    .set(as(studio))
    .send({ title: 'Séance', contact_id: contactId, items });
  expect([draft.status, draft.body.details]).toEqual([201, undefined]);
  const issued = await request(t.app).post(`/api/invoices/${draft.body.id}/issue`).set(as(studio));
  expect([issued.status, issued.body.details]).toEqual([200, undefined]);
  return issued.body;
}

let run = 0;
describe('every document the API issues is a valid e-invoice whose pdf says what its XML says (issue 28)', () => {
  it('generated invoices and their credit notes', async () => {
    await fc.assert(
      fc.asyncProperty(invoiceItems, creditChoice, async (items, credit) => {
        run += 1;
        const invoice = await issueInvoice(items);
        if (cents(invoice.amount) === 0) return;
        await expectValidDocument(`/api/invoices/${invoice.id}`, invoice.amount, `generated-${run}`);
        // Lines that come to something: a line of 0.01 × 0,10 € is 0,00 €, and a free line is credited by an amount (a 400 says so).
        const priced = invoice.items.filter((i) => i.item_type === 'SESSION_TYPE' && cents(i.total) > 0);
        const chosen = credit.by === 'lines' ? priced.filter((_, i) => credit.pick[i % credit.pick.length]) : [];
        const body =
          credit.by === 'amount' || chosen.length === 0
            ? {
                reason: 'Geste commercial',
                amount: (
                  Math.max(
                    1,
                    Math.floor((cents(invoice.amount) * (credit.by === 'amount' ? credit.share : 50)) / 100),
                  ) / 100
                ).toFixed(2),
              }
            : { reason: 'Prestations non réalisées', items: chosen.map((i) => ({ invoice_item_id: i.id })) };
        let note = await request(t.app).post(`/api/invoices/${invoice.id}/credit-notes`).set(as(studio)).send(body);
        // Whole lines can credit more at a rate than a document discount left there: the API says so and an amount is credited, as it advises.
        if (note.status === 409 && note.body.code === 'credit_exceeds_creditable' && 'items' in body) {
          note = await request(t.app)
            .post(`/api/invoices/${invoice.id}/credit-notes`)
            .set(as(studio))
            .send({
              reason: body.reason,
              amount: (Math.max(1, Math.floor(cents(invoice.amount) / 3)) / 100).toFixed(2),
            });
        }
        expect([note.status, note.body.message]).toEqual([201, undefined]);
        await expectValidDocument(`/api/credit-notes/${note.body.id}`, note.body.amount, `generated-${run}-credit`);
      }),
      { numRuns: 6, endOnFailure: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  }, 900_000);

  it('generated deposits and the final invoice that deducts them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(serviceLine, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 10, max: 60 }),
        async (lines, percentage) => {
          run += 1;
          const items = lines.map(({ withTax, price, ...l }) => ({
            ...l,
            price_includes_tax: withTax,
            ...(withTax ? { price_with_tax: price } : { price_without_tax: price }),
          }));
          const quote = await request(t.app)
            .post('/api/quotes')
            .set(as(studio))
            .send({
              title: 'Mariage',
              contact_id: contactId,
              items,
              payment_schedule: [
                { percentage, due: { type: 'on_booking' } },
                { percentage: 100 - percentage, due: { type: 'fixed', date: '2030-06-01' } },
              ],
            });
          expect([quote.status, quote.body.details]).toEqual([201, undefined]);
          await request(t.app).post(`/api/quotes/${quote.body.id}/accept`).set(as(studio)).expect(200);
          const draft = await request(t.app)
            .post(`/api/quotes/${quote.body.id}/deposit-invoices`)
            .set(as(studio))
            .send({ installment: 0 });
          // A quote of a cent or so has a first installment that may round to nothing: refused, saying so.
          if (cents(quote.body.amount) * percentage < 100 && draft.status === 400) {
            expect(draft.body.details).toEqual([{ path: 'installment', message: 'comes to 0.00' }]);
            return;
          }
          expect([draft.status, draft.body.details]).toEqual([201, undefined]);
          const deposit = (
            await request(t.app).post(`/api/invoices/${draft.body.id}/issue`).set(as(studio)).expect(200)
          ).body;
          await expectValidDocument(`/api/invoices/${deposit.id}`, deposit.amount, `generated-${run}-deposit`);
          const final = await request(t.app).post(`/api/quotes/${quote.body.id}/invoice`).set(as(studio));
          expect([final.status, final.body.details]).toEqual([201, undefined]);
          const issued = (await request(t.app).post(`/api/invoices/${final.body.id}/issue`).set(as(studio)).expect(200))
            .body;
          await expectValidDocument(`/api/invoices/${issued.id}`, issued.amount, `generated-${run}-final`);
        },
      ),
      { numRuns: 2, endOnFailure: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  }, 600_000);
});

describe('the cases the issue found', () => {
  it.each([
    ['without tax', { price_without_tax: '99.99' }, '149.99'],
    ['with tax', { price_with_tax: '99.99', price_includes_tax: true }, '124.99'],
  ])(
    '1.25 hours of retouching at 99.99 € %s is issued with its e-invoice',
    async (_label, price, amount) => {
      const invoice = await issueInvoice([
        { item_type: 'SESSION_TYPE', description: 'Heure de retouche', quantity: 1.25, vat_percentage: 20, ...price },
      ]);
      expect(invoice.amount).toBe(amount);
      const facturx = await request(t.app).get(`/api/invoices/${invoice.id}/facturx`).set(as(studio));
      expect(facturx.status).toBe(200);
      const xml = await expectValidDocument(
        `/api/invoices/${invoice.id}`,
        invoice.amount,
        `retouching-${'price_with_tax' in price ? 'ttc' : 'ht'}`,
      );
      expect(xmlLines(xml)[0].quantity).toBe(1.25);
    },
    240_000,
  );

  it('12 portraits at 35,00 € incl. VAT with 10 % off: the pdf prints a line a calculator checks, the XML the same line', async () => {
    const invoice = await issueInvoice([
      {
        item_type: 'SESSION_TYPE',
        description: 'Portrait retouché',
        quantity: 12,
        price_with_tax: '35.00',
        price_includes_tax: true,
        discount_percentage: 10,
        vat_percentage: 20,
      },
    ]);
    expect(invoice.amount).toBe('378.00');
    const xml = await expectValidDocument(`/api/invoices/${invoice.id}`, invoice.amount, 'portraits');
    const [line] = xmlLines(xml);
    expect(line).toMatchObject({
      quantity: 12,
      price: '29.167',
      allowance: { percent: 10, base: 35_000, amount: 3_500 },
      net: 31_500,
    });
    // The CEN schematron itself, which Mustang let pass: no currency on the line allowance's amounts (CII-DT-031).
    const official = await officialRulesValidate([{ name: 'portraits', xml, ves: OFFICIAL_RULES.en16931Cii }]);
    expect(fatalFindings(official)).toEqual([]);
    expect(xml).toMatch(/<ram:BasisAmount>350.00<\/ram:BasisAmount>\s*<ram:ActualAmount>35.00<\/ram:ActualAmount>/);
    const text = await documentPdfText(`/api/invoices/${invoice.id}`, 'portraits-again');
    // One printed row: 12 × 29,167 € = 350,00 €, less 10 % = 315,00 € excl. VAT; 20 % VAT makes 378,00 €.
    expect(text).toMatch(/Portrait retouché\s+12\s+29,167 €\s+10 %\s+20 %\s+315,00 €/);
    expect(text).toMatch(/Total TTC\s+378,00 €/);
    // The reform's mention of the category of operation (issue 32 §5), on the invoice only.
    expect(text).toContain('Catégorie de l’opération : prestation de services');
    // A quote of the same line prints the same row.
    const quote = await buildQuote(t.app, studio, {
      title: 'Portraits',
      contact_id: contactId,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Portrait retouché',
          quantity: 12,
          price_with_tax: '35.00',
          price_includes_tax: true,
          discount_percentage: 10,
          vat_percentage: 20,
        },
      ],
    });
    const quoteText = await documentPdfText(`/api/quotes/${quote.id}`, 'portraits-quote');
    expect(quoteText).toMatch(/Portrait retouché\s+12\s+29,167 €\s+10 %\s+20 %\s+315,00 €/);
    expect(quoteText).toMatch(/Total TTC\s+378,00 €/);
    expect(quoteText).not.toContain('Catégorie de l’opération');
  }, 240_000);

  it('a document discount shows what it takes off before tax, between the lines and the total excl. VAT', async () => {
    const invoice = await issueInvoice([
      { item_type: 'SESSION_TYPE', description: 'Séance', price_without_tax: '200.00', vat_percentage: 20 },
      { item_type: 'DISCOUNT', description: 'Fidélité', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: 10 },
    ]);
    expect(invoice.amount).toBe('216.00');
    const text = await documentPdfText(`/api/invoices/${invoice.id}`, 'discounted');
    expect(text).toMatch(/Sous-total HT\s+200,00 €\s+Fidélité \(10 %\)\s+-20,00 €\s+Total HT\s+180,00 €/);
  }, 120_000);

  it('a session on its own day: the pdf prints the service date and the XML states it (BT-72)', async () => {
    const session = await buildSession(t.app, studio, {
      title: 'Mariage',
      location: 'Lyon',
      contact_id: contactId,
      start_date: '2026-06-13T13:00:00Z',
      end_date: '2026-06-13T20:00:00Z',
    });
    const draft = await buildInvoice(t.app, studio, {
      title: 'Mariage',
      contact_id: contactId,
      session_id: session.id,
      items: [
        { item_type: 'SESSION_TYPE', description: 'Reportage', price_without_tax: '1500.00', vat_percentage: 20 },
      ],
    });
    const issued = (await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio)).expect(200)).body;
    expect([draft.service_date, issued.service_date, issued.service_end_date]).toEqual([null, '2026-06-13', null]);
    const xml = await expectValidDocument(`/api/invoices/${issued.id}`, issued.amount, 'session-day');
    expect(xml).toMatch(
      /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">20260613</,
    );
    expect(await documentPdfText(`/api/invoices/${issued.id}`, 'session-day-again')).toContain(
      'Date de la prestation : 13 juin 2026',
    );
    // Moving the session later changes neither: the date was kept at issue.
    await request(t.app)
      .put(`/api/sessions/${session.id}`)
      .set(as(studio))
      .send({ start_date: '2026-07-04T13:00:00Z', end_date: '2026-07-04T22:00:00Z' })
      .expect(200);
    expect(await documentPdfText(`/api/invoices/${issued.id}`, 'session-day-moved')).toContain(
      'Date de la prestation : 13 juin 2026',
    );

    // A session over two days (past midnight in Paris): the period, BG-14, on both.
    const weekend = await buildSession(t.app, studio, {
      title: 'Mariage',
      location: 'Lyon',
      contact_id: contactId,
      start_date: '2026-06-20T13:00:00Z',
      end_date: '2026-06-20T23:30:00Z',
    });
    const long = await buildInvoice(t.app, studio, {
      title: 'Mariage',
      contact_id: contactId,
      session_id: weekend.id,
      items: [
        { item_type: 'SESSION_TYPE', description: 'Reportage', price_without_tax: '1800.00', vat_percentage: 20 },
      ],
    });
    const longIssued = (await request(t.app).post(`/api/invoices/${long.id}/issue`).set(as(studio)).expect(200)).body;
    expect([longIssued.service_date, longIssued.service_end_date]).toEqual(['2026-06-20', '2026-06-21']);
    const periodXml = await expectValidDocument(`/api/invoices/${longIssued.id}`, longIssued.amount, 'session-period');
    expect(periodXml).toMatch(
      /<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20260620<[\s\S]*?<ram:EndDateTime>\s*<udt:DateTimeString format="102">20260621</,
    );
    expect(await documentPdfText(`/api/invoices/${longIssued.id}`, 'session-period-again')).toContain(
      'Période de la prestation : du 20 juin 2026 au 21 juin 2026',
    );
  }, 240_000);

  it('a price on a text line is a 400 naming the field, not a line stored at 0.00', async () => {
    const res = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Séance',
        contact_id: contactId,
        items: [{ item_type: 'TEXT', description: 'Forfait', price_with_tax: '120.00' }],
      });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'items.0.price_with_tax',
          message: expect.stringContaining('carries no amount'),
        }),
      ]),
    );
    // A field that does not parse is named as such, and the type's rule does not read it (it was a 500, found by schemathesis).
    const bad = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({ title: 'Séance', items: [{ item_type: 'BLANK', discount_amount: 'AAA' }] });
    expect([bad.status, bad.body.details]).toEqual([
      400,
      [expect.objectContaining({ path: 'items.0.discount_amount' })],
    ]);
  });
});
