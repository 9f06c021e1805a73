// Quotes and invoices through HTTP: items and computed amounts, items replaced on update,
// ownership of every related id, status rules, audit rows and outbox events.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { zipEntryText } from '../../helpers/zip-entry';
import { buildBillableContact, buildContact } from '../../factories/contacts';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { mailAttachment, mailsTo } from '../../helpers/mail';
import { sqlOn } from '../../helpers/sql';
import { download } from '../../helpers/downloads';
import { pdfTextOf } from '../../helpers/pdf-text';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app);
  other = await buildUser(t.app);
});
afterAll(() => t.close());

const sql = sqlOn(() => t.sequelize);
const lines = [
  { item_type: 'SESSION_TYPE', description: 'Reportage mariage', price_without_tax: '1500.00', vat_percentage: 20 },
  { item_type: 'TEXT', description: 'Livraison sous 6 semaines' },
  { item_type: 'SESSION_TYPE', description: 'Tirages 30x40', quantity: 3, price_without_tax: 12.5, vat_percentage: 10 },
  {
    item_type: 'DISCOUNT',
    description: 'Remise fidélité',
    discount_type: 'PERCENTAGE_OF_TOTAL',
    discount_percentage: 10,
  },
];

describe('/api/invoices', () => {
  it('computes the amount from the items, replaces the items on update, and records audit rows', async () => {
    const contact = await buildContact(t.app, owner);
    const created = await request(t.app).post('/api/invoices').set(as(owner)).send({
      title: 'Mariage Claire & Hugo',
      contact_id: contact.id,
      due_date: '2026-12-31',
      items: lines,
      amount: '1.00',
    });
    expect(created.status).toBe(201);
    // 1 500.00 + 300.00 VAT and 37.50 + 3.75 VAT (1 841.25), less 10 % on each rate: 1 350.00 + 270.00
    // and 33.75 + 3.38 = 1 657.13; the discount line shows the 184.12 taken off (the amount sent is ignored).
    expect(created.body).toMatchObject({
      status: 'DRAFT',
      amount: '1657.13',
      contact_id: contact.id,
      due_date: '2026-12-31',
      number: expect.stringMatching(/^2026-[0-9a-f]{8}$/),
    });
    expect(created.body.items.map((i: { description: string; total: string }) => [i.description, i.total])).toEqual([
      ['Reportage mariage', '1800.00'],
      ['Livraison sous 6 semaines', '0.00'],
      ['Tirages 30x40', '41.25'],
      ['Remise fidélité', '-184.12'],
    ]);
    expect(created.body.items[0]).toMatchObject({
      price_with_tax: '1800.00',
      price_without_tax: '1500.00',
      vat_percentage: '20.00',
    });

    const updated = await request(t.app)
      .put(`/api/invoices/${created.body.id}`)
      .set(as(owner))
      .send({
        items: [{ item_type: 'SESSION_TYPE', description: 'Portrait', price_with_tax: '120.00', vat_percentage: 20 }],
      });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ amount: '120.00', title: 'Mariage Claire & Hugo' });
    expect(updated.body.items).toHaveLength(1);
    expect(updated.body.items[0]).toMatchObject({ price_without_tax: '100.00', total: '120.00' });

    const audit = await sql<{ action: string; metadata: { changed: string[] } }>(
      'SELECT action, metadata FROM audit_logs WHERE entity_id = $1 ORDER BY created_at',
      [created.body.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    expect(audit[1].metadata.changed).toEqual(expect.arrayContaining(['items', 'amount']));
  });

  it("answers 404 for another studio's invoice, session, contact or quote", async () => {
    const mine = await buildInvoice(t.app, owner, { contact_id: null, title: 'Portrait' });
    expect((await request(t.app).get(`/api/invoices/${mine.id}`).set(as(other))).status).toBe(404);
    expect((await request(t.app).put(`/api/invoices/${mine.id}`).set(as(other)).send({ title: 'x' })).status).toBe(404);
    expect((await request(t.app).delete(`/api/invoices/${mine.id}`).set(as(other))).status).toBe(404);
    const theirContact = await buildContact(t.app, other);
    const theirSession = await buildSession(t.app, other, { title: 'Leur séance' });
    const theirQuote = await buildQuote(t.app, other, { contact_id: null, title: 'Leur devis' });
    for (const body of [
      { contact_id: theirContact.id },
      { session_id: theirSession.id },
      { quote_id: theirQuote.id },
    ]) {
      const res = await request(t.app)
        .post('/api/invoices')
        .set(as(owner))
        .send({ title: 'x', ...body });
      expect(res.status).toBe(404);
    }
    const list = await request(t.app).get('/api/invoices').set(as(other)).expect(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(mine.id);
  });

  it('issues a draft with the next legal number and an INVOICE_STATUS_CHANGED event; refuses a status by PUT, and any change or delete once issued', async () => {
    const studio = await buildUser(t.app);
    const draft = await buildInvoice(t.app, studio, { profile: true });
    expect(
      (await request(t.app).put(`/api/invoices/${draft.id}`).set(as(studio)).send({ status: 'SENT' })).status,
    ).toBe(400);
    expect((await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(owner))).status).toBe(404);
    const issued = await request(t.app)
      .post(`/api/invoices/${draft.id}/issue`)
      .set(as(studio))
      .set('X-Request-ID', 'req-invoice-issued')
      .expect(200);
    const year = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
    expect(issued.body).toMatchObject({
      status: 'ISSUED',
      number: `F-${year}-00001`,
      payment_status: 'UNPAID',
      balance_due: '300.00',
      amount_paid: '0.00',
      issued_at: expect.any(String),
    });
    // Issuing again (a retried request) answers the same invoice, number unchanged.
    expect((await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio)).expect(200)).body.number).toBe(
      `F-${year}-00001`,
    );
    const events = await sql<{
      event_type: string;
      request_id: string;
      payload: { status: string; previous_status: string };
    }>('SELECT event_type, request_id, payload FROM outbox_events WHERE entity_id = $1', [draft.id]);
    expect(events).toEqual([
      {
        event_type: 'INVOICE_STATUS_CHANGED',
        request_id: 'req-invoice-issued',
        payload: expect.objectContaining({ status: 'ISSUED', previous_status: 'DRAFT' }),
      },
    ]);
    const edited = await request(t.app).put(`/api/invoices/${draft.id}`).set(as(studio)).send({ title: 'Autre titre' });
    expect(edited.status).toBe(409);
    expect(edited.body.code).toBe('invoice_issued');
    const refused = await request(t.app).delete(`/api/invoices/${draft.id}`).set(as(studio));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invoice_issued');
    expect((await request(t.app).get(`/api/invoices/${draft.id}`).set(as(studio))).body).toMatchObject({
      title: 'Séance famille',
      status: 'ISSUED',
      amount: '300.00',
    });

    const brouillon = await buildInvoice(t.app, owner, { contact_id: null, title: 'Brouillon' });
    await request(t.app).delete(`/api/invoices/${brouillon.id}`).set(as(owner)).expect(204);
    const [deleted] = await sql<{ action: string }>(
      'SELECT action FROM audit_logs WHERE entity_id = $1 ORDER BY created_at DESC LIMIT 1',
      [brouillon.id],
    );
    expect(deleted.action).toBe('DELETE');
  });
});

