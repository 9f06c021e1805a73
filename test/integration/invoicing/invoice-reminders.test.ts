// Payment reminders through HTTP against the real stack (issue 21 §2): the studio's steps, the
// per-invoice workflow the outbox relay starts at issue, the email and SMS it sends on the
// client's clock, GET /api/invoices/:id/reminders, a payment ending them, pause/resume/stop per
// invoice and per client, a pending card payment holding them, and a session move moving the
// workflow's timer. The real worker process runs everything.
import { WorkflowNotFoundError } from '@temporalio/client';
import request from 'supertest';
import { readLocalSmsOutbox } from '../../../lib/sms/local-sms-provider';
import { INVOICE_REMINDERS_JOB } from '../../../workflows/invoicing/contract';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, type InvoiceBody, saveStudioProfile } from '../../factories/invoices';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, laneSmsOutbox, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';
import { mailsBesideReceipts, mailsTo } from '../../helpers/mail';

// The lane's worker writes every SMS to one outbox: each test finds its own by phone number.
const smsFile = laneSmsOutbox();
let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  worker = await startMainWorker('reminders');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
}, 120_000);

const reminders = async (invoiceId: string, user = studio) =>
  (await request(t.app).get(`/api/invoices/${invoiceId}/reminders`).set(as(user)).expect(200)).body;
/** The invoice's reminders workflow status, or null before the relay has started it. */
const workflowStatus = async (invoiceId: string) =>
  (await t.temporal.client.workflow.getHandle(INVOICE_REMINDERS_JOB.workflowId(invoiceId)).describe().catch(notYet))
    ?.status.name ?? null;
const notYet = (err: unknown) => {
  // describe() says WorkflowNotFoundError; fetchHistory() passes gRPC's NOT_FOUND (5) through.
  if (err instanceof WorkflowNotFoundError || (err as { code?: number }).code === 5) return null;
  throw err;
};
const saveSteps = (steps: unknown[], user = studio) =>
  request(t.app).put('/api/users/me/reminder-settings').set(as(user)).send({ reminder_steps: steps });

/** The client's clock, read independently of the code under test. */
function clock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday as string,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}
/** A zone where it is now a weekday (not Sunday) between 10:00 and 18:00, or null (Sunday daytime everywhere). */
const daytimeZone = () =>
  [
    'Pacific/Kiritimati',
    'Pacific/Auckland',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Asia/Dubai',
    'Europe/Paris',
    'America/Sao_Paulo',
    'America/New_York',
    'America/Denver',
    'America/Los_Angeles',
    'Pacific/Honolulu',
  ].find((zone) => {
    // The studio's calendar (Paris) must be on the same day, or the due date would be before the issue date.
    const c = clock(new Date(), zone);
    return c.weekday !== 'Sun' && c.hour >= 10 && c.hour < 18 && c.day === clock(new Date(), 'Europe/Paris').day;
  }) ?? null;
const DAY = 86_400_000;
/** A protobuf timestamp or duration in milliseconds (its seconds are a Long). */
const ms = (t: { seconds?: { toString(): string } | number | null; nanos?: number | null }) =>
  Number(String(t.seconds ?? 0)) * 1000 + Math.floor((t.nanos ?? 0) / 1e6);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe('reminder settings', () => {
  it("are checked step by step, kept per studio, and another studio's stay apart", async () => {
    const other = await buildUser(t.app);
    const bad = await saveSteps([
      { offset_days: 3, channels: ['email'] },
      { offset_days: 3, channels: ['sms'] },
      { offset_days: 10, repeat_every_days: 7, channels: ['email'] },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'reminder_steps.1.channels',
      'reminder_steps.1.offset_days',
      'reminder_steps.2.max_repeats',
    ]);
    const wrongShape = await saveSteps([{ offset_days: 1.5, channels: ['fax'] }]);
    expect(wrongShape.status).toBe(400);

    const steps = [
      {
        offset_days: -3,
        channels: ['email'],
        wording: {
          'fr-FR': {
            subject: 'Petit rappel {{invoice.number}}',
            body: 'Bonjour {{contact.first_name}}, {{amount_due}} avant le {{due_date}}.',
          },
        },
      },
    ];
    const saved = await saveSteps(steps, other).expect(200);
    expect(saved.body.reminder_steps).toEqual(steps);
    expect(
      (await request(t.app).get('/api/users/me/reminder-settings').set(as(other)).expect(200)).body.reminder_steps,
    ).toEqual(steps);
    const fresh = await buildUser(t.app);
    expect((await request(t.app).get('/api/users/me/reminder-settings').set(as(fresh)).expect(200)).body).toEqual({
      reminder_steps: [],
      updated_at: null,
    });
  });
});

