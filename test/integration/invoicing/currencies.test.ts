// Currencies (issue 30 §1), through the api and a real worker: a studio's currency comes from its
// country unless it sets one; its quotes and invoices are in it unless one names another; deposits,
// final invoices and credit notes keep their source's; the pdf prints every amount in it; and a
// currency the amounts cannot hold is a 400 naming why, never a document in the wrong money.
import request from 'supertest';
import Stripe from 'stripe';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { sqlOn } from '../../helpers/sql';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('currencies');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const BROOKLYN = {
  company_name: 'Brooklyn Light Studio LLC',
  company_street: '148 Court Street',
  company_zipcode: '11201',
  company_city: 'Brooklyn',
  company_country: 'US',
  email: 'hello@brooklynlight.test',
};

async function usStudio(): Promise<TestUser> {
  const studio = await buildUser(t.app, { locale: 'en-US', name: 'Brooklyn Light' });
  await saveStudioProfile(t.app, studio, BROOKLYN);
  return studio;
}

describe("a studio's currency", () => {
  it("is its country's until it sets one, and a profile saved without it goes back to the country's", async () => {
    const studio = await usStudio();
    const profile = await request(t.app).get('/api/users/me/company').set(as(studio)).expect(200);
    expect(profile.body.currency).toBe('USD');

    await request(t.app)
      .put('/api/users/me/company')
      .set(as(studio))
      .send({ ...BROOKLYN, currency: 'cad' })
      .expect(200);
    expect((await request(t.app).get('/api/users/me/company').set(as(studio))).body.currency).toBe('CAD');

    await saveStudioProfile(t.app, studio, BROOKLYN);
    expect((await request(t.app).get('/api/users/me/company').set(as(studio))).body.currency).toBe('USD');

    const french = await buildUser(t.app);
    await saveStudioProfile(t.app, french, FRENCH_STUDIO);
    expect((await request(t.app).get('/api/users/me/company').set(as(french))).body.currency).toBe('EUR');
  }, 60_000);

  it('refuses a code that is no currency, and currencies whose amounts the documents cannot hold yet', async () => {
    const studio = await usStudio();
    for (const [currency, reason] of [
      ['XYZ', /not an ISO 4217 currency code/],
      ['dollars', /three letters/],
      ['JPY', /JPY has 0 decimal places/],
      ['BHD', /BHD has 3 decimal places/],
    ] as const) {
      const res = await request(t.app)
        .put('/api/users/me/company')
        .set(as(studio))
        .send({ ...BROOKLYN, currency });
      expect({ currency, status: res.status, code: res.body.code }).toEqual({
        currency,
        status: 400,
        code: 'invalid_input',
      });
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'currency' })]);
      expect(JSON.stringify(res.body)).toMatch(reason);
      const draft = await request(t.app)
        .post('/api/invoices')
        .set(as(studio))
        .send({ title: 'Wedding', currency, items: [] });
      expect(draft.status).toBe(400);
    }
    // Nothing was saved by the refusals.
    expect((await request(t.app).get('/api/users/me/company').set(as(studio))).body.currency).toBe('USD');
  }, 60_000);
});

describe("a document's currency", () => {
  it("is the studio's by default, another when named, and the pdf prints every amount in it", async () => {
    const studio = await usStudio();
    const contact = await buildBillableContact(t.app, studio);
    const invoice = await buildInvoice(t.app, studio, {
      contact_id: contact.id,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Wedding coverage',
          quantity: 1,
          price_without_tax: '2500.00',
          vat_percentage: 0,
        },
      ],
    });
    expect(invoice.currency).toBe('USD');
    const pdf = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio)).expect(200);
    const text = await pdfTextAt(pdf.body.url);
    expect(text).toContain('$2,500.00');
    expect(text).not.toContain('€');

    const abroad = await buildQuote(t.app, studio, { contact_id: contact.id, currency: 'GBP' });
    expect(abroad.currency).toBe('GBP');
    const quotePdf = await request(t.app).get(`/api/quotes/${abroad.id}/pdf`).set(as(studio)).expect(200);
    expect(await pdfTextAt(quotePdf.body.url)).toMatch(/£\d/);
  }, 120_000);

  it("an invoice made from a quote, and a credit note of an invoice, keep their source's currency", async () => {
    const studio = await buildUser(t.app);
    await saveStudioProfile(t.app, studio, FRENCH_STUDIO);
    const quote = await buildQuote(t.app, studio, { currency: 'CHF', accepted: true });
    expect(quote.currency).toBe('CHF');
    const converted = await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio));
    expect(converted.status).toBe(201);
    expect(converted.body.currency).toBe('CHF');

    const invoice = await buildInvoice(t.app, studio, { issued: true });
    expect(invoice.currency).toBe('EUR');
    const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id });
    expect(note.currency).toBe('EUR');
  }, 120_000);
});

