// Card and wallet payments through HTTP against the real stack: stripe-mock behind the official
// SDK, the wallet provider fake over HTTP, a worker applying the webhook events.
import request from 'supertest';
import Stripe from 'stripe';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { sqlOn } from '../../helpers/sql';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app);
  other = await buildUser(t.app);
  worker = await startMainWorker('payments');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const secret = process.env.CARDPROVIDER_WEBHOOK_SECRET ?? 'whsec_studio_local';
// Only for signing test payloads: the SDK's own helper, as the provider signs them.
const signer = new Stripe('sk_test_signing_only');

/** An issued invoice: only those are paid (a draft is issued first). */
const invoiceOf = (user: TestUser, price = '250.00') => buildInvoice(t.app, user, { issued: true, price });
const cardEvent = (id: string, intentId: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
  });
const postCard = (payload: string, signature?: string) => {
  const req = request(t.app).post('/api/cardprovider/webhooks').set('Content-Type', 'application/json');
  return (signature ? req.set('Stripe-Signature', signature) : req).send(payload);
};
const state = async (invoiceId: string) => {
  const [invoice] = await sql<{ status: string; payment_status: string; balance_due: string; paid_at: Date | null }>(
    'SELECT status, payment_status, balance_due, paid_at FROM invoices WHERE id = $1',
    [invoiceId],
  );
  const events = await sql<{ event_type: string }>(
    'SELECT event_type FROM outbox_events WHERE entity_id = $1 ORDER BY created_at, event_type',
    [invoiceId],
  );
  const audit = await sql<{ action: string; metadata: Record<string, unknown> }>(
    'SELECT action, metadata FROM audit_logs WHERE entity_id = $1 ORDER BY created_at',
    [invoiceId],
  );
  return { ...invoice, events: events.map((e) => e.event_type), audit };
};

