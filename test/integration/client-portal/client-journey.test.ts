// The client's whole journey through HTTP against the real stack (issue 31, "Done when"), for a
// Québec studio billing in Canadian dollars with GST and QST, its client reading French (fr-CA):
// the quote email's magic link → the list → the quote read → signed (evidence stored, the signed
// pdf's SHA-256 equal to the stored file's) → the deposit invoice issued → a hosted checkout
// session on stripe-mock in CAD → the provider's signed webhook → PAID → the receipt email.
import crypto from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import request from 'supertest';
import Stripe from 'stripe';
import { buildContact } from '../../factories/contacts';
import { saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { GST_QST, QUEBEC_CLIENT, QUEBEC_STUDIO } from '../../fixtures/studios-abroad';
import { as } from '../../helpers/auth';
import { isReceiptMail, mailAttachment, mailsTo } from '../../helpers/mail';
import { pdfTextOf } from '../../helpers/pdf-text';
import { asClient, portalTokenIn } from '../../helpers/portal-links';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { createS3Client } from '../../../lib/s3';

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app, { locale: 'fr-CA' });
  await saveStudioProfile(t.app, studio, QUEBEC_STUDIO);
  worker = await startMainWorker('client-journey');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const secret = process.env.CARDPROVIDER_WEBHOOK_SECRET ?? 'whsec_studio_local';
const signer = new Stripe('sk_test_signing_only');

describe("the client's journey, from the quote email to the receipt", () => {
  it('signs the quote, pays the deposit by hosted checkout in CAD, and gets the receipt', async () => {
    const email = `eloise-${crypto.randomUUID()}@example.ca`;
    const contact = await buildContact(t.app, studio, {
      first_name: 'Éloïse',
      last_name: 'Tremblay',
      email,
      locale: 'fr-CA',
      region: 'QC',
      ...QUEBEC_CLIENT,
    });
    // 1 200.00 + GST 60.00 + QST 119.70 = 1 379.70; 25 % on booking.
    const quote = await buildQuote(t.app, studio, {
      title: 'Mariage Tremblay',
      contact_id: contact.id,
      currency: 'CAD',
      items: [{ item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1200.00', taxes: GST_QST }],
      payment_schedule: [
        { percentage: 25, due: { type: 'on_booking' } },
        { percentage: 75, due: { type: 'fixed', date: '2030-06-01' } },
      ],
      contract: 'Entre {{studio.name}} et {{client.name}}, pour {{quote.amount}}.',
    });
    expect(quote.amount).toBe('1379.70');
    await request(t.app).post(`/api/quotes/${quote.id}/send-email`).set(as(studio)).send({}).expect(202);

    // The magic link in the email, spent once for a client token that opens this quote.
    const mail = await eventually('the quote email', async () => (await mailsTo(email))[0]);
    // The email goes out just before the send is recorded (the quote SENT): wait for the record too.
    await eventually('the quote recorded as sent', async () => {
      const [row] = await sql<{ status: string }>('SELECT status FROM quotes WHERE id = $1', [quote.id]);
      return row?.status === 'SENT';
    });
    const link = portalTokenIn(mail)!;
    const verified = await request(t.app).post('/api/client-accounts/magic-link/verify').send({ token: link });
    expect(verified.status).toBe(200);
    expect(verified.body.document).toEqual({ kind: 'quote', id: quote.id });
    expect((await request(t.app).post('/api/client-accounts/magic-link/verify').send({ token: link })).status).toBe(
      401,
    );
    const client = verified.body.accessToken as string;

    const list = await request(t.app).get('/api/client-accounts/me/quotes').set(asClient(client)).expect(200);
    expect(list.body).toHaveLength(1);
    const read = await request(t.app)
      .get(`/api/client-accounts/me/quotes/${quote.id}`)
      .set(asClient(client))
      .expect(200);
    expect(read.body).toMatchObject({ currency: 'CAD', amount: '1379.70', can_sign: true });

    const signed = await request(t.app)
      .post(`/api/client-accounts/me/quotes/${quote.id}/sign`)
      .set(asClient(client))
      .send({ signer_name: 'Éloïse Tremblay', consent: true, version: read.body.version })
      .expect(201);
    const [evidence] = await sql<{ pdf_key: string; pdf_sha256: string; signer_email: string; locale: string }>(
      'SELECT pdf_key, pdf_sha256, signer_email, locale FROM quote_signatures WHERE quote_id = $1',
      [quote.id],
    );
    expect(evidence).toMatchObject({
      signer_email: email,
      locale: 'fr-CA',
      pdf_sha256: signed.body.signature.pdf_sha256,
    });
    const object = await createS3Client(t.config).send(
      new GetObjectCommand({ Bucket: t.config.S3_BUCKET, Key: evidence.pdf_key }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(evidence.pdf_sha256);
    expect(pdfTextOf(stored)).toMatch(/Entre Lumière Plateau inc\. et Éloïse Tremblay, pour 1\s379,70\s\$/);

    // The deposit: 25 % of 1 379.70 = 344.93, issued in CAD and offered to pay at once.
    const deposit = signed.body.deposit_invoice;
    expect(deposit).toMatchObject({ status: 'ISSUED', currency: 'CAD', amount: '344.93', can_pay: true });

    const started = await request(t.app)
      .post(`/api/client-accounts/me/invoices/${deposit.id}/checkout`)
      .set(asClient(client))
      .send({})
      .expect(201);
    expect(started.body).toMatchObject({ method: 'card', amount: '344.93', currency: 'CAD' });
    expect(started.body.url).toMatch(/^https:\/\//);
    const [payment] = await sql<{ amount: string; currency: string; status: string }>(
      'SELECT amount, currency, status FROM cardprovider_payments WHERE checkout_session_id = $1',
      [started.body.checkout_session_id],
    );
    expect(payment).toEqual({ amount: '344.93', currency: 'cad', status: 'pending' });
    const studioSide = await request(t.app).get(`/api/invoices/${deposit.id}`).set(as(studio)).expect(200);
    expect(studioSide.body.checkout_started_at).toEqual(expect.any(String));

    // The provider's signed event: 34 493 cents of CAD paid.
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: started.body.checkout_session_id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_total: 34493,
          currency: 'cad',
          payment_intent: `pi_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`,
        },
      },
    });
    await request(t.app)
      .post('/api/cardprovider/webhooks')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
      .send(payload)
      .expect(200);
    const paid = await eventually('the deposit PAID', async () => {
      const res = await request(t.app).get(`/api/client-accounts/me/invoices/${deposit.id}`).set(asClient(client));
      return res.body.payment_status === 'PAID' ? res.body : undefined;
    });
    expect(paid).toMatchObject({ balance_due: '0.00', amount_paid: '344.93', can_pay: false });

    // The receipt, in French, names the invoice, the amount and what is left.
    const receipt = await eventually('the receipt email', async () => (await mailsTo(email)).find(isReceiptMail));
    const text = pdfTextOf(await mailAttachment(receipt));
    expect(text).toContain(deposit.number);
    expect(text).toMatch(/344,93\s\$/);
    expect(text).toMatch(/0,00\s\$/);
  }, 120_000);
});
