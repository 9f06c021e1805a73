// Deposit invoices (factures d'acompte) through HTTP against the real stack (issue 21 §1): a
// deposit invoice per installment of a quote's schedule, split over its VAT rates, numbered in the
// invoice series at issue; the final invoice from the quote deducts each issued deposit per rate.
// Every amount below is worked out by hand in the comments.
import request from 'supertest';
import { loadDocumentView } from '../../../activities/invoicing/document-view';
import { loadCreditNoteSources, loadDocumentSources } from '../../../db/queries/document-sources';
import { documentHtml } from '../../../domain/invoicing/document-html';
import { centsToDecimal } from '../../../domain/invoicing/money';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { bindDb } from '../../../workers/bind-db';

/** The document reads loadDocumentView takes, bound to the app's database (as workers/activities.ts binds them). */
const documentSources = () => bindDb(t.sequelize, { loadDocumentSources, loadCreditNoteSources });

let t: TestApp;
let studio: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  other = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
});
afterAll(() => t.close());

const year = () => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const frenchDay = (day: string) => day.split('-').reverse().join('/');

// A wedding at 20 % (1 500.00 excl. → 1 800.00) and prints at 10 % (300.00 excl. → 330.00): 2 130.00.
const lines = [
  { item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 },
  { item_type: 'SESSION_TYPE', description: 'Tirages', price_without_tax: '300.00', vat_percentage: 10 },
];
// 30 % on booking (639.00), the rest (1 491.00) on a fixed day.
const schedule = [
  { percentage: 30, due: { type: 'on_booking' } },
  { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
];

type Item = {
  item_type: string;
  description: string;
  vat_percentage: string;
  total: string;
  price_without_tax: string;
  deposit_invoice_id: string | null;
};

/** An accepted quote of the wedding (numbered D-… on acceptance). */
async function acceptedQuote(): Promise<{ id: string; number: string }> {
  const contact = await buildBillableContact(t.app, studio);
  const quote = await buildQuote(t.app, studio, {
    title: 'Mariage Dubois',
    contact_id: contact.id,
    items: lines,
    payment_schedule: schedule,
  });
  expect(quote.amount).toBe('2130.00');
  return (await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(studio)).expect(200)).body;
}

const deposit = (quoteId: string, body: unknown, user = studio) =>
  request(t.app)
    .post(`/api/quotes/${quoteId}/deposit-invoices`)
    .set(as(user))
    .send(body as object);
const issue = async (id: string) =>
  (await request(t.app).post(`/api/invoices/${id}/issue`).set(as(studio)).expect(200)).body;
const deductions = (items: Item[]) =>
  items
    .filter((i) => i.item_type === 'DEPOSIT')
    .map((i) => [i.description, i.vat_percentage, i.total, i.price_without_tax, i.deposit_invoice_id]);
/** The VAT summary the invoice's document prints: [rate, base, VAT]. */
const vatSummary = async (id: string) =>
  (
    await loadDocumentView(documentSources(), { kind: 'invoice', documentId: id, ownerId: studio.id })
  ).view.body.vat.map((v) => [String(v.vatBasisPoints / 100), centsToDecimal(v.baseCents), centsToDecimal(v.vatCents)]);

