// Paying from the client portal (issue 31 §3) against the real stack: a client token, the hosted
// checkout on stripe-mock through the official SDK (it keeps no state and sends no webhook: the test
// signs the events with the endpoint secret, as the provider would), the worker applying them, and
// every payment's receipt: its pdf (pdftotext) and its email (MailDev).
import crypto from 'node:crypto';
import request from 'supertest';
import { pdfTextAt } from '../../helpers/pdf-text';
import Stripe from 'stripe';
import { buildBillableContact, buildContact } from '../../factories/contacts';
import { buildInvoice, type InvoiceBody, saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { LONDON_STUDIO, MANCHESTER_CLIENT } from '../../fixtures/studios-abroad';
import { as } from '../../helpers/auth';
import { clientPortalToken, type PortalClient } from '../../helpers/client-portal';
import { isReceiptMail, mailAttachment, mailsTo } from '../../helpers/mail';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('checkout');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const secret = process.env.CARDPROVIDER_WEBHOOK_SECRET ?? 'whsec_studio_local';
// Only for signing test payloads: the SDK's own helper, as the provider signs them.
const signer = new Stripe('sk_test_signing_only');
const unique = () => crypto.randomUUID().replace(/-/g, '').slice(0, 16);

const checkout = (client: { token: string }, invoiceId: string, body: Record<string, unknown> = {}) =>
  request(t.app).post(`/api/client-accounts/me/invoices/${invoiceId}/checkout`).set(as(client)).send(body);

/** A checkout session's event as the provider sends it (the parts this service reads, and some it does not). */
const sessionEvent = (
  type: string,
  sessionId: string,
  object: { amount_total: number; currency: string; payment_status: string; payment_intent?: string | null },
) =>
  JSON.stringify({
    id: `evt_${unique()}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session', mode: 'payment', status: 'complete', ...object } },
  });
const postCard = (payload: string, signingSecret = secret) =>
  request(t.app)
    .post('/api/cardprovider/webhooks')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret: signingSecret }))
    .send(payload);
const eventDone = (payload: string) =>
  eventually('the webhook event applied', async () => {
    const rows = await sql('SELECT 1 FROM job_runs WHERE job_name = $1 AND status = $2 AND payload->>$3 = $4', [
      'payments.webhook-event',
      'COMPLETED',
      'eventId',
      (JSON.parse(payload) as { id: string }).id,
    ]);
    return rows.length > 0;
  });

const state = async (invoiceId: string) => {
  const [invoice] = await sql<{ payment_status: string; balance_due: string; amount_paid: string }>(
    'SELECT payment_status, balance_due, amount_paid FROM invoices WHERE id = $1',
    [invoiceId],
  );
  const events = await sql<{ event_type: string }>(
    'SELECT event_type FROM outbox_events WHERE entity_id = $1 ORDER BY created_at, event_type',
    [invoiceId],
  );
  return { ...invoice, events: events.map((e) => e.event_type).sort() };
};
const cardRow = async (sessionId: string) =>
  (
    await sql<{ payment_intent_id: string | null; amount: string; currency: string; status: string }>(
      'SELECT payment_intent_id, amount, currency, status FROM cardprovider_payments WHERE checkout_session_id = $1',
      [sessionId],
    )
  )[0];
const reminders = async (studio: TestUser, invoiceId: string) =>
  (await request(t.app).get(`/api/invoices/${invoiceId}/reminders`).set(as(studio)).expect(200)).body as {
    state: string;
    reason: string | null;
  };

interface Receipt {
  id: string;
  number: string;
  invoice_id: string;
  invoice_number: string;
  amount: string;
  currency: string;
  method: string;
  balance_after: string;
  pdf_ready: boolean;
}
/** The client's receipt of the payment that left `balanceAfter` on the invoice, once its pdf and email are made. */
const receiptOf = async (client: PortalClient, invoiceId: string, balanceAfter: string) => {
  const receipt = await eventually(
    'the receipt made and emailed',
    async () => {
      const [row] = await sql<{ id: string }>(
        `SELECT r.id FROM payment_receipts r WHERE r.invoice_id = $1 AND r.balance_after = $2
           AND r.pdf_key IS NOT NULL AND r.emailed_at IS NOT NULL`,
        [invoiceId, balanceAfter],
      );
      if (!row) return null;
      const list = (await request(t.app).get('/api/client-accounts/me/receipts').set(as(client)).expect(200))
        .body as Receipt[];
      return list.find((r) => r.id === row.id);
    },
    120_000,
  );
  const link = await request(t.app)
    .get(`/api/client-accounts/me/receipts/${receipt.id}/pdf`)
    .set(as(client))
    .expect(200);
  const mail = (await mailsTo(client.email)).find((m) => isReceiptMail(m) && m.subject.includes(receipt.number));
  return { receipt, link: link.body as { url: string; filename: string; sha256: string }, mail };
};

/** A French studio's issued invoice (300.00 EUR, a client of its own with an email) and that client signed in. */
async function frenchInvoice(): Promise<{ studio: TestUser; invoice: InvoiceBody; client: PortalClient }> {
  const studio = await buildUser(t.app);
  const invoice = await buildInvoice(t.app, studio, { issued: true });
  const client = await clientPortalToken(t.app, t.sequelize, invoice.contact_id!);
  return { studio, invoice, client };
}

describe('paying an invoice from the portal by card (hosted checkout)', () => {
  it('charges the balance in euros, records it once from the signed event, stops the reminders, and sends a French receipt', async () => {
    const { studio, invoice, client } = await frenchInvoice();
    expect(invoice.balance_due).toBe('300.00');

    // Another client of the studio does not see the invoice; a studio token is no client token.
    const stranger = await clientPortalToken(
      t.app,
      t.sequelize,
      (await buildContact(t.app, studio, { email: `autre-${unique()}@example.fr` })).id,
    );
    expect((await checkout(stranger, invoice.id)).status).toBe(404);
    expect((await checkout(studio, invoice.id)).status).toBe(401);
    expect((await checkout(client, invoice.id, { method: 'cheque' })).status).toBe(400);

    const started = await checkout(client, invoice.id);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      method: 'card',
      amount: '300.00',
      currency: 'EUR',
      installment: null,
      checkout_session_id: expect.stringMatching(/^cs_/),
      order_id: null,
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const sessionId = started.body.checkout_session_id as string;
    expect(await cardRow(sessionId)).toEqual({
      payment_intent_id: null,
      amount: '300.00',
      currency: 'eur',
      status: 'pending',
    });
    // The client is paying: the reminders hold.
    expect(await reminders(studio, invoice.id)).toMatchObject({ state: 'held', reason: 'card_payment_pending' });

    const intent = `pi_${unique()}`;
    const payload = sessionEvent('checkout.session.completed', sessionId, {
      amount_total: 30000,
      currency: 'eur',
      payment_status: 'paid',
      payment_intent: intent,
    });
    // Forged: signed with another secret. Nothing changes.
    expect((await postCard(payload, 'whsec_not_ours')).status).toBe(400);
    // The studio hears the client started paying (CHECKOUT_STARTED); nothing else yet.
    expect(await state(invoice.id)).toMatchObject({
      payment_status: 'UNPAID',
      events: ['CHECKOUT_STARTED', 'INVOICE_STATUS_CHANGED'],
    });

    expect((await postCard(payload)).status).toBe(200);
    const paid = await eventually('the invoice PAID', async () => {
      const s = await state(invoice.id);
      return s.payment_status === 'PAID' && s;
    });
    expect(paid).toMatchObject({ balance_due: '0.00', amount_paid: '300.00' });
    expect(paid.events).toEqual([
      'CHECKOUT_STARTED',
      'INVOICE_STATUS_CHANGED',
      'INVOICE_STATUS_CHANGED',
      'PAYMENT_RECEIVED',
    ]);
    // The session's intent is the ledger's reference (a card refund goes through it).
    expect(await cardRow(sessionId)).toMatchObject({ status: 'succeeded', payment_intent_id: intent });
    const [ledger] = await sql<{ method: string; amount: string; provider_reference: string }>(
      'SELECT method, amount, provider_reference FROM invoice_payments WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(ledger).toEqual({ method: 'card', amount: '300.00', provider_reference: intent });
    expect(await reminders(studio, invoice.id)).toMatchObject({ state: 'ended', reason: 'settled' });

    // Redelivered: 2xx, and nothing changes.
    expect((await postCard(payload)).status).toBe(200);
    await eventDone(payload);
    expect(await state(invoice.id)).toEqual(paid);
    expect(await sql('SELECT 1 FROM payment_receipts WHERE invoice_id = $1', [invoice.id])).toHaveLength(1);

    // The receipt: listed, its pdf in French, emailed with the pdf attached.
    const { receipt, link, mail } = await receiptOf(client, invoice.id, '0.00');
    expect(receipt).toMatchObject({
      number: `${invoice.number}-R1`,
      invoice_number: invoice.number,
      amount: '300.00',
      currency: 'EUR',
      method: 'card',
      balance_after: '0.00',
      pdf_ready: true,
    });
    expect(link.filename).toBe(`recu-${invoice.number}-R1.pdf`);
    const text = await pdfTextAt(link.url);
    expect(text).toContain('Reçu de paiement');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Carte bancaire');
    expect(text).toMatch(/Montant reçu\s+300,00\s€/);
    expect(text).toMatch(/Reste à payer\s+0,00\s€/);
    expect(text).toContain('Studio Lumière SARL');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Reçu de paiement ${receipt.number} – facture ${invoice.number}`);
    expect(mail!.text).toContain('La facture est intégralement réglée.');
    expect(mail!.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(
      crypto
        .createHash('sha256')
        .update(await mailAttachment(mail!))
        .digest('hex'),
    ).toBe(link.sha256);

    // Paid: nothing more to pay. Another client reads the receipt as not found.
    const again = await checkout(client, invoice.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('nothing_due');
    await request(t.app).get(`/api/client-accounts/me/receipts/${receipt.id}/pdf`).set(as(stranger)).expect(404);
    expect((await request(t.app).get('/api/client-accounts/me/receipts').set(as(stranger)).expect(200)).body).toEqual(
      [],
    );
  }, 240_000);

  it('a delayed payment: completed unpaid waits, async_payment_failed records nothing, async_payment_succeeded pays', async () => {
    const { invoice, client } = await frenchInvoice();
    const first = (await checkout(client, invoice.id).expect(201)).body as { checkout_session_id: string };
    const unpaid = sessionEvent('checkout.session.completed', first.checkout_session_id, {
      amount_total: 30000,
      currency: 'eur',
      payment_status: 'unpaid',
      payment_intent: `pi_${unique()}`,
    });
    const waiting = await postCard(unpaid);
    expect(waiting.body).toEqual({ received: true, ignored: 'checkout.session.completed' });
    const failedEvent = sessionEvent('checkout.session.async_payment_failed', first.checkout_session_id, {
      amount_total: 30000,
      currency: 'eur',
      payment_status: 'unpaid',
    });
    expect((await postCard(failedEvent)).status).toBe(200);
    await eventually('the payment failed', async () => (await cardRow(first.checkout_session_id)).status === 'failed');
    expect(await state(invoice.id)).toMatchObject({
      payment_status: 'UNPAID',
      balance_due: '300.00',
      events: ['CHECKOUT_STARTED', 'INVOICE_STATUS_CHANGED'],
    });
    expect(await sql('SELECT 1 FROM invoice_payments WHERE invoice_id = $1', [invoice.id])).toHaveLength(0);

    // The client tries again: a new session, paid later by its async event.
    const second = (await checkout(client, invoice.id).expect(201)).body as { checkout_session_id: string };
    expect(second.checkout_session_id).not.toBe(first.checkout_session_id);
    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', second.checkout_session_id, {
      amount_total: 30000,
      currency: 'eur',
      payment_status: 'paid',
      payment_intent: `pi_${unique()}`,
    });
    expect((await postCard(succeeded)).status).toBe(200);
    await eventually('the invoice PAID', async () => (await state(invoice.id)).payment_status === 'PAID');
    expect((await cardRow(first.checkout_session_id)).status).toBe('failed');
    expect(await sql('SELECT 1 FROM payment_receipts WHERE invoice_id = $1', [invoice.id])).toHaveLength(1);
  }, 240_000);
});

