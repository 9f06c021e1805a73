// E-reporting through HTTP against the real stack (issue 32 §4): a French studio under the
// simplified regime (monthly reports) reports a month's sale to a private client and its payment;
// a sale to a French company is left to e-invoicing; a credit note and a sale entered late go into
// the next report as corrections; a period is reported once, and only once it has ended.
import crypto from 'node:crypto';
import request from 'supertest';
import { binaryBody } from '../../helpers/downloads';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { backdate as moveToDay } from '../../helpers/backdate';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, vat_regime: 'REEL_SIMPLIFIE' });
  // Its approved platform: the simulator the test stack starts (credentials studio-local).
  await request(t.app)
    .put('/api/users/me/e-invoicing-platform')
    .set(as(studio))
    .send({ base_url: process.env.PA_SIMULATOR_URL, client_id: 'studio-local', client_secret: 'studio-local-secret' })
    .expect(200);
  worker = await startMainWorker('e-reporting');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

type SimulatedFlow = {
  trackingId: string | null;
  sha256: string;
  flowType: string;
  status: string;
  lifecycle: Record<string, unknown> | null;
};
/** The e-report flow the simulator received for a report, once the send job has run. */
const reportFlow = (reportId: string) =>
  eventually('the e-report at the platform', async () => {
    const { flows } = (await (await fetch(`${process.env.PA_SIMULATOR_URL}/_simulator/flows`)).json()) as {
      flows: SimulatedFlow[];
    };
    return flows.find((f) => f.trackingId === `e-report:${reportId}`);
  });

/** The 15th of the month `monthsAgo` months before this one, in Paris. */
function fifteenth(monthsAgo: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-')
    .map(Number);
  const date = new Date(Date.UTC(year, month - 1 - monthsAgo, 15));
  return date.toISOString().slice(0, 10);
}

/** Moves an issued record to another day in Paris (test/helpers/backdate.ts). */
const backdate = (table: 'invoices' | 'credit_notes' | 'invoice_payments', id: string, day: string) =>
  moveToDay(t.sequelize, table, id, day);

const report = (body: Record<string, unknown>, user = studio) =>
  request(t.app).post('/api/e-reporting/reports').set(as(user)).send(body);
const line = {
  item_type: 'SESSION_TYPE',
  description: 'Séance portrait',
  price_without_tax: '100.00',
  vat_percentage: 20,
};