describe('card payments (stripe SDK against stripe-mock)', () => {
  it('creates a payment intent; a signed payment_intent.succeeded marks the invoice PAID; forged and replayed events change nothing', async () => {
    const invoice = await invoiceOf(owner);
    expect(
      (await request(t.app).post('/api/cardprovider/payments/invoices').set(as(other)).send({ invoice_id: invoice.id }))
        .status,
    ).toBe(404);
    const started = await request(t.app)
      .post('/api/cardprovider/payments/invoices')
      .set(as(owner))
      .send({ invoice_id: invoice.id });
    expect(started.status).toBe(201);
    expect(started.body.clientSecret).toMatch(/_secret_/);
    const [payment] = await sql<{ payment_intent_id: string; amount: string; currency: string; status: string }>(
      'SELECT payment_intent_id, amount, currency, status FROM cardprovider_payments WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(payment).toMatchObject({
      payment_intent_id: started.body.paymentIntentId,
      amount: '300.00',
      currency: 'eur',
    });
    // Asking again while that payment is open hands back the same intent: one payment per invoice.
    const again = await request(t.app)
      .post('/api/cardprovider/payments/invoices')
      .set(as(owner))
      .send({ invoice_id: invoice.id })
      .expect(201);
    expect(again.body.paymentIntentId).toBe(started.body.paymentIntentId);

    const payload = cardEvent(`evt_${invoice.id.slice(0, 8)}`, payment.payment_intent_id);
    // Forged: no signature, a signature with another secret, a signature over other bytes.
    expect((await postCard(payload)).status).toBe(400);
    expect(
      (await postCard(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }))).status,
    ).toBe(400);
    expect(
      (
        await postCard(
          payload,
          signer.webhooks.generateTestHeaderString({ payload: payload.replace('succeeded', 'succeeded '), secret }),
        )
      ).status,
    ).toBe(400);
    expect(await state(invoice.id)).toMatchObject({
      status: 'ISSUED',
      payment_status: 'UNPAID',
      paid_at: null,
      events: ['INVOICE_STATUS_CHANGED'],
    });

    const signed = await postCard(payload, signer.webhooks.generateTestHeaderString({ payload, secret }));
    expect(signed.status).toBe(200);
    const paid = await eventually('the invoice PAID', async () => {
      const s = await state(invoice.id);
      return s.payment_status === 'PAID' && s;
    });
    expect(paid.paid_at).toBeInstanceOf(Date);
    expect(paid).toMatchObject({ status: 'ISSUED', balance_due: '0.00' });
    // Issued, then paid: the payment status moved and the payment was received.
    expect(paid.events.sort()).toEqual(['INVOICE_STATUS_CHANGED', 'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED']);
    expect(paid.audit.at(-1)).toMatchObject({
      action: 'UPDATE',
      metadata: { changed: ['payments'], payment: { method: 'card', amount: '300.00' } },
    });
    expect(
      (await sql<{ status: string }>('SELECT status FROM cardprovider_payments WHERE invoice_id = $1', [invoice.id]))[0]
        .status,
    ).toBe('succeeded');

    // Redelivered (a new signature, the same event): 2xx, and nothing changes.
    expect((await postCard(payload, signer.webhooks.generateTestHeaderString({ payload, secret }))).status).toBe(200);
    await eventually(
      'the redelivery handled',
      async () =>
        (
          await sql('SELECT 1 FROM job_runs WHERE job_name = $1 AND status = $2 AND payload->>$3 = $4', [
            'payments.webhook-event',
            'COMPLETED',
            'eventId',
            `evt_${invoice.id.slice(0, 8)}`,
          ])
        ).length > 0,
    );
    const after = await state(invoice.id);
    expect(after).toEqual(paid);
    expect(
      (await sql('SELECT 1 FROM processed_provider_events WHERE event_id = $1', [`evt_${invoice.id.slice(0, 8)}`]))
        .length,
    ).toBe(1);

    // A paid invoice takes no second payment.
    expect(
      (await request(t.app).post('/api/cardprovider/payments/invoices').set(as(owner)).send({ invoice_id: invoice.id }))
        .status,
    ).toBe(409);
  }, 120_000);

  it('marks a card payment failed on payment_intent.payment_failed, leaves the invoice unpaid, and then starts a new intent', async () => {
    const invoice = await invoiceOf(owner, '80.00');
    const first = (
      await request(t.app)
        .post('/api/cardprovider/payments/invoices')
        .set(as(owner))
        .send({ invoice_id: invoice.id })
        .expect(201)
    ).body as { paymentIntentId: string };
    const payload = JSON.stringify({
      id: `evt_failed_${invoice.id.slice(0, 8)}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: first.paymentIntentId, object: 'payment_intent', status: 'requires_payment_method' } },
    });
    expect((await postCard(payload, signer.webhooks.generateTestHeaderString({ payload, secret }))).status).toBe(200);
    await eventually(
      'the payment failed',
      async () =>
        (
          await sql<{ status: string }>('SELECT status FROM cardprovider_payments WHERE payment_intent_id = $1', [
            first.paymentIntentId,
          ])
        )[0].status === 'failed',
    );
    expect(await state(invoice.id)).toMatchObject({
      status: 'ISSUED',
      payment_status: 'UNPAID',
      paid_at: null,
      events: ['INVOICE_STATUS_CHANGED'],
    });
    const second = (
      await request(t.app)
        .post('/api/cardprovider/payments/invoices')
        .set(as(owner))
        .send({ invoice_id: invoice.id })
        .expect(201)
    ).body as { paymentIntentId: string };
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
  }, 120_000);
});

describe('a deposit by transfer, the balance by card, a partial credit note refunded by card', () => {
  it('charges the card only the balance due, reaches PAID, and refunds a credit note through the card provider', async () => {
    const invoice = await invoiceOf(owner, '1000.00');
    // The deposit (30 %) arrives by bank transfer.
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(owner))
      .send({ amount: '360.00', method: 'bank_transfer', reference: 'VIR ACOMPTE' })
      .expect(201);
    const started = await request(t.app)
      .post('/api/cardprovider/payments/invoices')
      .set(as(owner))
      .send({ invoice_id: invoice.id })
      .expect(201);
    expect(started.body.amount).toBe('840.00');
    const payload = cardEvent(`evt_balance_${invoice.id.slice(0, 8)}`, started.body.paymentIntentId);
    expect((await postCard(payload, signer.webhooks.generateTestHeaderString({ payload, secret }))).status).toBe(200);
    const paid = await eventually('the balance paid by card', async () => {
      const s = await state(invoice.id);
      return s.payment_status === 'PAID' && s;
    });
    expect(paid).toMatchObject({ status: 'ISSUED', balance_due: '0.00' });
    const ledger = (await request(t.app).get(`/api/invoices/${invoice.id}/payments`).set(as(owner)).expect(200)).body
      .items as { method: string; amount: string; provider_reference: string | null }[];
    expect(ledger.map((p) => [p.method, p.amount, p.provider_reference])).toEqual([
      ['bank_transfer', '360.00', null],
      ['card', '840.00', started.body.paymentIntentId],
    ]);
    expect(
      (
        await sql<{ ledger_entry_id: string | null }>(
          'SELECT ledger_entry_id FROM cardprovider_payments WHERE payment_intent_id = $1',
          [started.body.paymentIntentId],
        )
      )[0].ledger_entry_id,
    ).not.toBeNull();

    // The album is not delivered: 100.00 credited, money already paid, so owed back; refunded on the card.
    const note = await buildCreditNote(t.app, owner, {
      invoice_id: invoice.id,
      reason: 'Album non livré',
      amount: '100.00',
    });
    expect(note.refund_due).toBe('100.00');
    const refund = await request(t.app)
      .post(`/api/credit-notes/${note.id}/refunds`)
      .set(as(owner))
      .send({ method: 'card' });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({
      kind: 'refund',
      method: 'card',
      amount: '100.00',
      credit_note_id: note.id,
      provider_reference: expect.stringMatching(/^re_/),
    });
    const after = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(owner)).expect(200)).body;
    expect(after).toMatchObject({
      payment_status: 'PAID',
      amount_paid: '1100.00',
      credited: '100.00',
      balance_due: '0.00',
    });
  }, 120_000);
});

describe('wallet payments (Orders v2 style, the provider fake over HTTP)', () => {
  it('creates an order with an approval link; the verified PAYMENT.CAPTURE.COMPLETED marks the invoice PAID once; a forged event is refused', async () => {
    const invoice = await invoiceOf(owner, '100.00');
    expect(
      (
        await request(t.app)
          .post('/api/walletprovider/payments/invoices')
          .set(as(other))
          .send({ invoice_id: invoice.id })
      ).status,
    ).toBe(404);
    const started = await request(t.app)
      .post('/api/walletprovider/payments/invoices')
      .set(as(owner))
      .send({ invoice_id: invoice.id });
    expect(started.status).toBe(201);
    expect(started.body.approvalUrl).toContain(started.body.orderId);
    const [payment] = await sql<{ order_id: string; amount: string; currency: string; status: string }>(
      'SELECT order_id, amount, currency, status FROM walletprovider_payments WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(payment).toEqual({ order_id: started.body.orderId, amount: '120.00', currency: 'EUR', status: 'CREATED' });

    // The payer approves and the capture completes: the provider's signed delivery.
    const delivery = (await (
      await fetch(`${process.env.WALLETPROVIDER_API_BASE}/simulate/capture`, {
        method: 'POST',
        body: JSON.stringify({ order_id: payment.order_id }),
      })
    ).json()) as { headers: Record<string, string>; event: { id: string; resource: { amount: { value: string } } } };
    const post = (headers: Record<string, string>, event: unknown) =>
      request(t.app)
        .post('/api/walletprovider/webhooks')
        .set(headers)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(event));

    const forged = structuredClone(delivery.event);
    forged.resource.amount.value = '0.01';
    expect((await post(delivery.headers, forged)).status).toBe(400);
    expect((await post({}, delivery.event)).status).toBe(400);
    expect(await state(invoice.id)).toMatchObject({
      status: 'ISSUED',
      payment_status: 'UNPAID',
      events: ['INVOICE_STATUS_CHANGED'],
    });

    expect((await post(delivery.headers, delivery.event)).status).toBe(200);
    const paid = await eventually('the invoice PAID', async () => {
      const s = await state(invoice.id);
      return s.payment_status === 'PAID' && s;
    });
    expect(paid.paid_at).toBeInstanceOf(Date);
    expect(paid).toMatchObject({ status: 'ISSUED', balance_due: '0.00' });
    // Issued, then paid: the payment status moved and the payment was received.
    expect(paid.events.sort()).toEqual(['INVOICE_STATUS_CHANGED', 'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED']);
    expect(
      (
        await sql<{ status: string }>('SELECT status FROM walletprovider_payments WHERE order_id = $1', [
          payment.order_id,
        ])
      )[0].status,
    ).toBe('COMPLETED');

    // Redelivered: 2xx, nothing changes.
    expect((await post(delivery.headers, delivery.event)).status).toBe(200);
    await eventually(
      'the redelivery handled',
      async () =>
        (
          await sql('SELECT 1 FROM job_runs WHERE job_name = $1 AND status = $2 AND payload->>$3 = $4', [
            'payments.webhook-event',
            'COMPLETED',
            'eventId',
            delivery.event.id,
          ])
        ).length > 0,
    );
    expect(await state(invoice.id)).toEqual(paid);
    expect(
      (
        await request(t.app)
          .post('/api/walletprovider/payments/invoices')
          .set(as(owner))
          .send({ invoice_id: invoice.id })
      ).status,
    ).toBe(409);
  }, 120_000);

  it('captures an approved order (CHECKOUT.ORDER.APPROVED) and marks the invoice PAID; the capture event that follows changes nothing', async () => {
    const invoice = await invoiceOf(owner, '50.00');
    const { orderId } = (
      await request(t.app)
        .post('/api/walletprovider/payments/invoices')
        .set(as(owner))
        .send({ invoice_id: invoice.id })
        .expect(201)
    ).body as { orderId: string };
    const simulate = async (what: 'approve' | 'capture') =>
      (await (
        await fetch(`${process.env.WALLETPROVIDER_API_BASE}/simulate/${what}`, {
          method: 'POST',
          body: JSON.stringify({ order_id: orderId }),
        })
      ).json()) as { headers: Record<string, string>; event: unknown };
    const post = (delivery: { headers: Record<string, string>; event: unknown }) =>
      request(t.app)
        .post('/api/walletprovider/webhooks')
        .set(delivery.headers)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(delivery.event));

    expect((await post(await simulate('approve'))).status).toBe(200);
    const paid = await eventually('the invoice PAID after the capture', async () => {
      const s = await state(invoice.id);
      return s.payment_status === 'PAID' && s;
    });
    expect(paid).toMatchObject({ status: 'ISSUED', balance_due: '0.00' });
    // Issued, then paid: the payment status moved and the payment was received.
    expect(paid.events.sort()).toEqual(['INVOICE_STATUS_CHANGED', 'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED']);
    const completed = await simulate('capture');
    expect((await post(completed)).status).toBe(200);
    const eventId = (completed.event as { id: string }).id;
    await eventually(
      'the capture event handled',
      async () =>
        (
          await sql('SELECT 1 FROM job_runs WHERE job_name = $1 AND status = $2 AND payload->>$3 = $4', [
            'payments.webhook-event',
            'COMPLETED',
            'eventId',
            eventId,
          ])
        ).length > 0,
    );
    expect(await state(invoice.id)).toEqual(paid);
  }, 120_000);
});