describe('an installment in pounds, for an English client', () => {
  it('charges the first installment, leaves the invoice PARTIALLY_PAID, and the English receipt shows what is still due', async () => {
    const studio = await buildUser(t.app, { locale: 'en-GB', name: 'Camden Frames' });
    await saveStudioProfile(t.app, studio, { email: `hello-${unique()}@studio.test`, ...LONDON_STUDIO });
    const contact = await buildBillableContact(t.app, studio, {
      first_name: 'Jordan',
      last_name: 'Rivera',
      email: `jordan-${unique()}@example.test`,
      ...MANCHESTER_CLIENT,
    });
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const created = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Wedding coverage',
        contact_id: contact.id,
        items: [
          {
            item_type: 'SESSION_TYPE',
            description: 'Wedding coverage',
            quantity: '3',
            price_with_tax: '199.99',
            taxes: [{ name: 'VAT', rate: '20' }],
          },
        ],
        payment_schedule: [
          { percentage: 30, due: { type: 'on_booking' } },
          { percentage: 70, due: { type: 'fixed', date: later } },
        ],
      })
      .expect(201);
    const invoice = (await request(t.app).post(`/api/invoices/${created.body.id}/issue`).set(as(studio)).expect(200))
      .body as InvoiceBody;
    expect(invoice).toMatchObject({ currency: 'GBP', balance_due: '599.97' });
    expect(invoice.payment_schedule!.map((i) => i.amount)).toEqual(['179.99', '419.98']);
    const client = await clientPortalToken(t.app, t.sequelize, contact.id);

    expect((await checkout(client, invoice.id, { installment: 3 })).status).toBe(400);
    const started = await checkout(client, invoice.id, { installment: 1 });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ method: 'card', amount: '179.99', currency: 'GBP', installment: 1 });
    const sessionId = started.body.checkout_session_id as string;
    expect(await cardRow(sessionId)).toMatchObject({ amount: '179.99', currency: 'gbp', status: 'pending' });

    const payload = sessionEvent('checkout.session.completed', sessionId, {
      amount_total: 17999,
      currency: 'gbp',
      payment_status: 'paid',
      payment_intent: `pi_${unique()}`,
    });
    expect((await postCard(payload)).status).toBe(200);
    const partial = await eventually('the invoice PARTIALLY_PAID', async () => {
      const s = await state(invoice.id);
      return s.payment_status === 'PARTIALLY_PAID' && s;
    });
    expect(partial).toMatchObject({ balance_due: '419.98', amount_paid: '179.99' });
    expect(partial.events).toContain('PAYMENT_RECEIVED');

    // The first installment is paid; the second is what is left.
    const paidAgain = await checkout(client, invoice.id, { installment: 1 });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body.message).toBe('Installment 1 is already paid');

    const { receipt, link, mail } = await receiptOf(client, invoice.id, '419.98');
    expect(receipt).toMatchObject({ amount: '179.99', currency: 'GBP', method: 'card', balance_after: '419.98' });
    expect(link.filename).toBe(`receipt-${invoice.number}-R1.pdf`);
    const text = await pdfTextAt(link.url);
    expect(text).toContain('Payment receipt');
    expect(text).toContain(invoice.number);
    expect(text).toMatch(/Amount received\s+£179\.99/);
    expect(text).toMatch(/Still due\s+£419\.98/);
    expect(text).toMatch(/Invoice total\s+£599\.97/);
    expect(text).toContain('Camden Frames Ltd');
    expect(mail!.subject).toBe(`Payment receipt ${receipt.number} – invoice ${invoice.number}`);
    expect(mail!.text).toContain('Still due: £419.98');

    // The rest through the wallet provider's approval link.
    const wallet = await checkout(client, invoice.id, { method: 'wallet', installment: 2 });
    expect(wallet.status).toBe(201);
    expect(wallet.body).toMatchObject({
      method: 'wallet',
      amount: '419.98',
      currency: 'GBP',
      checkout_session_id: null,
    });
    expect(wallet.body.url).toContain(wallet.body.order_id);
    const [order] = await sql<{ amount: string; currency: string; status: string }>(
      'SELECT amount, currency, status FROM walletprovider_payments WHERE order_id = $1',
      [wallet.body.order_id],
    );
    expect(order).toEqual({ amount: '419.98', currency: 'GBP', status: 'CREATED' });
    // Approving on the provider's page brings the client back to the invoice's portal page (and
    // turning back, to the same page saying so), as the order's return and cancel URLs say.
    const approved = await fetch(wallet.body.url, { redirect: 'manual' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe(`/portal/invoices/${invoice.id}`);
    expect(back.searchParams.get('paid')).toBe('1');
    expect(back.searchParams.get('token')).toBe(wallet.body.order_id);
    const other = await checkout(client, invoice.id, { method: 'wallet', installment: 2 });
    const turnedBack = await fetch(`${other.body.url}&cancel=1`, { redirect: 'manual' });
    expect(new URL(turnedBack.headers.get('location')!).searchParams.get('cancelled')).toBe('1');
  }, 240_000);
});

