// Legal invoicing through HTTP against the real stack (issue 20): the mention checker, numbers at
// issue without gaps under concurrency from several api processes, immutability in the api and in
// the database, manual and partial payments with their reversal, credit notes and CANCELLED.
import { Client } from 'pg';
import request from 'supertest';
import { asTableOwner } from '../../helpers/as-owner';
import { startApiProcess, type ApiProcess } from '../../helpers/api-process';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { sqlOn } from '../../helpers/sql';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app);
  other = await buildUser(t.app);
  await saveStudioProfile(t.app, owner);
});
afterAll(() => t.close());

const sql = sqlOn(() => t.sequelize);
const year = () => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
const seqOf = (number: string) => Number(/-(\d+)$/.exec(number)![1]);
const read = async (user: TestUser, id: string) =>
  (await request(t.app).get(`/api/invoices/${id}`).set(as(user)).expect(200)).body;

describe('issuing: the mandatory mentions', () => {
  it('refuses to issue for a studio with no profile, or a client with no address, naming each missing mention; nothing is numbered', async () => {
    const studio = await buildUser(t.app);
    const draft = await buildInvoice(t.app, studio);
    const refused = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual([
      'company.company_name',
      'company.address',
      'due_date',
    ]);

    await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, vat_number: null, siren: null, siret: null });
    const homeless = await buildBillableContact(t.app, studio, { street: null, city: null, zipcode: null });
    const noAddress = await buildInvoice(t.app, studio, { contact_id: homeless.id });
    const second = await request(t.app).post(`/api/invoices/${noAddress.id}/issue`).set(as(studio));
    expect(second.status).toBe(400);
    expect(second.body.details.map((d: { path: string }) => d.path)).toEqual([
      'company.siren',
      'company.vat_number',
      'contact.address',
    ]);
    expect((await read(studio, noAddress.id)).status).toBe('DRAFT');

    // Fixed: the first number of the year is 1, refusals consumed none.
    await saveStudioProfile(t.app, studio);
    const issued = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio)).expect(200);
    expect(issued.body.number).toBe(`F-${year()}-00001`);
    // The due date comes from the studio's terms (30 days) when the draft had none; the buyer is copied.
    expect(issued.body.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(issued.body.buyer).toMatchObject({ name: 'Chloé Dubois', city: 'Lyon', zipcode: '69002' });
  });
});

describe('issuing to a company client', () => {
  it('asks for the SIREN of a French company client, checks it on the contact, and copies the company into the buyer', async () => {
    const contacts = (body: Record<string, unknown>) =>
      request(t.app)
        .post('/api/contacts')
        .set(as(owner))
        .send({
          first_name: 'Jérôme',
          last_name: 'Garnier',
          street: '45 quai des Chartrons',
          zipcode: '33000',
          city: 'Bordeaux',
          ...body,
        });
    const wrongKey = await contacts({ company_name: 'Atelier Garnier SAS', siren: '552100555' });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.details.map((d: { path: string }) => d.path)).toEqual(['siren']);
    expect(
      (await contacts({ company_name: 'Atelier Garnier SAS', vat_number: 'FR00552100554' })).body.details.map(
        (d: { path: string }) => d.path,
      ),
    ).toEqual(['vat_number']);
    // Abroad, the numbers are the country's own.
    expect(
      (
        await contacts({
          company_name: 'Bright Ltd',
          country: 'United Kingdom',
          siren: '01234567',
          vat_number: 'GB123456789',
        })
      ).status,
    ).toBe(201);

    const company = (await contacts({ company_name: 'Atelier Garnier SAS' }).expect(201)).body as { id: string };
    const draft = await buildInvoice(t.app, owner, { contact_id: company.id });
    const refused = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(owner));
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d: { path: string }) => d.path)).toEqual(['contact.siren']);
    await request(t.app).patch(`/api/contacts/${company.id}`).set(as(owner)).send({ siren: '552 100 554' }).expect(200);
    const issued = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(owner)).expect(200);
    expect(issued.body.buyer).toMatchObject({
      name: 'Jérôme Garnier',
      company_name: 'Atelier Garnier SAS',
      siren: '552100554',
    });
  });
});