describe('a studio outside France (issue 30 §3)', () => {
  const sql = sqlOn(() => t.sequelize);
  const secret = process.env.CARDPROVIDER_WEBHOOK_SECRET ?? 'whsec_studio_local';
  const signer = new Stripe('sk_test_signing_only');
  const taxedWedding = [
    {
      item_type: 'SESSION_TYPE',
      description: 'Wedding coverage',
      quantity: '1.25',
      price_without_tax: '2000.00',
      vat_percentage: '4.00',
    },
  ];

  it('issues under its own law, without the French e-invoice gate, and is paid by card in its currency', async () => {
    const studio = await usStudio();
    const contact = await buildBillableContact(t.app, studio);
    const draft = await buildInvoice(t.app, studio, { contact_id: contact.id, items: taxedWedding });
    expect(draft).toMatchObject({ currency: 'USD', amount: '2600.00' });

    // Sales tax without a permit: refused, naming the rule, and still a draft.
    const refused = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ rule: 'us_sales_tax_without_permit' })]);
    expect((await request(t.app).get(`/api/invoices/${draft.id}`).set(as(studio))).body.status).toBe('DRAFT');

    // A badly formed permit is refused with the profile; a New York one is kept.
    const noState = await request(t.app)
      .put('/api/users/me/company')
      .set(as(studio))
      .send({ ...BROOKLYN, tax_registrations: [{ kind: 'US_SALES_TAX_PERMIT', number: '12-3456789' }] });
    expect(noState.status).toBe(400);
    await saveStudioProfile(t.app, studio, {
      ...BROOKLYN,
      tax_registrations: [{ kind: 'US_SALES_TAX_PERMIT', number: '12-3456789', region: 'ny' }],
    });
    const issued = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: 'ISSUED', currency: 'USD', balance_due: '2600.00' });
    expect(issued.body.number).toBeTruthy();
    // Factur-X is France's: a US invoice has none, and says why.
    const facturx = await request(t.app).get(`/api/invoices/${draft.id}/facturx`).set(as(studio));
    expect(facturx.status).toBe(409);
    expect(facturx.body.code).toBe('e_invoice_not_available');

    const started = await request(t.app)
      .post('/api/cardprovider/payments/invoices')
      .set(as(studio))
      .send({ invoice_id: draft.id });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ currency: 'usd', amount: '2600.00' });
    const [payment] = await sql<{ currency: string; amount: string }>(
      'SELECT currency, amount FROM cardprovider_payments WHERE invoice_id = $1',
      [draft.id],
    );
    expect(payment).toEqual({ currency: 'usd', amount: '2600.00' });

    const succeeded = (id: string, amountReceived: number, currency: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: started.body.paymentIntentId,
            object: 'payment_intent',
            status: 'succeeded',
            amount_received: amountReceived,
            currency,
          },
        },
      });
    const deliver = (payload: string) =>
      request(t.app)
        .post('/api/cardprovider/webhooks')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
        .send(payload)
        .expect(200);
    // An event stating other money than the payment asked for (euros, or another amount) pays nothing.
    await deliver(succeeded(`evt_eur_${draft.id.slice(0, 8)}`, 260000, 'eur'));
    await deliver(succeeded(`evt_less_${draft.id.slice(0, 8)}`, 2600, 'usd'));
    await eventually('both refused', async () => {
      const rows = await sql<{ status: string }>(
        "SELECT status FROM job_runs WHERE job_name = 'payments.webhook-event' AND payload->>'reference' = $1",
        [started.body.paymentIntentId],
      );
      return rows.length === 2 && rows.every((r) => r.status === 'COMPLETED');
    });
    expect(
      (await sql<{ payment_status: string }>('SELECT payment_status FROM invoices WHERE id = $1', [draft.id]))[0],
    ).toEqual({ payment_status: 'UNPAID' });
    await deliver(succeeded(`evt_usd_${draft.id.slice(0, 8)}`, 260000, 'usd'));
    await eventually('the invoice paid', async () => {
      const [row] = await sql<{ payment_status: string }>('SELECT payment_status FROM invoices WHERE id = $1', [
        draft.id,
      ]);
      return row?.payment_status === 'PAID';
    });
    const [ledger] = await sql<{ currency: string; amount: string }>(
      'SELECT currency, amount FROM invoice_payments WHERE invoice_id = $1',
      [draft.id],
    );
    expect(ledger).toEqual({ currency: 'USD', amount: '2600.00' });
  }, 180_000);

  it("a French studio's invoice in another currency is refused at issue with the reason, and stays a draft", async () => {
    const studio = await buildUser(t.app);
    const invoice = await buildInvoice(t.app, studio, { currency: 'USD', profile: true });
    const refused = await request(t.app).post(`/api/invoices/${invoice.id}/issue`).set(as(studio));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'currency' })]);
    expect((await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio))).body.status).toBe('DRAFT');
  }, 60_000);
});