describe('an invoice’s reminders', () => {
  beforeAll(async () => {
    await saveSteps([
      { offset_days: -3, channels: ['email'] },
      { offset_days: 0, channels: ['email', 'sms'] },
      { offset_days: 7, repeat_every_days: 7, max_repeats: 2, channels: ['email'] },
    ]).expect(200);
  });

  it('sends the due-date reminder by email and SMS in daytime on the client clock, shows it, and a payment ends them', async () => {
    const zone = daytimeZone() ?? 'Europe/Paris';
    const daytime = daytimeZone() !== null;
    // Typed the French way (the client lives in France): the SMS goes to its E.164 form.
    const mobile = `61${String(Date.now()).slice(-7)}`;
    const phone = `+33${mobile}`;
    const contact = await buildBillableContact(t.app, studio, {
      time_zone: zone,
      phone_number: `0${mobile}`.replace(/(\d{2})(?=\d)/g, '$1 '),
    });
    const email = (await request(t.app).get(`/api/contacts/${contact.id}`).set(as(studio)).expect(200)).body
      .email as string;
    const today = clock(new Date(), zone).day;
    const draft = await buildInvoice(t.app, studio, { contact_id: contact.id, due_date: today });
    const issued = (await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio)).expect(200))
      .body as InvoiceBody;

    if (!daytime) {
      // Sunday daytime everywhere: the reminder waits for Monday 09:00 on the client's clock.
      const view = await eventually('the reminders planned', async () => (await reminders(issued.id)).next);
      expect(clock(new Date(view.at), zone)).toMatchObject({ weekday: 'Mon', hour: 9, minute: 0 });
      return;
    }
    const [mail] = await eventually('the reminder email', async () => {
      const found = await mailsTo(email);
      return found.length ? found : null;
    });
    expect(mail.subject).toBe(`Facture ${issued.number} : échéance aujourd'hui`);
    expect(mail.text).toContain('Bonjour Chloé');
    expect(mail.text).toContain('300,00');
    // The invoice's kept pdf is linked, under the studio's name.
    expect(mail.html).toMatch(/<a href="http[^"]+">/);
    expect(mail.html).toContain('Studio Lumière SARL');
    const sms = await eventually('the reminder SMS', async () =>
      (await readLocalSmsOutbox(smsFile)).find((m) => m.to === phone),
    );
    expect(sms.body).toContain(issued.number);

    const view = await eventually('the reminder recorded', async () => {
      const v = await reminders(issued.id);
      return v.sent.length ? v : null;
    });
    expect(view).toMatchObject({ state: 'active', control: 'active', client_paused: false });
    expect(view.sent).toEqual([
      expect.objectContaining({
        due_date: today,
        step_index: 1,
        occurrence: 0,
        scheduled_date: today,
        channels: ['email', 'sms'],
        status: 'SENT',
        sms_status: 'SENT',
        recipient: email,
        subject: mail.subject,
      }),
    ]);
    // Next: a week after the due date, 09:00 on the client's clock.
    expect(view.next).toMatchObject({ step_index: 2, occurrence: 0, scheduled_date: shift(today, 7) });
    expect(clock(new Date(view.next.at), zone)).toMatchObject({ day: shift(today, 7), hour: 9, minute: 0 });

    // A client whose number is too short to be one: the email goes, the SMS does not, and the studio reads why.
    const unreachable = await buildBillableContact(t.app, studio, { time_zone: zone, phone_number: '06 12' });
    const draft2 = await buildInvoice(t.app, studio, { contact_id: unreachable.id, due_date: today });
    const issued2 = (await request(t.app).post(`/api/invoices/${draft2.id}/issue`).set(as(studio)).expect(200))
      .body as InvoiceBody;
    const failedSms = await eventually(
      'the second reminder recorded',
      async () => (await reminders(issued2.id)).sent[0],
    );
    expect(failedSms).toMatchObject({
      status: 'SENT',
      sms_status: 'FAILED',
      error: expect.stringMatching(/^The phone number "06 12" is not a valid number in FR/),
    });

    // Paid by transfer: the reminders end, and their workflow with them.
    await request(t.app)
      .post(`/api/invoices/${issued.id}/payments`)
      .set(as(studio))
      .send({ amount: issued.balance_due, method: 'bank_transfer' })
      .expect(201);
    expect(await reminders(issued.id)).toMatchObject({ state: 'ended', reason: 'settled', next: null });
    await eventually('the reminders workflow ended', async () => (await workflowStatus(issued.id)) === 'COMPLETED');
    // One reminder, no other (the payment's receipt goes to the client too).
    expect(await mailsBesideReceipts(email)).toHaveLength(1);
  });

  it('pauses and resumes per invoice and per client without changing a date; a stop is for good; another studio sees nothing', async () => {
    const contact = await buildBillableContact(t.app, studio, { time_zone: 'America/New_York' });
    const due = shift(clock(new Date(), 'America/New_York').day, 60);
    const invoice = await buildInvoice(t.app, studio, { contact_id: contact.id, due_date: due });
    await request(t.app).post(`/api/invoices/${invoice.id}/issue`).set(as(studio)).expect(200);
    const planned = await eventually('the reminders planned', async () => {
      const v = await reminders(invoice.id);
      return v.state === 'active' ? v : null;
    });
    expect(planned.next).toMatchObject({ step_index: 0, scheduled_date: shift(due, -3) });
    await eventually('the reminders workflow running', async () => (await workflowStatus(invoice.id)) === 'RUNNING');

    const paused = await request(t.app)
      .patch(`/api/invoices/${invoice.id}/reminders`)
      .set(as(studio))
      .send({ status: 'paused' })
      .expect(200);
    expect(paused.body).toMatchObject({ state: 'held', reason: 'paused', control: 'paused', next: null });
    const resumed = await request(t.app)
      .patch(`/api/invoices/${invoice.id}/reminders`)
      .set(as(studio))
      .send({ status: 'active' })
      .expect(200);
    expect(resumed.body.next).toEqual(planned.next);

    await request(t.app)
      .put(`/api/contacts/${contact.id}/reminders`)
      .set(as(studio))
      .send({ paused: true })
      .expect(200);
    expect(await reminders(invoice.id)).toMatchObject({ state: 'held', reason: 'client_paused', client_paused: true });
    expect(
      (await request(t.app).get(`/api/contacts/${contact.id}`).set(as(studio)).expect(200)).body.reminders_paused,
    ).toBe(true);
    await request(t.app)
      .put(`/api/contacts/${contact.id}/reminders`)
      .set(as(studio))
      .send({ paused: false })
      .expect(200);
    expect((await reminders(invoice.id)).next).toEqual(planned.next);
    // No date of the invoice moved through any of it.
    expect((await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(studio)).expect(200)).body.due_date).toBe(
      due,
    );

    const other = await buildUser(t.app);
    await request(t.app).get(`/api/invoices/${invoice.id}/reminders`).set(as(other)).expect(404);
    await request(t.app)
      .patch(`/api/invoices/${invoice.id}/reminders`)
      .set(as(other))
      .send({ status: 'stopped' })
      .expect(404);
    await request(t.app).put(`/api/contacts/${contact.id}/reminders`).set(as(other)).send({ paused: true }).expect(404);
    await request(t.app)
      .patch(`/api/invoices/${invoice.id}/reminders`)
      .set(as(studio))
      .send({ status: 'later' })
      .expect(400);

    const stopped = await request(t.app)
      .patch(`/api/invoices/${invoice.id}/reminders`)
      .set(as(studio))
      .send({ status: 'stopped' })
      .expect(200);
    expect(stopped.body).toMatchObject({ state: 'ended', reason: 'stopped', control: 'stopped' });
    const again = await request(t.app)
      .patch(`/api/invoices/${invoice.id}/reminders`)
      .set(as(studio))
      .send({ status: 'active' })
      .expect(409);
    expect(again.body.code).toBe('reminders_stopped');
    await eventually('the stopped workflow ended', async () => (await workflowStatus(invoice.id)) === 'COMPLETED');
  });

  it('hold while a card payment is in progress', async () => {
    const contact = await buildBillableContact(t.app, studio);
    const invoice = await buildInvoice(t.app, studio, {
      contact_id: contact.id,
      due_date: shift(clock(new Date(), 'Europe/Paris').day, 30),
    });
    await request(t.app).post(`/api/invoices/${invoice.id}/issue`).set(as(studio)).expect(200);
    expect((await reminders(invoice.id)).state).toBe('active');
    await request(t.app)
      .post('/api/cardprovider/payments/invoices')
      .set(as(studio))
      .send({ invoice_id: invoice.id })
      .expect(201);
    expect(await reminders(invoice.id)).toMatchObject({ state: 'held', reason: 'card_payment_pending', next: null });
  });

  it("follow the session when it moves: the due date, the next reminder and the workflow's timer move a month", async () => {
    const contact = await buildBillableContact(t.app, studio, { time_zone: 'Europe/Paris' });
    const start = new Date(Date.now() + 60 * DAY);
    const session = await buildSession(t.app, studio, {
      title: 'Mariage',
      contact_id: contact.id,
      start_date: start.toISOString(),
    });
    const invoice = await buildInvoice(t.app, studio, {
      contact_id: contact.id,
      session_id: session.id,
      due_date: shift(clock(new Date(), 'Europe/Paris').day, 90),
      payment_schedule: [{ percentage: 100, due: { type: 'before_start', days: 7 } }],
    });
    await request(t.app).post(`/api/invoices/${invoice.id}/issue`).set(as(studio)).expect(200);
    const handle = t.temporal.client.workflow.getHandle(INVOICE_REMINDERS_JOB.workflowId(invoice.id));
    /** When the workflow's latest timer fires (epoch ms), from its history. */
    const timerFiresAt = async () => {
      const events = (await handle.fetchHistory().catch(notYet))?.events ?? [];
      const timer = [...events].reverse().find((e) => e.timerStartedEventAttributes);
      if (!timer) return null;
      return ms(timer.eventTime!) + ms(timer.timerStartedEventAttributes!.startToFireTimeout!);
    };
    const before = await eventually('the reminders planned', async () => (await reminders(invoice.id)).next);
    const dueBefore = shift(clock(start, 'Europe/Paris').day, -7);
    expect(before).toMatchObject({ due_date: dueBefore, step_index: 0, scheduled_date: shift(dueBefore, -3) });
    await eventually('the timer set for the first reminder', async () => {
      const fires = await timerFiresAt();
      return fires !== null && Math.abs(fires - Date.parse(before.at)) < 5_000;
    });

    const moved = new Date(start.getTime() + 30 * DAY);
    await request(t.app)
      .patch(`/api/sessions/${session.id}`)
      .set(as(studio))
      .send({ start_date: moved.toISOString() })
      .expect(200);
    const after = (await reminders(invoice.id)).next;
    const dueAfter = shift(clock(moved, 'Europe/Paris').day, -7);
    expect(after).toMatchObject({ due_date: dueAfter, scheduled_date: shift(dueAfter, -3) });
    expect(clock(new Date(after.at), 'Europe/Paris')).toMatchObject({ hour: 9, minute: 0 });
    // The relay's signal woke the workflow, which set its timer for the new moment.
    await eventually('the timer moved with the session', async () => {
      const fires = await timerFiresAt();
      return fires !== null && Math.abs(fires - Date.parse(after.at)) < 5_000;
    });
  });
});