describe('e-reporting a French studio’s sales to private clients', () => {
  it('reports a month’s B2C sale and payment, then a credit note and a late sale as corrections of the next month', async () => {
    const twoMonthsAgo = fifteenth(2);
    const lastMonth = fifteenth(1);
    const person = await buildBillableContact(t.app, studio);
    const company = await buildBillableContact(t.app, studio, {
      company_name: 'Agence Lumen SAS',
      siren: '732829320',
      contact_type: 'COMPANY',
    });
    const sale = await buildInvoice(t.app, studio, {
      contact_id: person.id,
      items: [line],
      issued: true,
      profile: false,
    });
    const b2b = await buildInvoice(t.app, studio, {
      contact_id: company.id,
      items: [line],
      issued: true,
      profile: false,
    });
    const paid = await request(t.app)
      .post(`/api/invoices/${sale.id}/payments`)
      .set(as(studio))
      .send({ amount: '120.00', method: 'bank_transfer' })
      .expect(201);
    await backdate('invoices', sale.id, twoMonthsAgo);
    await backdate('invoices', b2b.id, twoMonthsAgo);
    await backdate('invoice_payments', paid.body.id ?? paid.body.payment?.id, twoMonthsAgo);

    const sales = await report({ flow: 'TRANSACTIONS', day: twoMonthsAgo }).expect(201);
    expect(sales.body).toMatchObject({
      flow: 'TRANSACTIONS',
      vat_regime: 'REEL_SIMPLIFIE',
      period_start: `${twoMonthsAgo.slice(0, 7)}-01`,
      records: 1,
      corrections: [],
    });
    // One line: the private client's sale; the company's went as an e-invoice.
    expect(sales.body.totals).toEqual([
      {
        day: twoMonthsAgo,
        flow: 'B2C',
        category: 'SERVICES',
        currency: 'EUR',
        vat_rate: '20.00',
        taxable_base: '100.00',
        vat: '20.00',
        documents: 1,
      },
    ]);
    expect(sales.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await report({ flow: 'TRANSACTIONS', day: twoMonthsAgo })).status).toBe(409);

    // Sent through the studio's platform, once, as an e-reporting flow it accepted.
    const sent = await reportFlow(sales.body.id);
    expect(sent).toMatchObject({ flowType: 'EReporting', status: 'Déposée' });
    // One file from every side (issue 40 §14): the bytes downloaded, the hash the report keeps and
    // the hash of the file the platform received are one.
    const downloaded = await request(t.app)
      .get(`/api/e-reporting/reports/${sales.body.id}/file`)
      .set(as(studio))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const downloadedHash = crypto
      .createHash('sha256')
      .update(downloaded.body as Buffer)
      .digest('hex');
    expect({ downloaded: downloadedHash, platform: sent.sha256 }).toEqual({
      downloaded: sales.body.sha256,
      platform: sales.body.sha256,
    });
    expect(JSON.parse((downloaded.body as Buffer).toString('utf8'))).toMatchObject({ totals: sales.body.totals });
    expect(sent.lifecycle).toMatchObject({ flow: 'TRANSACTIONS', totals: sales.body.totals });
    const read = await eventually('the transmission recorded', async () => {
      const r = await request(t.app).get(`/api/e-reporting/reports/${sales.body.id}`).set(as(studio));
      return r.body.transmission?.status === 'Déposée' ? r.body : undefined;
    });
    expect(read.transmission.flow_id).toEqual(expect.any(String));

    const payments = await report({ flow: 'PAYMENTS', day: twoMonthsAgo }).expect(201);
    expect(payments.body.totals).toEqual([
      { day: twoMonthsAgo, currency: 'EUR', vat_rate: '20.00', amount: '120.00', payments: 1 },
    ]);

    // Later: a credit note of 60.00 on the reported sale (last month), and a sale of two months
    // ago entered only now (after that month was reported).
    const note = await buildCreditNote(t.app, studio, { invoice_id: sale.id, amount: '60.00' });
    await backdate('credit_notes', note.id, lastMonth);
    const late = await buildInvoice(t.app, studio, {
      contact_id: person.id,
      items: [line],
      issued: true,
      profile: false,
    });
    await backdate('invoices', late.id, twoMonthsAgo);

    const next = await report({ flow: 'TRANSACTIONS', day: lastMonth }).expect(201);
    expect((await reportFlow(next.body.id)).lifecycle).toMatchObject({ corrections: next.body.corrections });
    expect(next.body.totals).toEqual([]);
    expect(next.body.corrections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ day: lastMonth, taxable_base: '-50.00', vat: '-10.00', documents: 1 }),
        expect.objectContaining({ day: twoMonthsAgo, taxable_base: '100.00', vat: '20.00', documents: 1 }),
      ]),
    );
    const file = (await request(t.app).get(`/api/e-reporting/reports/${next.body.id}`).set(as(studio)).expect(200)).body
      .file as { records: { id: string; correction: boolean; corrects: string | null }[] };
    expect(file.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: note.id, correction: true, corrects: sale.number }),
        expect.objectContaining({ id: late.id, correction: true }),
      ]),
    );
    // Nothing is ever reported twice.
    const [{ n }] = (
      await t.sequelize.query('SELECT count(*)::int AS n FROM e_report_records WHERE record_id = $1', {
        bind: [sale.id],
      })
    )[0] as { n: number }[];
    expect(n).toBe(1);

    const listed = await request(t.app).get('/api/e-reporting/reports').set(as(studio)).expect(200);
    expect(listed.body).toHaveLength(3);
  });

  it('refuses a period not ended yet, a studio without a regime or outside France, and hides other studios’ reports', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const early = await report({ flow: 'TRANSACTIONS', day: today });
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain('period_not_ended');

    const noRegime = await buildUser(t.app);
    await saveStudioProfile(t.app, noRegime);
    const missing = await report({ flow: 'PAYMENTS' }, noRegime);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('vat_regime');
    expect((await report({ flow: 'SALES' }, noRegime)).status).toBe(400);

    const mine = await request(t.app).get('/api/e-reporting/reports').set(as(studio)).expect(200);
    const other = await request(t.app).get(`/api/e-reporting/reports/${mine.body[0].id}`).set(as(noRegime));
    expect(other.status).toBe(404);
    expect((await request(t.app).get(`/api/e-reporting/reports/${crypto.randomUUID()}`).set(as(studio))).status).toBe(
      404,
    );
  });

  it('reports goods apart from services, and only the services’ share of a payment (issue 32 §5)', async () => {
    const day = fifteenth(2);
    // Studios of their own (no platform: the reports are kept, not sent), one that opted for VAT on debits.
    const shop = await buildUser(t.app);
    await saveStudioProfile(t.app, shop, { ...FRENCH_STUDIO, vat_regime: 'REEL_SIMPLIFIE' });
    const debits = await buildUser(t.app);
    await saveStudioProfile(t.app, debits, { ...FRENCH_STUDIO, vat_regime: 'REEL_SIMPLIFIE', vat_on_debits: true });
    const items = [
      line,
      { ...line, description: 'Tirages 30×40', quantity: 3, price_without_tax: '100.00', category: 'GOODS' },
    ];
    for (const user of [shop, debits]) {
      const person = await buildBillableContact(t.app, user);
      const sale = await buildInvoice(t.app, user, { contact_id: person.id, items, issued: true, profile: false });
      const paid = await request(t.app)
        .post(`/api/invoices/${sale.id}/payments`)
        .set(as(user))
        .send({ amount: '240.00', method: 'bank_transfer' })
        .expect(201);
      await backdate('invoices', sale.id, day);
      await backdate('invoice_payments', paid.body.id ?? paid.body.payment?.id, day);
    }

    const sales = await report({ flow: 'TRANSACTIONS', day }, shop).expect(201);
    const at = { day, flow: 'B2C', currency: 'EUR', vat_rate: '20.00', documents: 1 };
    expect(sales.body.totals).toEqual([
      { ...at, category: 'GOODS', taxable_base: '300.00', vat: '60.00' },
      { ...at, category: 'SERVICES', taxable_base: '100.00', vat: '20.00' },
    ]);
    // 240.00 of an invoice of 480.00, a quarter of it for the session: 60.00 reported.
    const payments = await report({ flow: 'PAYMENTS', day }, shop).expect(201);
    expect(payments.body.totals).toEqual([{ day, currency: 'EUR', vat_rate: '20.00', amount: '60.00', payments: 1 }]);
    // VAT on debits: its VAT is due when it invoices; no payment is reported.
    const none = await report({ flow: 'PAYMENTS', day }, debits).expect(201);
    expect(none.body).toMatchObject({ totals: [], corrections: [], records: 0 });
  });
  it('reports a payment received on a day given alone on that day, for a studio west of UTC too (issue 40 §15)', async () => {
    const day = fifteenth(2);
    const martinique = await buildUser(t.app, { time_zone: 'America/Martinique' });
    await saveStudioProfile(t.app, martinique, { ...FRENCH_STUDIO, vat_regime: 'REEL_SIMPLIFIE' });
    const person = await buildBillableContact(t.app, martinique);
    const sale = await buildInvoice(t.app, martinique, {
      contact_id: person.id,
      items: [line],
      issued: true,
      profile: false,
    });
    const paid = await request(t.app)
      .post(`/api/invoices/${sale.id}/payments`)
      .set(as(martinique))
      .send({ amount: '120.00', method: 'bank_transfer', received_at: day })
      .expect(201);
    await moveToDay(t.sequelize, 'invoices', sale.id, day, 'America/Martinique');
    // The day starts at 04:00 UTC in Martinique: the day given, on the studio's clock.
    expect(paid.body.received_at).toBe(`${day}T04:00:00.000Z`);
    const payments = await report({ flow: 'PAYMENTS', day }, martinique).expect(201);
    expect(payments.body.totals).toEqual([{ day, currency: 'EUR', vat_rate: '20.00', amount: '120.00', payments: 1 }]);
    expect(payments.body.corrections).toEqual([]);
  });
});