describe('a payment the studio records by hand', () => {
  it('a bank transfer gets its receipt too, with its reference and the balance left', async () => {
    const { studio, invoice, client } = await frenchInvoice();
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '100.00', method: 'bank_transfer', reference: 'VIR ACOMPTE 42' })
      .expect(201);
    const { receipt, link, mail } = await receiptOf(client, invoice.id, '200.00');
    expect(receipt).toMatchObject({ method: 'bank_transfer', amount: '100.00', balance_after: '200.00' });
    const text = await pdfTextAt(link.url);
    expect(text).toContain('Virement bancaire');
    expect(text).toContain('VIR ACOMPTE 42');
    expect(text).toMatch(/Reste à payer\s+200,00\s€/);
    expect(mail!.text).toMatch(/Reste à payer\s:\s200,00\s€/);
  }, 240_000);

  it('opening payment pages is limited per client account (RATE_LIMIT_CLIENT_CHECKOUT)', async () => {
    const limited = t.appWith({ RATE_LIMIT_CLIENT_CHECKOUT: '2/3600' });
    const { invoice, client } = await frenchInvoice();
    const open = () =>
      request(limited).post(`/api/client-accounts/me/invoices/${invoice.id}/checkout`).set(as(client)).send({});
    expect((await open()).status).toBe(201);
    expect((await open()).status).toBe(201);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    // Another client pays as usual.
    const other = await frenchInvoice();
    expect(
      (
        await request(limited)
          .post(`/api/client-accounts/me/invoices/${other.invoice.id}/checkout`)
          .set(as(other.client))
          .send({})
      ).status,
    ).toBe(201);
  });
});