describe('deposit invoices', () => {
  it('bills 30 % on booking as a deposit invoice numbered in the invoice series, and the final invoice deducts it per rate', async () => {
    const quote = await acceptedQuote();
    expect(quote.number).toMatch(new RegExp(`^D-${year()}-\\d{5}$`));

    // 639.00 split in proportion to 1 800.00 and 330.00: 540.00 (450.00 + 90.00 VAT) and 99.00 (90.00 + 9.00 VAT).
    const draft = await deposit(quote.id, { installment: 0 });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      status: 'DRAFT',
      quote_id: quote.id,
      deposit_installment: 0,
      amount: '639.00',
      balance_due: '639.00',
      due_date: parisToday(),
      payment_schedule: null,
    });
    expect(draft.body.items.map((i: Item) => [i.description, i.vat_percentage, i.total, i.price_without_tax])).toEqual([
      [`Acompte de 30 % sur le devis ${quote.number} – TVA 10 %`, '10.00', '99.00', '90.00'],
      [`Acompte de 30 % sur le devis ${quote.number} – TVA 20 %`, '20.00', '540.00', '450.00'],
    ]);
    // One deposit per installment, even a draft one; and no final invoice while a deposit is a draft.
    const twice = await deposit(quote.id, { installment: 0 });
    expect([twice.status, twice.body.code, twice.body.details]).toEqual([
      409,
      'deposit_exists',
      { invoice_id: draft.body.id },
    ]);
    const early = await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio));
    expect([early.status, early.body.code]).toEqual([409, 'deposit_draft']);

    // Its document says "Facture d'acompte" and names the quote.
    const view = (
      await loadDocumentView(documentSources(), { kind: 'invoice', documentId: draft.body.id, ownerId: studio.id })
    ).view;
    const html = documentHtml(view);
    expect(html).toContain('Facture d&#39;acompte');
    expect(html).toContain(`Acompte sur le devis ${quote.number}`);

    // Issued through the normal path: the next number of the invoice series. Then paid by transfer.
    const issued = await issue(draft.body.id);
    expect(issued.number).toMatch(new RegExp(`^F-${year()}-\\d{5}$`));
    await request(t.app)
      .post(`/api/invoices/${issued.id}/payments`)
      .set(as(studio))
      .send({ amount: '639.00', method: 'bank_transfer' })
      .expect(201);
    expect((await request(t.app).get(`/api/invoices/${issued.id}`).set(as(studio)).expect(200)).body).toMatchObject({
      payment_status: 'PAID',
      balance_due: '0.00',
    });
    expect((await deposit(quote.id, { installment: 0 })).body.code).toBe('deposit_exists');
    expect(await vatSummary(issued.id)).toEqual([
      ['10', '90.00', '9.00'],
      ['20', '450.00', '90.00'],
    ]);

    // The final invoice: the quote's lines, then one deduction per rate, negative, labelled with the deposit's number and day.
    const final = await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio));
    expect(final.status).toBe(201);
    const label = `Acompte n° ${issued.number} du ${frenchDay(parisToday())}`;
    expect(final.body.items.map((i: Item) => [i.item_type, i.total])).toEqual([
      ['SESSION_TYPE', '1800.00'],
      ['SESSION_TYPE', '330.00'],
      ['DEPOSIT', '-99.00'],
      ['DEPOSIT', '-540.00'],
    ]);
    expect(deductions(final.body.items)).toEqual([
      [label, '10.00', '-99.00', '-90.00', issued.id],
      [label, '20.00', '-540.00', '-450.00', issued.id],
    ]);
    // 2 130.00 − 639.00 = 1 491.00; per rate: 20 %: 1 500.00 − 450.00 = 1 050.00 (VAT 300.00 − 90.00 = 210.00),
    // 10 %: 300.00 − 90.00 = 210.00 (VAT 30.00 − 9.00 = 21.00). The schedule keeps the installment no deposit billed.
    expect(final.body).toMatchObject({ amount: '1491.00', quote_id: quote.id, deposit_installment: null });
    expect(final.body.payment_schedule).toEqual([
      {
        amount_set: '1491.00',
        due: { type: 'fixed', date: '2030-06-01' },
        amount: '1491.00',
        due_date: '2030-06-01',
        follows_session: false,
        paid: false,
      },
    ]);
    expect(await vatSummary(final.body.id)).toEqual([
      ['10', '210.00', '21.00'],
      ['20', '1050.00', '210.00'],
    ]);

    // A line list read back and sent again keeps the deductions (the studio cannot type them).
    const resent = await request(t.app)
      .put(`/api/invoices/${final.body.id}`)
      .set(as(studio))
      .send({ items: final.body.items.map((i: Item) => ({ ...i, id: undefined, deposit_invoice_id: undefined })) });
    expect(resent.status).toBe(200);
    expect([resent.body.amount, deductions(resent.body.items)]).toEqual(['1491.00', deductions(final.body.items)]);

    const done = await issue(final.body.id);
    expect(done).toMatchObject({
      status: 'ISSUED',
      amount: '1491.00',
      balance_due: '1491.00',
      payment_status: 'UNPAID',
    });
    // Once the final invoice exists, no more deposits on the quote.
    expect((await deposit(quote.id, { installment: 1 })).body.code).toBe('quote_invoiced');
    // The quote's deposits, for the studio to see which installments are billed.
    const listed = (await request(t.app).get(`/api/quotes/${quote.id}/deposit-invoices`).set(as(studio)).expect(200))
      .body;
    expect(
      listed.items.map((i: { id: string; deposit_installment: number; payment_status: string }) => [
        i.id,
        i.deposit_installment,
        i.payment_status,
      ]),
    ).toEqual([[issued.id, 0, 'PAID']]);
  });

  it('frees the installment of a fully credited deposit, and deducts only what credit notes left', async () => {
    const quote = await acceptedQuote();
    const first = await issue((await deposit(quote.id, { installment: 0 }).expect(201)).body.id);
    await buildCreditNote(t.app, studio, { invoice_id: first.id, reason: 'Erreur de montant' });
    expect((await request(t.app).get(`/api/invoices/${first.id}`).set(as(studio)).expect(200)).body.status).toBe(
      'CANCELLED',
    );

    const second = await issue((await deposit(quote.id, { installment: 0 }).expect(201)).body.id);
    // 63.90 credited pro rata: 9.90 at 10 % (9.00 + 0.90) and 54.00 at 20 % (45.00 + 9.00). Left: 89.10 (81.00 + 8.10) and 486.00 (405.00 + 81.00).
    await buildCreditNote(t.app, studio, { invoice_id: second.id, reason: 'Geste commercial', amount: '63.90' });
    const final = (await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio)).expect(201)).body;
    const label = `Acompte n° ${second.number} du ${frenchDay(parisToday())}`;
    expect(deductions(final.items)).toEqual([
      [label, '10.00', '-89.10', '-81.00', second.id],
      [label, '20.00', '-486.00', '-405.00', second.id],
    ]);
    // 2 130.00 − 575.10 = 1 554.90.
    expect(final.amount).toBe('1554.90');

    // Credited again after the final draft was made: its deductions are stale, it is not issued.
    await buildCreditNote(t.app, studio, { invoice_id: second.id, reason: 'Geste commercial', amount: '10.00' });
    const stale = await request(t.app).post(`/api/invoices/${final.id}/issue`).set(as(studio));
    expect([stale.status, stale.body.code]).toEqual([409, 'deposits_changed']);
  });

  it('is 404 for another studio, 409 for a quote not sent, and 400 in the error shape for an installment that is not one', async () => {
    const quote = await acceptedQuote();
    const foreign = await deposit(quote.id, { installment: 0 }, other);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
    expect((await request(t.app).get(`/api/quotes/${quote.id}/deposit-invoices`).set(as(other))).status).toBe(404);

    const negative = await deposit(quote.id, { installment: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalid_input',
      requestId: expect.any(String),
    });
    expect(negative.body.details.map((d: { path: string }) => d.path)).toEqual(['installment']);
    for (const body of [{ installment: 1.5 }, { installment: '0' }, {}, { installment: 0, amount: '100.00' }])
      expect((await deposit(quote.id, body)).status).toBe(400);
    // Past the schedule's end: the schedule has installments 0 and 1.
    const missing = await deposit(quote.id, { installment: 2 });
    expect([missing.status, missing.body.code, missing.body.details]).toEqual([
      400,
      'validation_failed',
      [{ path: 'installment', message: "The quote's schedule has 2 installments: 0 to 1" }],
    ]);

    // Two requests at once for the same installment: the quote's lock lets one through.
    const racing = await Promise.all([deposit(quote.id, { installment: 1 }), deposit(quote.id, { installment: 1 })]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);

    const pending = await buildQuote(t.app, studio, {
      contact_id: null,
      title: 'Portrait',
      items: lines,
      payment_schedule: schedule,
    });
    expect((await deposit(pending.id, { installment: 0 })).body.code).toBe('quote_not_sent');
    const unscheduled = await buildQuote(t.app, studio, {
      contact_id: null,
      title: 'Portrait',
      status: 'ACCEPTED',
      items: lines,
    });
    expect((await deposit(unscheduled.id, { installment: 0 })).body.details).toEqual([
      { path: 'installment', message: 'The quote has no payment schedule' },
    ]);
  });
});