describe('a new account (issue 30 §4)', () => {
  const register = (body: Record<string, unknown>) =>
    request(t.app)
      .post('/api/auth/register')
      .send({
        email: `new-${Math.random().toString(36).slice(2)}@studio.test`,
        password: 'correct horse battery',
        ...body,
      });

  it('takes its time zone, language, country and first currency from what it told at registration', async () => {
    const chicago = await register({ country: 'us', time_zone: 'America/Chicago' });
    expect(chicago.status).toBe(201);
    expect(chicago.body.user.locale).toBe('en-US');
    const me = await request(t.app).get('/api/users/me').set('Authorization', `Bearer ${chicago.body.accessToken}`);
    expect(me.body).toMatchObject({ time_zone: 'America/Chicago', country: 'US' });
    // No company profile yet: the account's country gives the currency of its first invoice.
    const draft = await request(t.app)
      .post('/api/invoices')
      .set('Authorization', `Bearer ${chicago.body.accessToken}`)
      .send({ title: 'Senior portraits' });
    expect(draft.status).toBe(201);
    expect(draft.body.currency).toBe('USD');

    const london = await register({ country: 'GB' });
    const londonMe = await request(t.app)
      .get('/api/users/me')
      .set('Authorization', `Bearer ${london.body.accessToken}`);
    expect(londonMe.body).toMatchObject({ time_zone: 'Europe/London', country: 'GB' });

    // As before for an account that tells nothing: Paris, French, euros.
    const plain = await register({});
    expect(plain.body.user.locale).toBe('fr-FR');
    const plainMe = await request(t.app).get('/api/users/me').set('Authorization', `Bearer ${plain.body.accessToken}`);
    expect(plainMe.body).toMatchObject({ time_zone: 'Europe/Paris', country: null });

    // Editable afterwards; a wrong zone or country is a 400 naming the field.
    await request(t.app)
      .patch('/api/users/me/preferences')
      .set('Authorization', `Bearer ${plain.body.accessToken}`)
      .send({ country: 'AU', time_zone: 'Australia/Perth' })
      .expect(200);
    const after = await request(t.app).get('/api/users/me').set('Authorization', `Bearer ${plain.body.accessToken}`);
    expect(after.body).toMatchObject({ time_zone: 'Australia/Perth', country: 'AU' });
    for (const wrong of [{ time_zone: 'Mars/Olympus' }, { country: 'Atlantis' }]) {
      const res = await register(wrong);
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.path).toBe(Object.keys(wrong)[0]);
    }
  }, 60_000);
});