describe('/api/quotes and the session-scoped routes', () => {
  it('creates a quote under a session, lists it there only, emits QUOTE_STATUS_CHANGED, and keeps a quote an invoice came from', async () => {
    const session = await request(t.app)
      .post('/api/sessions')
      .set(as(owner))
      .send({ title: 'Séance corporate' })
      .expect(201);
    const base = `/api/sessions/${session.body.id}/quotes-invoices`;
    const quote = await request(t.app)
      .post(`${base}/quotes`)
      .set(as(owner))
      .send({
        title: 'Devis corporate',
        items: [
          { item_type: 'SESSION_TYPE', price_without_tax: 800, vat_percentage: 20 },
          { item_type: 'DISCOUNT', discount_type: 'FIXED_WITHOUT_TAX', discount_amount: 50 },
        ],
      });
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({ session_id: session.body.id, status: 'PENDING', amount: '900.00' });
    expect(
      (await request(t.app).get(`${base}/quotes`).set(as(owner))).body.items.map((q: { id: string }) => q.id),
    ).toEqual([quote.body.id]);
    expect((await request(t.app).get(`${base}/quotes`).set(as(other))).status).toBe(404);

    const accepted = await request(t.app)
      .put(`${base}/quotes/${quote.body.id}`)
      .set(as(owner))
      .send({ status: 'ACCEPTED' })
      .expect(200);
    expect(accepted.body.status).toBe('ACCEPTED');
    const [event] = await sql<{ event_type: string }>('SELECT event_type FROM outbox_events WHERE entity_id = $1', [
      quote.body.id,
    ]);
    expect(event.event_type).toBe('QUOTE_STATUS_CHANGED');

    const invoice = await request(t.app)
      .post(`${base}/invoices`)
      .set(as(owner))
      .send({ title: 'Facture corporate', quote_id: quote.body.id })
      .expect(201);
    expect(invoice.body).toMatchObject({ session_id: session.body.id, quote_id: quote.body.id });
    const kept = await request(t.app).delete(`/api/quotes/${quote.body.id}`).set(as(owner));
    expect(kept.status).toBe(409);
    expect(kept.body.code).toBe('quote_invoiced');

    // A document of another session is not found through this session's routes.
    const elsewhere = await buildQuote(t.app, owner, { contact_id: null, title: 'Ailleurs' });
    expect((await request(t.app).get(`${base}/quotes/${elsewhere.id}`).set(as(owner))).status).toBe(404);
  });

  it('refuses bad amounts and unknown item types with 400', async () => {
    expect(
      (
        await request(t.app)
          .post('/api/quotes')
          .set(as(owner))
          .send({ title: 'x', items: [{ item_type: 'SESSION_TYPE', price_without_tax: '12.345' }] })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post('/api/quotes')
          .set(as(owner))
          .send({ title: 'x', items: [{ item_type: 'GIFT' }] })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post('/api/quotes')
          .set(as(owner))
          .send({ title: 'x', items: [{ item_type: 'SESSION_TYPE', vat_percentage: 120 }] })
      ).status,
    ).toBe(400);
    expect((await request(t.app).post('/api/quotes').set(as(owner)).send({ items: [] })).status).toBe(400);
    // Prices that fit one by one, but not once multiplied: a 400 naming the line, nothing stored.
    const tooLarge = await request(t.app)
      .post('/api/invoices')
      .set(as(owner))
      .send({
        title: 'Trop',
        items: [
          { item_type: 'SESSION_TYPE', price_without_tax: '99999999.99', quantity: '99999999.99', vat_percentage: 20 },
        ],
      });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toMatch(/^Line 1 comes to more than 99999999.99/);
    expect(await sql('SELECT 1 FROM invoices WHERE owner_id = $1 AND title = $2', [owner.id, 'Trop'])).toHaveLength(0);
  });
});