describe('numbers at issue under concurrency', () => {
  let apis: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.stop()));
  });

  it('issues 50 drafts at once through two api processes: numbers 1..50, no gap, no duplicate; a transaction killed while holding the counter leaves no hole', async () => {
    const studio = await buildUser(t.app);
    await saveStudioProfile(t.app, studio);
    const contact = await buildBillableContact(t.app, studio);
    const drafts = await Promise.all(
      Array.from({ length: 50 }, () => buildInvoice(t.app, studio, { contact_id: contact.id })),
    );
    apis = await Promise.all([startApiProcess('issue-a'), startApiProcess('issue-b')]);
    const answers = await Promise.all(
      drafts.map((d, i) =>
        request(apis[i % 2].baseUrl)
          .post(`/api/invoices/${d.id}/issue`)
          .set(as(studio)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(drafts.map(() => 200));
    const numbers = answers.map((a) => a.body.number as string);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.map(seqOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    // A connection dies after drawing the next value, before its commit: the value is given back.
    const victim = new Client({ connectionString: process.env.DATABASE_URL });
    await victim.connect();
    victim.on('error', () => {});
    const [{ pid }] = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    await victim.query('BEGIN');
    const drawn = await victim.query<{ last_value: number }>(
      `UPDATE document_counters SET last_value = last_value + 1 WHERE owner_id = $1 AND series = 'invoice' RETURNING last_value`,
      [studio.id],
    );
    expect(drawn.rows[0].last_value).toBe(51);
    const next = await buildInvoice(t.app, studio, { contact_id: contact.id });
    const waiting = request(t.app).post(`/api/invoices/${next.id}/issue`).set(as(studio));
    const issued = waiting.then((r) => r);
    // The victim is the owner's connection: the owner ends it (the api's role may not).
    await asTableOwner(t.sequelize, [['SELECT pg_terminate_backend($1)', [pid]]]);
    await victim.end().catch(() => {});
    expect((await issued).body.number).toBe(`F-${year()}-00051`);
  }, 180_000);
});

describe('an issued invoice never changes', () => {
  it('the database refuses an UPDATE or DELETE of an issued invoice or its lines, and of a ledger row; a draft stays free', async () => {
    const invoice = await buildInvoice(t.app, owner, { issued: true, profile: false });
    const refused = (statement: string) =>
      expect(t.sequelize.query(statement, { bind: [invoice.id] })).rejects.toThrow(
        /cannot be changed|cannot be deleted|never changed/,
      );
    await refused('UPDATE invoices SET amount = 1 WHERE id = $1');
    await refused(`UPDATE invoices SET number = 'F-0000-00001' WHERE id = $1`);
    await refused(`UPDATE invoices SET status = 'DRAFT', number = NULL, issued_at = NULL WHERE id = $1`);
    await refused('DELETE FROM invoices WHERE id = $1');
    await refused(`UPDATE invoice_items SET description = 'autre' WHERE invoice_id = $1`);
    await refused('DELETE FROM invoice_items WHERE invoice_id = $1');
    await refused(`INSERT INTO invoice_items (invoice_id, item_type, description) VALUES ($1, 'TEXT', 'ajout')`);
    expect(await read(owner, invoice.id)).toMatchObject({
      amount: '300.00',
      number: invoice.number,
      status: 'ISSUED',
      items: [expect.objectContaining({ description: 'Séance' })],
    });

    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(owner))
      .send({ amount: '10.00', method: 'cash' })
      .expect(201);
    await expect(
      t.sequelize.query('UPDATE invoice_payments SET amount = 1 WHERE invoice_id = $1', { bind: [invoice.id] }),
    ).rejects.toThrow(/never changed/);
    await expect(
      t.sequelize.query('DELETE FROM invoice_payments WHERE invoice_id = $1', { bind: [invoice.id] }),
    ).rejects.toThrow(/never changed/);

    const draft = await buildInvoice(t.app, owner);
    await t.sequelize.query(`UPDATE invoice_items SET description = 'libre' WHERE invoice_id = $1`, {
      bind: [draft.id],
    });
    await request(t.app).delete(`/api/invoices/${draft.id}`).set(as(owner)).expect(204);
  });
});

describe('payments ledger', () => {
  it('records a deposit by transfer and a cash payment to PAID, refuses more than the balance unless an overpayment, and reverses a same-day mistake', async () => {
    const invoice = await buildInvoice(t.app, owner, { issued: true, profile: false });
    const pay = (body: Record<string, unknown>, user = owner) =>
      request(t.app).post(`/api/invoices/${invoice.id}/payments`).set(as(user)).send(body);
    expect((await pay({ amount: '10.00', method: 'bank_transfer' }, other)).status).toBe(404);
    expect((await pay({ amount: '-5', method: 'cash' })).status).toBe(400);
    expect((await pay({ amount: '0', method: 'cash' })).status).toBe(400);
    expect((await pay({ amount: '10.00', method: 'card' })).status).toBe(400);
    expect((await pay({ amount: '10.00', method: 'cash', received_at: '2999-01-01' })).status).toBe(400);

    const deposit = await pay({
      amount: '90.00',
      method: 'bank_transfer',
      reference: 'VIR ACOMPTE DUBOIS',
      received_at: '2026-11-02',
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({
      kind: 'payment',
      amount: '90.00',
      method: 'bank_transfer',
      reference: 'VIR ACOMPTE DUBOIS',
      currency: 'EUR',
    });
    expect(await read(owner, invoice.id)).toMatchObject({
      payment_status: 'PARTIALLY_PAID',
      amount_paid: '90.00',
      balance_due: '210.00',
      paid_at: null,
    });

    const tooMuch = await pay({ amount: '250.00', method: 'check' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('payment_exceeds_balance');

    // Entered by mistake today, reversed today: a reversal row, the payment stays in the ledger.
    const mistake = await pay({ amount: '50.00', method: 'cash' });
    expect((await read(owner, invoice.id)).balance_due).toBe('160.00');
    const reversal = await request(t.app)
      .delete(`/api/invoices/${invoice.id}/payments/${mistake.body.id}`)
      .set(as(owner));
    expect(reversal.status).toBe(200);
    expect(reversal.body).toMatchObject({ kind: 'reversal', reverses_id: mistake.body.id, amount: '50.00' });
    expect(
      (await request(t.app).delete(`/api/invoices/${invoice.id}/payments/${mistake.body.id}`).set(as(owner))).body.code,
    ).toBe('reversal_not_allowed');
    // The transfer of 2 November is no longer reversible: a refund is the way.
    expect(
      (await request(t.app).delete(`/api/invoices/${invoice.id}/payments/${deposit.body.id}`).set(as(owner))).body.code,
    ).toBe('reversal_not_allowed');
    expect(await read(owner, invoice.id)).toMatchObject({ payment_status: 'PARTIALLY_PAID', balance_due: '210.00' });

    const rest = await pay({ amount: '220.00', method: 'cash', overpayment: true });
    expect(rest.body).toMatchObject({ is_overpayment: true });
    const paid = await read(owner, invoice.id);
    expect(paid).toMatchObject({
      payment_status: 'PAID',
      amount_paid: '310.00',
      balance_due: '0.00',
      is_overdue: false,
      paid_at: expect.any(String),
    });
    const ledger = await request(t.app).get(`/api/invoices/${invoice.id}/payments`).set(as(owner)).expect(200);
    expect(ledger.body.items.map((p: { kind: string; amount: string }) => `${p.kind} ${p.amount}`)).toEqual([
      'payment 90.00',
      'payment 50.00',
      'reversal 50.00',
      'payment 220.00',
    ]);
    expect((await pay({ amount: '1.00', method: 'cash' })).body.code).toBe('nothing_due');

    const events = await sql<{
      event_type: string;
      payload: { payment_status: string; previous_payment_status?: string };
    }>(`SELECT event_type, payload FROM outbox_events WHERE entity_id = $1 ORDER BY created_at, id`, [invoice.id]);
    expect(events.filter((e) => e.event_type === 'PAYMENT_RECEIVED')).toHaveLength(3);
    expect(
      events
        .filter((e) => e.event_type === 'INVOICE_STATUS_CHANGED')
        .map((e) => `${e.payload.previous_payment_status ?? '-'}→${e.payload.payment_status}`),
    ).toEqual(['-→UNPAID', 'UNPAID→PARTIALLY_PAID', 'PARTIALLY_PAID→PAID']);
  });

  it('refuses payments on a draft', async () => {
    const draft = await buildInvoice(t.app, owner);
    const res = await request(t.app)
      .post(`/api/invoices/${draft.id}/payments`)
      .set(as(owner))
      .send({ amount: '10.00', method: 'cash' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('invoice_not_issued');
  });
});

describe('credit notes', () => {
  it('credits part of an invoice by amount and by line, refuses more than creditable, and cancels it once fully credited', async () => {
    const invoice = await buildInvoice(t.app, owner, { issued: true, profile: false, price: '100.00' });
    const credit = (body: Record<string, unknown>, user = owner) =>
      request(t.app).post(`/api/invoices/${invoice.id}/credit-notes`).set(as(user)).send(body);
    expect((await credit({ reason: 'Geste commercial', amount: '10.00' }, other)).status).toBe(404);
    expect((await credit({ amount: '10.00' })).status).toBe(400);
    expect((await credit({ reason: 'x', amount: '500.00' })).body.code).toBe('credit_exceeds_creditable');

    const partial = await credit({ reason: 'Geste commercial', amount: '20.00' });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({
      number: expect.stringMatching(/^AV-\d{4}-\d{5}$/),
      amount: '20.00',
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      refund_due: '0.00',
    });
    expect(await read(owner, invoice.id)).toMatchObject({ status: 'ISSUED', credited: '20.00', balance_due: '100.00' });

    // Half of the line's quantity (1 × 120.00 with tax) is 60.00.
    const byLine = await credit({
      reason: 'Séance écourtée',
      items: [{ invoice_item_id: invoice.items[0].id, quantity: 0.5 }],
    });
    expect(byLine.body).toMatchObject({
      amount: '60.00',
      items: [expect.objectContaining({ invoice_item_id: invoice.items[0].id, quantity: '0.50', total: '60.00' })],
    });
    expect(seqOf(byLine.body.number)).toBe(seqOf(partial.body.number) + 1);

    // The rest: 40.00; the invoice is then CANCELLED, and takes nothing more.
    const rest = await credit({ reason: 'Séance annulée' });
    expect(rest.body.amount).toBe('40.00');
    expect(await read(owner, invoice.id)).toMatchObject({
      status: 'CANCELLED',
      credited: '120.00',
      balance_due: '0.00',
      payment_status: 'UNPAID',
      cancelled_at: expect.any(String),
    });
    expect((await credit({ reason: 'encore' })).body.code).toBe('invoice_cancelled');

    const listed = await request(t.app).get(`/api/invoices/${invoice.id}/credit-notes`).set(as(owner)).expect(200);
    expect(listed.body.items.map((n: { amount: string }) => n.amount)).toEqual(['20.00', '60.00', '40.00']);
    const all = await request(t.app).get('/api/credit-notes').set(as(owner)).expect(200);
    expect(all.body.items.map((n: { id: string }) => n.id)).toEqual(
      expect.arrayContaining([partial.body.id, byLine.body.id, rest.body.id]),
    );
    expect((await request(t.app).get('/api/credit-notes').set(as(other)).expect(200)).body.total).toBe(0);
    expect((await request(t.app).get(`/api/credit-notes/${rest.body.id}`).set(as(other))).status).toBe(404);
    await expect(
      t.sequelize.query(`UPDATE credit_notes SET amount = 1 WHERE id = $1`, { bind: [rest.body.id] }),
    ).rejects.toThrow(/never changed/);
  });

  it('a credit note over money already paid is owed back, and a refund recorded by hand settles it', async () => {
    const invoice = await buildInvoice(t.app, owner, { issued: true, profile: false, price: '100.00' });
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(owner))
      .send({ amount: '120.00', method: 'bank_transfer' })
      .expect(201);
    const note = await buildCreditNote(t.app, owner, {
      invoice_id: invoice.id,
      reason: 'Tirages non livrés',
      amount: '30.00',
    });
    expect(note.refund_due).toBe('30.00');
    const refund = (body: Record<string, unknown>, user = owner) =>
      request(t.app).post(`/api/credit-notes/${note.id}/refunds`).set(as(user)).send(body);
    expect((await refund({ method: 'bank_transfer' }, other)).status).toBe(404);
    expect((await refund({ amount: '31.00', method: 'bank_transfer' })).body.code).toBe('refund_exceeds_overpaid');
    const done = await refund({ method: 'bank_transfer', reference: 'VIR REMB' });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ kind: 'refund', amount: '30.00', credit_note_id: note.id });
    expect(await read(owner, invoice.id)).toMatchObject({
      payment_status: 'PAID',
      amount_paid: '90.00',
      credited: '30.00',
      balance_due: '0.00',
    });
    expect((await refund({ method: 'cash' })).body.code).toBe('refund_exceeds_overpaid');
  });
});

describe('quotes to invoices', () => {
  it('accepts a quote (numbered D-… on leaving PENDING), makes a draft invoice with its lines and totals, and refuses a refused quote', async () => {
    const contact = await buildBillableContact(t.app, owner);
    const lines = [
      { item_type: 'SESSION_TYPE', description: 'Reportage', price_with_tax: '19.99', quantity: 3, vat_percentage: 20 },
      { item_type: 'SESSION_TYPE', description: 'Album', price_without_tax: '150.00', vat_percentage: 20 },
      { item_type: 'DISCOUNT', description: 'Remise', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: 10 },
    ];
    const quote = await buildQuote(t.app, owner, { title: 'Devis mariage', contact_id: contact.id, items: lines });
    expect(quote.number).toMatch(/^\d{4}-[0-9a-f]{8}$/);
    expect((await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(other))).status).toBe(404);
    const accepted = await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(owner)).expect(200);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', number: `D-${year()}-00001` });
    const events = await sql<{ event_type: string }>('SELECT event_type FROM outbox_events WHERE entity_id = $1', [
      quote.id,
    ]);
    expect(events.map((e) => e.event_type)).toEqual(['QUOTE_STATUS_CHANGED']);

    expect((await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(other))).status).toBe(404);
    const invoice = await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(owner));
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({
      status: 'DRAFT',
      quote_id: quote.id,
      contact_id: contact.id,
      title: 'Devis mariage',
      amount: quote.amount,
    });
    expect(invoice.body.items.map((i: { description: string; total: string }) => [i.description, i.total])).toEqual(
      quote.items.map((i: { description: string; total: string }) => [i.description, i.total]),
    );
    const issued = await request(t.app).post(`/api/invoices/${invoice.body.id}/issue`).set(as(owner)).expect(200);
    expect(issued.body.status).toBe('ISSUED');

    const refused = await buildQuote(t.app, owner, {
      title: 'Devis refusé',
      contact_id: contact.id,
      status: 'REJECTED',
      items: lines,
    });
    expect((await request(t.app).post(`/api/quotes/${refused.id}/invoice`).set(as(owner))).body.code).toBe(
      'quote_rejected',
    );
    expect((await request(t.app).post(`/api/quotes/${refused.id}/accept`).set(as(owner))).body.code).toBe(
      'quote_rejected',
    );
  });
});

