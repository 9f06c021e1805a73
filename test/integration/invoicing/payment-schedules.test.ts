// Payment schedules through HTTP against the real stack (issue 21 §1): installments on quotes and
// invoices, computed on read, following the session when it moves, paid from the ledger.
import request from 'supertest';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { mailsBesideReceipts } from '../../helpers/mail';

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  worker = await startMainWorker('schedules');
}, 240_000);
// A worker draining its running activities may take longer than the default hook timeout on a loaded machine.
afterAll(async () => {
  await worker?.stop();
  await t.close();
}, 120_000);

const DAY = 86_400_000;
const parisDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const lines = [{ item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1000.00', vat_percentage: 20 }];
const deposit = [
  { percentage: 30, due: { type: 'on_booking' } },
  { percentage: 70, due: { type: 'before_start', days: 7 } },
];

describe('payment schedules', () => {
  it('computes each installment, moves the ones that follow the session with it, and marks them paid from the ledger', async () => {
    const contact = await buildBillableContact(t.app, studio);
    const start = new Date(Date.now() + 60 * DAY);
    const session = await buildSession(t.app, studio, {
      title: 'Mariage',
      contact_id: contact.id,
      start_date: start.toISOString(),
    });
    const created = await buildInvoice(t.app, studio, {
      title: 'Mariage',
      contact_id: contact.id,
      session_id: session.id,
      items: lines,
      payment_schedule: deposit,
    });
    const today = parisDay(new Date());
    expect(created.payment_schedule).toEqual([
      {
        percentage: 30,
        due: { type: 'on_booking' },
        amount: '360.00',
        due_date: today,
        follows_session: false,
        paid: false,
      },
      {
        percentage: 70,
        due: { type: 'before_start', days: 7 },
        amount: '840.00',
        due_date: shift(parisDay(start), -7),
        follows_session: true,
        paid: false,
      },
    ]);

    // The wedding moves a month later: the balance's due date follows, the deposit's does not.
    const moved = new Date(start.getTime() + 30 * DAY);
    await request(t.app)
      .patch(`/api/sessions/${session.id}`)
      .set(as(studio))
      .send({ start_date: moved.toISOString() })
      .expect(200);
    const after = (await request(t.app).get(`/api/invoices/${created.id}`).set(as(studio)).expect(200)).body;
    expect(after.payment_schedule.map((i: { due_date: string }) => i.due_date)).toEqual([
      today,
      shift(parisDay(moved), -7),
    ]);

    // Issued, the deposit paid by transfer: the first installment is paid, the balance is not.
    await request(t.app).post(`/api/invoices/${created.id}/issue`).set(as(studio)).expect(200);
    await request(t.app)
      .post(`/api/invoices/${created.id}/payments`)
      .set(as(studio))
      .send({ amount: '360.00', method: 'bank_transfer' })
      .expect(201);
    const paid = (await request(t.app).get(`/api/invoices/${created.id}`).set(as(studio)).expect(200)).body;
    expect(paid.payment_schedule.map((i: { paid: boolean }) => i.paid)).toEqual([true, false]);
  });

  it('adds up to the total to the cent, and refuses a schedule that cannot be kept', async () => {
    const thirds = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({
        title: 'Portrait',
        items: [{ item_type: 'SESSION_TYPE', description: 'Portrait', price_with_tax: '100.00', vat_percentage: 20 }],
        payment_schedule: [1, 2, 3]
          .map(() => ({ percentage: 33.33, due: { type: 'on_booking' } }))
          .concat([{ percentage: 0.01, due: { type: 'fixed', date: '2030-01-31' } } as never]),
      })
      .expect(201);
    const amounts = thirds.body.payment_schedule.map((i: { amount: string }) => Math.round(Number(i.amount) * 100));
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(10000);

    const tooMuch = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({
        title: 'x',
        items: lines,
        payment_schedule: [
          { percentage: 80, due: { type: 'on_booking' } },
          { percentage: 30, due: { type: 'on_booking' } },
        ],
      });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details[0].path).toMatch(/^payment_schedule/);
    // Relative to a session, without one.
    const noSession = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({
        title: 'x',
        items: lines,
        payment_schedule: [{ percentage: 100, due: { type: 'before_start', days: 7 } }],
      });
    expect(noSession.status).toBe(400);
    expect(noSession.body.details.map((d: { path: string }) => d.path)).toEqual(['payment_schedule.0.due.type']);
    // A session dated far outside any real calendar counts as undated: a 400, never a 500.
    const far = await buildSession(t.app, studio, { title: 'Loin', start_date: '9500-06-01T10:00:00Z' });
    const farOff = await request(t.app)
      .post('/api/quotes')
      .set(as(studio))
      .send({
        title: 'x',
        session_id: far.id,
        items: lines,
        payment_schedule: [{ percentage: 100, due: { type: 'after_start', days: 3650 } }],
      });
    expect(farOff.status).toBe(400);
    // Both a percentage and an amount; an unknown rule.
    expect(
      (
        await request(t.app)
          .post('/api/quotes')
          .set(as(studio))
          .send({
            title: 'x',
            items: lines,
            payment_schedule: [{ percentage: 50, amount: '10.00', due: { type: 'on_booking' } }],
          })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .post('/api/quotes')
          .set(as(studio))
          .send({ title: 'x', items: lines, payment_schedule: [{ percentage: 50, due: { type: 'whenever' } }] })
      ).status,
    ).toBe(400);
    // An amount that is not a positive decimal(10,2) is a 400 naming it, never a 500 (found by the fuzzer: -5.6e+164).
    for (const amount of [-5.65491847586383e164, 1e30, -10, 0, '12.345', 12.345]) {
      const res = await request(t.app)
        .post('/api/quotes')
        .set(as(studio))
        .send({ title: 'x', items: lines, payment_schedule: [{ amount, due: { type: 'on_booking' } }] });
      expect([amount, res.status, res.body.details?.[0]?.path]).toEqual([amount, 400, 'payment_schedule.0.amount']);
    }

    // A schedule removed with [] reads as none; a quote's schedule goes to the invoice made from it.
    const quote = await buildQuote(t.app, studio, {
      contact_id: null,
      title: 'Famille',
      items: lines,
      payment_schedule: [
        { amount: '200.00', due: { type: 'on_booking' } },
        { percentage: 100, due: { type: 'fixed', date: '2030-06-30' } },
      ],
    });
    expect(quote.payment_schedule!.map((i: { amount: string }) => i.amount)).toEqual(['200.00', '1000.00']);
    const invoice = (await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio)).expect(201)).body;
    expect(invoice.payment_schedule.map((i: { amount: string; due_date: string }) => [i.amount, i.due_date])).toEqual([
      ['200.00', parisDay(new Date())],
      ['1000.00', '2030-06-30'],
    ]);
    expect(
      (await request(t.app).put(`/api/quotes/${quote.id}`).set(as(studio)).send({ payment_schedule: [] }).expect(200))
        .body.payment_schedule,
    ).toBeNull();
  });

  it('tells the client once, in its language, the new due dates of what it still owes when the wedding moves', async () => {
    const address = `lea-${Date.now()}@example.test`;
    const contact = await buildBillableContact(t.app, studio, { first_name: 'Léa', email: address });
    const start = new Date(Date.now() + 90 * DAY);
    const session = await buildSession(t.app, studio, {
      title: 'Mariage Léa',
      contact_id: contact.id,
      start_date: start.toISOString(),
    });
    const invoice = await buildInvoice(t.app, studio, {
      title: 'Mariage Léa',
      contact_id: contact.id,
      session_id: session.id,
      items: lines,
      payment_schedule: deposit,
    });
    await request(t.app).post(`/api/invoices/${invoice.id}/issue`).set(as(studio)).expect(200);
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '360.00', method: 'bank_transfer' })
      .expect(201);

    const moved = new Date(start.getTime() + 30 * DAY);
    await request(t.app)
      .patch(`/api/sessions/${session.id}`)
      .set(as(studio))
      .send({ start_date: moved.toISOString() })
      .expect(200);
    const [mail] = await eventually('the schedule notice in MailDev', async () => {
      // The deposit's receipt goes to the client too.
      const mails = await mailsBesideReceipts(address);
      return mails.length > 0 && mails;
    });
    expect(mail.subject).toBe('Nouvelles échéances pour « Mariage Léa »');
    // Only the balance moved and is still owed; the deposit (paid, due at booking) is not listed.
    const newDay = new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${shift(parisDay(moved), -7)}T00:00:00Z`));
    expect(mail.text).toContain(`Échéance 2 : 840,00`);
    expect(mail.text).toContain(newDay);
    expect(mail.text).not.toContain('Échéance 1');
    const job = await eventually('the notice job completed', async () => {
      const [rows] = await t.sequelize.query(
        `SELECT status FROM job_runs WHERE job_name = 'billing.schedule-changed' AND entity_id = $1`,
        { bind: [session.id] },
      );
      const done = (rows as { status: string }[]).filter((r) => r.status === 'COMPLETED');
      return done.length > 0 ? done : undefined;
    });
    expect(job).toHaveLength(1);
    const [tracked] = await t.sequelize.query(
      `SELECT recipient, template_key FROM email_tracking WHERE entity_id = $1`,
      { bind: [invoice.id] },
    );
    expect(tracked).toEqual([{ recipient: address, template_key: 'payment-schedule-changed' }]);
    expect(await mailsBesideReceipts(address)).toHaveLength(1);
  });
});