describe('POST .../preview-email', () => {
  it("fills the studio's invoice template with the document's number, title, amount and due date, escaping the html; nothing is sent", async () => {
    const contact = await buildContact(t.app, owner, { first_name: 'Zoé' });
    const invoice = await buildInvoice(t.app, owner, {
      title: 'Mariage <Claire> & Hugo',
      contact_id: contact.id,
      due_date: '2026-12-31',
      items: [{ item_type: 'SESSION_TYPE', price_without_tax: '1500.00', vat_percentage: 20 }],
    });
    const preview = await request(t.app).post(`/api/invoices/${invoice.id}/preview-email`).set(as(owner)).send({});
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      to: contact.email,
      subject: `Facture ${invoice.number} – Mariage <Claire> & Hugo`,
      templateId: expect.any(String),
    });
    expect(preview.body.html).toContain('Bonjour Zoé');
    expect(preview.body.html).toContain('Mariage &lt;Claire&gt; &amp; Hugo');
    expect(preview.body.html).toMatch(/1\s800,00\s€ TTC/);
    expect(preview.body.text).toContain('31 décembre 2026');
    expect(
      (await request(t.app).post(`/api/invoices/${invoice.id}/preview-email`).set(as(other)).send({})).status,
    ).toBe(404);
    // Without a body at all, too.
    expect((await request(t.app).post(`/api/invoices/${invoice.id}/preview-email`).set(as(owner))).status).toBe(200);
  });
});