describe('number formats per studio', () => {
  it('sets the invoice format of a studio that has issued nothing, checks formats, and keeps the format of a series in use', async () => {
    const studio = await buildUser(t.app);
    await saveStudioProfile(t.app, studio);
    const initial = await request(t.app).get('/api/users/me/document-numbering').set(as(studio)).expect(200);
    expect(initial.body.invoice).toMatchObject({
      format: 'F-{YYYY}-{seq:5}',
      sequence_reset: 'yearly',
      in_use: false,
      example: `F-${year()}-00001`,
    });
    const bad = await request(t.app)
      .put('/api/users/me/document-numbering')
      .set(as(studio))
      .send({ invoice: { format: 'FACT {seq}', sequence_reset: 'yearly' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.length).toBeGreaterThanOrEqual(2);
    const set = await request(t.app)
      .put('/api/users/me/document-numbering')
      .set(as(studio))
      .send({ invoice: { format: 'FA{YY}{MM}-{seq:4}', sequence_reset: 'continuous' } })
      .expect(200);
    expect(set.body.invoice).toMatchObject({
      format: 'FA{YY}{MM}-{seq:4}',
      sequence_reset: 'continuous',
      in_use: false,
    });
    const issued = await buildInvoice(t.app, studio, { issued: true, profile: false });
    expect(issued.number).toMatch(/^FA\d{4}-0001$/);
    const locked = await request(t.app)
      .put('/api/users/me/document-numbering')
      .set(as(studio))
      .send({ invoice: { format: 'F-{YYYY}-{seq:5}', sequence_reset: 'yearly' } });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('numbering_in_use');
    // Another series is still free, and saying the same again changes nothing.
    await request(t.app)
      .put('/api/users/me/document-numbering')
      .set(as(studio))
      .send({
        invoice: { format: 'FA{YY}{MM}-{seq:4}', sequence_reset: 'continuous' },
        credit_note: { format: 'AV{YYYY}-{seq:4}' },
      })
      .expect(200);
    expect(
      (await request(t.app).get('/api/users/me/document-numbering').set(as(other)).expect(200)).body.invoice.format,
    ).toBe('F-{YYYY}-{seq:5}');
  });
});
