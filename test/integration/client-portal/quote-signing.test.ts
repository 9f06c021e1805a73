// The client's side of a quote through HTTP against the real stack (issue 31 §1, §2, §5): the
// studio sends the quote, the client follows the email's portal link, lists and reads it (first
// view recorded), signs it (evidence kept, the signed pdf's hash equal to the stored file's, the
// signed copy with its certificate mailed to both), a deposit invoice is issued for the first
// installment; a changed, declined, expired or other client's quote is refused.
import crypto from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import request from 'supertest';
import { buildBillableContact } from '../../factories/contacts';
import { saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { mailAttachment, mailsTo } from '../../helpers/mail';
import { pdfTextOf } from '../../helpers/pdf-text';
import { asClient, clientTokenFrom, portalTokenIn } from '../../helpers/portal-links';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { createS3Client } from '../../../lib/s3';

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  worker = await startMainWorker('quote-signing');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const parisDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const lines = [{ item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 }];
const schedule = [
  { percentage: 30, due: { type: 'on_booking' } },
  { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
];
const CONTRACT =
  'Entre {{studio.name}} et {{client.name}}.\n\nLe devis {{quote.number}} de {{quote.amount}} vaut commande.\n\nAnnulation : l’acompte reste acquis.';

/** A quote for a new client of the studio, sent by email: the client's portal token from the link it carries. */
async function sentQuote(overrides: Record<string, unknown> = {}) {
  const contact = await buildBillableContact(t.app, studio, {
    first_name: 'Chloé',
    last_name: 'Dubois',
    locale: 'fr-FR',
  });
  const quote = await buildQuote(t.app, studio, {
    title: 'Mariage Dubois',
    contact_id: contact.id,
    items: lines,
    valid_until: parisDay(30),
    ...overrides,
  });
  await request(t.app)
    .post(`/api/quotes/${quote.id}/send-email`)
    .set(as(studio))
    .send({ attach_pdf: false })
    .expect(202);
  const mail = await eventually('the quote email', async () => (await mailsTo(contact.email as string))[0]);
  // The email goes out just before the send is recorded (the quote SENT): wait for the record too.
  await eventually('the quote recorded as sent', async () => {
    const [row] = await sql<{ status: string }>('SELECT status FROM quotes WHERE id = $1', [quote.id]);
    return row?.status === 'SENT';
  });
  const link = portalTokenIn(mail);
  expect(link).not.toBeNull();
  return { contact, quote, mail, client: await clientTokenFrom(t.app, link!) };
}

const readQuote = (client: string, id: string) =>
  request(t.app).get(`/api/client-accounts/me/quotes/${id}`).set(asClient(client));
const sign = (client: string, id: string, body: Record<string, unknown>) =>
  request(t.app)
    .post(`/api/client-accounts/me/quotes/${id}/sign`)
    .set(asClient(client))
    .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148')
    .send(body);

describe('a client signs a quote in the portal', () => {
  it('reads, signs with evidence, keeps the exact pdf signed, mails the signed copy and bills the deposit', async () => {
    const { quote, client, mail, contact } = await sentQuote({ payment_schedule: schedule, contract: CONTRACT });
    expect(mail.text).toMatch(/Consulter et signer le devis en ligne/);

    const listed = await request(t.app).get('/api/client-accounts/me/quotes').set(asClient(client)).expect(200);
    expect(listed.body.map((q: { id: string }) => q.id)).toEqual([quote.id]);
    expect(listed.body[0]).toMatchObject({ status: 'SENT', can_sign: true, has_contract: true, amount: '1800.00' });

    // First read: recorded once on the studio's side, with its event.
    const read = await readQuote(client, quote.id).expect(200);
    await readQuote(client, quote.id).expect(200);
    const studioSide = await request(t.app).get(`/api/quotes/${quote.id}`).set(as(studio)).expect(200);
    expect(studioSide.body.viewed_at).toEqual(expect.any(String));
    const viewed = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = $1 AND event_type = 'QUOTE_VIEWED'",
      [quote.id],
    );
    expect(viewed[0].n).toBe(1);
    expect(read.body.consent_text).toMatch(/J’ai lu le devis D-\d{4}-\d+ et le contrat/);

    // The pdf the client reads holds the contract with its variables filled.
    const pdf = await request(t.app)
      .get(`/api/client-accounts/me/quotes/${quote.id}/pdf`)
      .set(asClient(client))
      .expect(200);
    const text = pdfTextOf(await download(pdf.body.url));
    expect(text).toContain('Contrat');
    expect(text).toContain('Studio Lumière SARL et Chloé Dubois');
    expect(text).toMatch(/Le devis D-\d{4}-\d+ de 1\s800,00\s€ vaut commande/);

    // Refused: no consent, an empty name, a name of control characters.
    expect((await sign(client, quote.id, { signer_name: 'Chloé Dubois', version: read.body.version })).status).toBe(
      400,
    );
    expect(
      (await sign(client, quote.id, { signer_name: '   ', consent: true, version: read.body.version })).status,
    ).toBe(400);
    expect(
      (await sign(client, quote.id, { signer_name: '\u202eeuqsaM', consent: true, version: read.body.version })).status,
    ).toBe(400);

    const signed = await sign(client, quote.id, {
      signer_name: '  Chloé   Dubois ',
      consent: true,
      version: read.body.version,
    });
    expect(signed.status).toBe(201);
    expect(signed.body.quote).toMatchObject({ status: 'ACCEPTED', can_sign: false });
    expect(signed.body.quote.cannot_sign_reason.code).toBe('quote_signed');

    // The evidence, and the stored pdf whose SHA-256 is the one recorded.
    const [evidence] = await sql<Record<string, string>>('SELECT * FROM quote_signatures WHERE quote_id = $1', [
      quote.id,
    ]);
    expect(evidence).toMatchObject({
      signer_name: 'Chloé Dubois',
      signer_email: contact.email,
      locale: 'fr-FR',
      pdf_sha256: signed.body.signature.pdf_sha256,
    });
    expect(evidence.user_agent).toMatch(/iPhone/);
    expect(evidence.ip_address).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    expect(evidence.consent_text).toBe(read.body.consent_text);
    expect(evidence.pdf_key).toMatch(/^pdfs\/contracts\//);
    const s3 = createS3Client(t.config);
    const object = await s3.send(new GetObjectCommand({ Bucket: t.config.S3_BUCKET, Key: evidence.pdf_key }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(evidence.pdf_sha256);
    expect(pdfTextOf(stored)).toContain('Studio Lumière SARL et Chloé Dubois');

    // The evidence is never changed, even by hand.
    await expect(
      sql('UPDATE quote_signatures SET signer_name = $1 WHERE quote_id = $2', ['Someone Else', quote.id]),
    ).rejects.toThrow(/never changed/);

    // The studio sees it signed, with its events; a signed quote cannot change or go.
    const events = await sql<{ event_type: string }>(
      'SELECT event_type FROM outbox_events WHERE entity_id = $1 ORDER BY created_at, event_type',
      [quote.id],
    );
    expect(events.map((e) => e.event_type)).toEqual(
      expect.arrayContaining(['QUOTE_STATUS_CHANGED', 'QUOTE_SIGNED', 'QUOTE_VIEWED']),
    );
    const after = await request(t.app).get(`/api/quotes/${quote.id}`).set(as(studio)).expect(200);
    expect(after.body).toMatchObject({ status: 'ACCEPTED', signed_at: expect.any(String) });
    const change = await request(t.app).put(`/api/quotes/${quote.id}`).set(as(studio)).send({ title: 'Autre' });
    expect(change.status).toBe(409);
    expect(change.body.code ?? change.body.error?.code).toBe('quote_signed');
    expect((await request(t.app).delete(`/api/quotes/${quote.id}`).set(as(studio))).status).toBe(409);
    // The studio marking it accepted again changes nothing.
    const accepted = await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(studio)).expect(200);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', signed_at: after.body.signed_at });
    expect(
      (await sign(client, quote.id, { signer_name: 'Chloé', consent: true, version: read.body.version })).status,
    ).toBe(409);

    // The first installment (30 % of 1 800.00) is billed and issued, ready to pay.
    expect(signed.body.deposit_problem).toBeNull();
    expect(signed.body.deposit_invoice).toMatchObject({
      status: 'ISSUED',
      amount: '540.00',
      balance_due: '540.00',
      can_pay: true,
      deposit_installment: 0,
    });
    expect(signed.body.deposit_invoice.number).toMatch(/^F-/);
    const invoices = await request(t.app).get('/api/client-accounts/me/invoices').set(asClient(client)).expect(200);
    expect(invoices.body.map((i: { id: string }) => i.id)).toEqual([signed.body.deposit_invoice.id]);

    // The signed copy, with its certificate, mailed to the client and to the studio.
    const copyMail = await eventually('the signed copy email', async () =>
      (await mailsTo(contact.email as string)).find((m) => /signé/.test(m.subject)),
    );
    const studioMail = await eventually('the studio copy', async () =>
      (await mailsTo(studio.email)).find((m) => /signé/.test(m.subject)),
    );
    expect(studioMail.subject).toBe(copyMail.subject);
    const copyText = pdfTextOf(await mailAttachment(copyMail));
    expect(copyText).toContain('Certificat de signature électronique');
    expect(copyText).toContain(evidence.pdf_sha256);
    expect(copyText).toContain('Chloé Dubois');
    expect(copyText).toContain('Studio Lumière SARL et Chloé Dubois');
    // Reading the signed quote's pdf now gives the signed copy and the signed file's fingerprint.
    const signedLink = await request(t.app)
      .get(`/api/client-accounts/me/quotes/${quote.id}/pdf`)
      .set(asClient(client))
      .expect(200);
    expect(signedLink.body.sha256).toBe(evidence.pdf_sha256);
  });

  it('refuses a quote changed since it was read: the client reads it again, then signs', async () => {
    const { quote, client } = await sentQuote();
    const read = await readQuote(client, quote.id).expect(200);
    await request(t.app)
      .put(`/api/quotes/${quote.id}`)
      .set(as(studio))
      .send({ items: [{ ...lines[0], price_without_tax: '1600.00' }] })
      .expect(200);
    const stale = await sign(client, quote.id, {
      signer_name: 'Chloé Dubois',
      consent: true,
      version: read.body.version,
    });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain('quote_changed');
    const again = await readQuote(client, quote.id).expect(200);
    expect(again.body.amount).toBe('1920.00');
    expect(
      (await sign(client, quote.id, { signer_name: 'Chloé Dubois', consent: true, version: again.body.version }))
        .status,
    ).toBe(201);
  });

  it('lets the client decline with a reason; a declined quote cannot be signed', async () => {
    const { quote, client } = await sentQuote();
    const read = await readQuote(client, quote.id).expect(200);
    const declined = await request(t.app)
      .post(`/api/client-accounts/me/quotes/${quote.id}/decline`)
      .set(asClient(client))
      .send({ reason: 'Nous avons choisi un autre photographe' })
      .expect(200);
    expect(declined.body).toMatchObject({ status: 'REJECTED', can_sign: false, declined_at: expect.any(String) });
    const studioSide = await request(t.app).get(`/api/quotes/${quote.id}`).set(as(studio)).expect(200);
    expect(studioSide.body).toMatchObject({
      status: 'REJECTED',
      decline_reason: 'Nous avons choisi un autre photographe',
    });
    const [event] = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = $1 AND event_type = 'QUOTE_DECLINED'",
      [quote.id],
    );
    expect(event.n).toBe(1);
    const late = await sign(client, quote.id, {
      signer_name: 'Chloé Dubois',
      consent: true,
      version: read.body.version,
    });
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain('quote_declined');
  });

  it('refuses an expired quote, and hides drafts and other clients’ quotes (404)', async () => {
    const { quote, client } = await sentQuote({ valid_until: parisDay(-1) });
    const read = await readQuote(client, quote.id).expect(200);
    expect(read.body).toMatchObject({ can_sign: false, cannot_sign_reason: { code: 'quote_expired' } });
    const expired = await sign(client, quote.id, {
      signer_name: 'Chloé Dubois',
      consent: true,
      version: read.body.version,
    });
    expect(expired.status).toBe(409);
    expect(JSON.stringify(expired.body)).toContain('quote_expired');

    // Another client of the same studio, and a draft of this client: not found.
    const other = await sentQuote();
    expect((await readQuote(other.client, quote.id)).status).toBe(404);
    expect(
      (await request(t.app).get(`/api/client-accounts/me/quotes/${quote.id}/pdf`).set(asClient(other.client))).status,
    ).toBe(404);
    const [row] = await sql<{ contact_id: string }>('SELECT contact_id FROM quotes WHERE id = $1', [quote.id]);
    const draft = await buildQuote(t.app, studio, { title: 'Brouillon', contact_id: row.contact_id, items: lines });
    expect((await readQuote(client, draft.id)).status).toBe(404);
    const listed = await request(t.app).get('/api/client-accounts/me/quotes').set(asClient(client)).expect(200);
    expect(listed.body.map((q: { id: string }) => q.id)).toEqual([quote.id]);
    // Without a token, or with a studio's token: 401.
    expect((await request(t.app).get('/api/client-accounts/me/quotes')).status).toBe(401);
    expect((await request(t.app).get('/api/client-accounts/me/quotes').set(as(studio))).status).toBe(401);
  });
});