describe('email sends per studio (RATE_LIMIT_EMAIL_SEND)', () => {
  it('count every send of a quote, an invoice or a session info invitation in one budget per studio, answering 429 past it', async () => {
    const app = t.appWith({ RATE_LIMIT_EMAIL_SEND: '2/3600' });
    const studio = await buildUser(t.app);
    const quote = await buildQuote(t.app, studio, { contact_id: null, title: 'Devis', items: [] });
    const invoice = await buildInvoice(t.app, studio, { contact_id: null, title: 'Facture', items: [] });
    try {
      // Refused sends count too: the budget is on asking the service to mail, not on mails delivered.
      expect(
        (
          await request(app)
            .post(`/api/quotes/${quote.id}/send-email`)
            .set(as(studio))
            .send({ to: ['not-an-address'] })
        ).status,
      ).toBe(400);
      expect(
        (
          await request(app)
            .post(`/api/invoices/${invoice.id}/send-email`)
            .set(as(studio))
            .send({ to: ['not-an-address'] })
        ).status,
      ).toBe(400);
      const refused = await request(app)
        .post(`/api/invoices/${invoice.id}/send-email`)
        .set(as(studio))
        .send({ to: ['client@example.test'] });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      expect(refused.headers['ratelimit-policy']).toBe('2;w=3600');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const invite = await request(app)
        .post(`/api/sessions/${crypto.randomUUID()}/send-session-info-invite`)
        .set(as(studio))
        .send({});
      expect(invite.status).toBe(429);
      // Another studio has a budget of its own.
      expect((await request(app).post(`/api/quotes/${quote.id}/send-email`).set(as(other)).send({})).status).toBe(404);
    } finally {
      await t.sequelize.query('DELETE FROM rate_limits WHERE key = ANY($1)', {
        bind: [[`email:send:user:${studio.id}`, `email:send:user:${other.id}`]],
      });
    }
  });
});

describe('pdfs and send-email (real worker, Chromium, MailDev)', () => {
  let worker: WorkerProcess;
  beforeAll(async () => {
    worker = await startMainWorker('invoicing');
  }, 240_000);
  afterAll(() => worker?.stop());

  it('shows the company, the client, the number, the lines, the VAT summary and the totals in French', async () => {
    const studio = await buildUser(t.app);
    await sql(
      'INSERT INTO user_company (user_id, company_name, siren, siret, company_street, company_zipcode, company_city) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
      [studio.id, 'Atelier Lumière', '123456789', '12345678900012', '12 rue des Arts', '25000', 'Besançon'],
    );
    const contact = await buildContact(t.app, studio, { first_name: 'Élodie', last_name: 'Garçon', city: 'Dijon' });
    const invoice = await buildInvoice(t.app, studio, {
      title: 'Mariage Élodie & Théo',
      contact_id: contact.id,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Reportage mariage',
          price_without_tax: '1500.00',
          vat_percentage: 20,
        },
        { item_type: 'TEXT', description: 'Livraison sous six semaines' },
        {
          item_type: 'SESSION_TYPE',
          description: 'Tirages 30x40',
          quantity: 3,
          price_without_tax: '12.50',
          vat_percentage: 10,
        },
        { item_type: 'SESSION_TYPE', description: 'Livre photo', price_with_tax: '63.30', vat_percentage: 5.5 },
      ],
    });
    const res = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: `pdfs/invoices/${studio.id}/${invoice.id}.pdf`,
      filename: `facture-${invoice.number}.pdf`,
      expiration: 3600,
    });
    const text = pdfTextOf(await download(res.body.url));
    expect(text).toContain(`Facture N° ${invoice.number}`);
    for (const expected of [
      'Atelier Lumière',
      'SIREN 123456789',
      'SIRET 12345678900012',
      'Élodie Garçon',
      'Mariage Élodie & Théo',
      'Reportage mariage',
      'Livraison sous six semaines',
      'Tirages 30x40',
      'Livre photo',
      'Récapitulatif TVA',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/5,5 %\s+60,00\s€\s+3,30\s€/);
    expect(text).toMatch(/20 %\s+1\s500,00\s€\s+300,00\s€/);
    expect(text).toMatch(/Total TTC\s+1\s904,55\s€/);

    // The same version again: the same job and file, no second render.
    const again = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio)).expect(200);
    expect(again.body.key).toBe(res.body.key);
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'billing.pdf' AND entity_id = $1`,
      [invoice.id],
    );
    expect(n).toBe(1);
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(other))).status).toBe(404);
  }, 120_000);

  it('writes amounts the English way for an en-US studio, under pdfs/quotes/ for a quote', async () => {
    const studio = await buildUser(t.app);
    await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(studio))
      .send({ studio_locale: 'en-US' })
      .expect(200);
    const quote = await buildQuote(t.app, studio, {
      contact_id: null,
      title: 'Corporate headshots',
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Headshots',
          quantity: 10,
          price_without_tax: '123.45',
          vat_percentage: 20,
        },
      ],
    });
    const res = await request(t.app).get(`/api/quotes/${quote.id}/pdf`).set(as(studio)).expect(200);
    expect(res.body.key).toBe(`pdfs/quotes/${studio.id}/${quote.id}.pdf`);
    const text = pdfTextOf(await download(res.body.url));
    expect(text).toContain(`Quote No. ${quote.number}`);
    expect(text).toMatch(/Total incl\. tax\s+€1,481\.40/);
  }, 120_000);

  it('exports the invoice as docx with the same content as the pdf (GET /api/invoices/:id/export?format=docx)', async () => {
    const studio = await buildUser(t.app);
    await sql('INSERT INTO user_company (user_id, company_name, siret) VALUES ($1, $2, $3) RETURNING id', [
      studio.id,
      'Studio Nord',
      '12345678900012',
    ]);
    const contact = await buildContact(t.app, studio, { first_name: 'Inès', last_name: 'Roux' });
    const invoice = await buildInvoice(t.app, studio, {
      title: 'Mariage Inès',
      contact_id: contact.id,
      due_date: '2026-12-31',
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Reportage mariage',
          price_without_tax: '1500.00',
          vat_percentage: 20,
        },
        { item_type: 'SESSION_TYPE', description: 'Livre photo', price_with_tax: '63.30', vat_percentage: 5.5 },
      ],
    });
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/export?format=odt`).set(as(studio))).status).toBe(
      400,
    );
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/export?format=docx`).set(as(other))).status).toBe(
      404,
    );
    const res = await request(t.app).get(`/api/invoices/${invoice.id}/export?format=docx`).set(as(studio)).expect(200);
    expect(res.body).toMatchObject({
      key: `pdfs/invoices/${studio.id}/${invoice.id}.docx`,
      filename: `facture-${invoice.number}.docx`,
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-docx-'));
    try {
      fs.writeFileSync(path.join(dir, 'doc.docx'), await download(res.body.url));
      // Runs of text, without the xml between them.
      const text = (await zipEntryText(path.join(dir, 'doc.docx'), 'word/document.xml'))
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
      for (const expected of [
        'Studio Nord',
        'SIRET 12345678900012',
        'Inès Roux',
        `Facture N° ${invoice.number}`,
        'Mariage Inès',
        '31 décembre 2026',
        'Reportage mariage',
        'Livre photo',
        'Récapitulatif TVA',
      ])
        expect(text).toContain(expected);
      expect(text).toMatch(/5,5 % 60,00\s€ 3,30\s€/);
      expect(text).toMatch(/Total TTC 1\s863,30\s€/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // format=pdf is the same file as GET .../pdf.
    const pdf = await request(t.app).get(`/api/invoices/${invoice.id}/export?format=pdf`).set(as(studio)).expect(200);
    expect(pdf.body.key).toBe(`pdfs/invoices/${studio.id}/${invoice.id}.pdf`);
  }, 120_000);

  it('sends an invoice by email with its pdf attached, once per Idempotency-Key, issuing the draft first', async () => {
    const studio = await buildUser(t.app);
    const address = `zoe-${Date.now()}@example.test`;
    await saveStudioProfile(t.app, studio);
    const contact = await buildBillableContact(t.app, studio, { first_name: 'Zoé', email: address });
    const invoice = await buildInvoice(t.app, studio, {
      title: 'Séance portrait',
      contact_id: contact.id,
      items: [{ item_type: 'SESSION_TYPE', description: 'Portrait', price_without_tax: '250.00', vat_percentage: 20 }],
    });

    // Recipients are validated before anything starts; someone else's invoice is not found.
    expect(
      (
        await request(t.app)
          .post(`/api/invoices/${invoice.id}/send-email`)
          .set(as(studio))
          .send({ to: ['not-an-address'] })
      ).status,
    ).toBe(400);
    expect(
      (await request(t.app).post(`/api/invoices/${invoice.id}/send-email`).set(as(studio)).send({ to: [] })).status,
    ).toBe(400);
    expect((await request(t.app).post(`/api/invoices/${invoice.id}/send-email`).set(as(other)).send({})).status).toBe(
      404,
    );

    const key = `send-${invoice.id}`;
    const sent = await request(t.app)
      .post(`/api/invoices/${invoice.id}/send-email`)
      .set(as(studio))
      .set('Idempotency-Key', key)
      .send({ message: 'Merci pour la séance !' });
    expect(sent.status).toBe(202);
    // The draft was issued before the job started: the email and its pdf carry the legal number.
    const issued = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio))).body;
    expect(issued).toMatchObject({ status: 'ISSUED', number: expect.stringMatching(/^F-\d{4}-00001$/) });
    // The client retries the same request: the same job, no second email.
    const retried = await request(t.app)
      .post(`/api/invoices/${invoice.id}/send-email`)
      .set(as(studio))
      .set('Idempotency-Key', key)
      .send({ message: 'Merci pour la séance !' });
    expect(retried.body.jobRunId).toBe(sent.body.jobRunId);

    const [mail] = await eventually('the invoice email in MailDev', async () => {
      const mails = await mailsTo(address);
      return mails.length > 0 && mails;
    });
    expect(mail.text).toContain('Merci pour la séance !');
    expect(mail.attachments?.map((a) => [a.fileName, a.contentType])).toEqual([
      [`facture-${issued.number}.pdf`, 'application/pdf'],
    ]);
    const attached = await mailAttachment(mail);
    expect(pdfTextOf(attached)).toMatch(/Total TTC\s+300,00\s€/);

    const tracking = await eventually('the send recorded', async () => {
      const rows = await sql<{ recipient: string; status: string; sent_at: Date | null }>(
        `SELECT recipient, status, sent_at FROM email_tracking WHERE entity_id = $1`,
        [invoice.id],
      );
      return rows.length > 0 && rows;
    });
    expect(tracking).toEqual([{ recipient: address, status: 'SENT', sent_at: expect.any(Date) }]);
    const audit = await sql<{ action: string; metadata: { status?: { from: string; to: string } } }>(
      `SELECT action, metadata FROM audit_logs WHERE entity_id = $1 AND action = 'SEND_EMAIL'`,
      [invoice.id],
    );
    expect(audit).toHaveLength(1);
    // Sending changes nothing more on an issued invoice.
    expect(audit[0].metadata.status).toBeUndefined();
    const events = await sql<{ event_type: string }>(`SELECT event_type FROM outbox_events WHERE entity_id = $1`, [
      invoice.id,
    ]);
    expect(events.map((e) => e.event_type)).toContain('INVOICE_STATUS_CHANGED');
    expect((await mailsTo(address)).length).toBe(1);
  }, 120_000);

  it('sends a PENDING quote to the given addresses with a link to the pdf, and the quote becomes SENT', async () => {
    const studio = await buildUser(t.app);
    const address = `client-${Date.now()}@example.test`;
    const quote = await buildQuote(t.app, studio, {
      contact_id: null,
      title: 'Devis mariage',
      items: [
        { item_type: 'SESSION_TYPE', description: 'Reportage', price_without_tax: '1000.00', vat_percentage: 20 },
      ],
    });
    expect(quote.status).toBe('PENDING');
    // No client on the quote and no `to`: nobody to send it to.
    expect((await request(t.app).post(`/api/quotes/${quote.id}/send-email`).set(as(studio)).send({})).status).toBe(400);
    await request(t.app)
      .post(`/api/quotes/${quote.id}/send-email`)
      .set(as(studio))
      .send({ to: [address], subject: 'Votre devis', attach_pdf: false })
      .expect(202);
    const [mail] = await eventually('the quote email in MailDev', async () => {
      const mails = await mailsTo(address);
      return mails.length > 0 && mails;
    });
    expect(mail.subject).toBe('Votre devis');
    expect(mail.attachments ?? []).toHaveLength(0);
    const link = /(http\S+)/.exec(mail.text.split('Télécharger le document:')[1] ?? '')?.[1];
    expect(link).toBeDefined();
    expect(pdfTextOf(await download(link!))).toContain('Reportage');
    await eventually(
      'the quote SENT',
      async () => (await request(t.app).get(`/api/quotes/${quote.id}`).set(as(studio))).body.status === 'SENT',
    );
  }, 120_000);
});
