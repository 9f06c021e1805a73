// Workflows run for contacts, quotes and invoices (issue 21 §3) against the real stack: events
// from the API, the outbox relay, the trigger evaluation and the entity workflow on a real
// worker; emails through MailDev, SMS through the local provider (a file this test reads).
import crypto from 'node:crypto';
import request from 'supertest';
import { readLocalSmsOutbox } from '../../../lib/sms/local-sms-provider';
import { MARK_OVERDUE_INVOICES } from '../../../workflows/maintenance/contract';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, laneSmsOutbox, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';

let t: TestApp;
let worker: WorkerProcess;
// The lane's worker writes every SMS to one outbox: each test finds its own by phone number.
const smsFile = laneSmsOutbox();
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('entity-automations');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

type Execution = {
  entity_id: string;
  entity_type: string;
  status: string;
  error_message: string | null;
  job_run_id: string;
};
type TaskRun = {
  task_name: string;
  task_type: string;
  status: string;
  error: string | null;
  contact_id: string | null;
  scheduled_at: string | null;
  metadata: Record<string, unknown>;
};

async function workflowWith(user: TestUser, name: string, tasks: Record<string, unknown>[]) {
  return (await request(t.app).post('/api/workflows').set(as(user)).send({ name, tasks }).expect(201)).body as {
    id: string;
  };
}
async function trigger(user: TestUser, workflowId: string, body: Record<string, unknown>) {
  return (await request(t.app).post(`/api/workflows/${workflowId}/triggers`).set(as(user)).send(body).expect(201))
    .body as { id: string };
}
const executionsOf = async (user: TestUser, workflowId: string, triggerId: string) =>
  (await request(t.app).get(`/api/workflows/${workflowId}/triggers/${triggerId}/executions`).set(as(user)).expect(200))
    .body as Execution[];
const firstExecutions = (user: TestUser, workflowId: string, triggerId: string) =>
  eventually('the execution', async () => {
    const rows = await executionsOf(user, workflowId, triggerId);
    return rows.length ? rows : undefined;
  });
const taskRunsOf = async (user: TestUser, entity: 'contacts' | 'quotes' | 'invoices', id: string) =>
  (await request(t.app).get(`/api/${entity}/${id}/workflow-task-runs`).set(as(user)).expect(200)).body
    .items as TaskRun[];
const finishedRun = (user: TestUser, entity: 'contacts' | 'quotes' | 'invoices', id: string, name: string) =>
  eventually(
    `"${name}" to finish`,
    async () =>
      (await taskRunsOf(user, entity, id)).find(
        (r) => r.task_name === name && !['PENDING', 'RUNNING'].includes(r.status),
      ),
    60_000,
  );
const countOf = async (sql: string, bind: unknown[]) =>
  ((await t.sequelize.query(sql, { bind }))[0] as { n: number }[])[0].n;

describe('workflows on contacts, quotes and invoices (real worker)', () => {
  it('CONTACT_CREATED: the new contact gets the email and the SMS, the to-do waits; the event delivered twice sends nothing twice', async () => {
    const studio = await buildUser(t.app);
    const workflow = await workflowWith(studio, 'Bienvenue', [
      {
        name: 'Mail de bienvenue',
        task_type: 'AUTOMATIC_EMAIL',
        actions: [
          {
            action_type: 'AUTOMATIC_EMAIL',
            config: {
              subject: 'Bienvenue {{contact.first_name}}',
              message: 'Bonjour {{contact.first_name}} {{contact.last_name}}, merci de votre confiance.',
            },
          },
        ],
      },
      { name: 'SMS de bienvenue', task_type: 'AUTOMATIC_SMS', action: 'Bonjour {{contact.first_name}} !' },
      { name: 'Appeler', task_type: 'MANUAL', timing: 'AFTER_APPLIED', offset_minutes: 2 * 1440 },
    ]);
    const welcome = await trigger(studio, workflow.id, { name: 'Nouveau contact', trigger_event: 'CONTACT_CREATED' });
    const email = `camille-${crypto.randomUUID()}@example.fr`;
    const phone = `+3364${crypto.randomInt(1_000_000, 9_999_999)}`;
    const contact = await buildContact(t.app, studio, {
      first_name: 'Camille',
      last_name: 'Roux',
      email,
      phone_number: phone,
    });

    expect(await finishedRun(studio, 'contacts', contact.id, 'Mail de bienvenue')).toMatchObject({
      status: 'COMPLETED',
      contact_id: contact.id,
      metadata: expect.objectContaining({
        recipient_email: email,
        entity_type: 'CONTACT',
        entity_id: contact.id,
        workflow_id: workflow.id,
      }),
    });
    expect(await finishedRun(studio, 'contacts', contact.id, 'SMS de bienvenue')).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ recipient_phone: phone, message_source: 'task_action' }),
    });
    const [mail] = await eventually('the welcome email', async () =>
      (await mailsTo(email)).length ? mailsTo(email) : undefined,
    );
    expect(mail.subject).toBe('Bienvenue Camille');
    expect(mail.text.trim()).toBe('Bonjour Camille Roux, merci de votre confiance.');
    expect((await readLocalSmsOutbox(smsFile)).filter((m) => m.to === phone).map((m) => m.body)).toEqual([
      'Bonjour Camille !',
    ]);
    expect((await taskRunsOf(studio, 'contacts', contact.id)).find((r) => r.task_name === 'Appeler')).toMatchObject({
      task_type: 'MANUAL',
      status: 'PENDING',
      scheduled_at: expect.any(String),
    });
    const [execution] = await firstExecutions(studio, workflow.id, welcome.id);
    expect(execution).toMatchObject({
      entity_id: contact.id,
      entity_type: 'CONTACT',
      status: 'COMPLETED',
      error_message: null,
    });

    // The same event again (a copy in the outbox, as a second delivery would be): evaluated, nothing run twice.
    await t.sequelize.query(
      `INSERT INTO outbox_events (owner_id, entity_type, entity_id, event_type, payload) SELECT owner_id, entity_type, entity_id, event_type, payload FROM outbox_events WHERE entity_id = $1 AND event_type = 'CONTACT_CREATED'`,
      { bind: [contact.id] },
    );
    await eventually('the copy evaluated', async () =>
      (await countOf(
        `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'triggers.evaluate' AND entity_id = $1 AND status = 'COMPLETED'`,
        [contact.id],
      )) === 2
        ? true
        : undefined,
    );
    expect(
      await countOf(`SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'entities.workflow' AND entity_id = $1`, [
        contact.id,
      ]),
    ).toBe(1);
    expect(await executionsOf(studio, workflow.id, welcome.id)).toHaveLength(1);
    expect(await taskRunsOf(studio, 'contacts', contact.id)).toHaveLength(3);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await readLocalSmsOutbox(smsFile)).filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('a workflow with a task that needs a session is SKIPPED on a contact, with the reason, and runs nothing', async () => {
    const studio = await buildUser(t.app);
    const workflow = await workflowWith(studio, 'Questionnaire', [
      {
        name: 'Mail',
        task_type: 'AUTOMATIC_EMAIL',
        actions: [{ action_type: 'AUTOMATIC_EMAIL', config: { message: 'Bonjour' } }],
      },
      { name: 'Envoyer le questionnaire', task_type: 'SEND_SESSION_INFO_INVITE' },
    ]);
    const onContact = await trigger(studio, workflow.id, { name: 'Nouveau contact', trigger_event: 'CONTACT_CREATED' });
    const email = `noe-${crypto.randomUUID()}@example.fr`;
    const contact = await buildContact(t.app, studio, { first_name: 'Noé', email });
    const [execution] = await firstExecutions(studio, workflow.id, onContact.id);
    expect(execution).toMatchObject({
      entity_id: contact.id,
      status: 'SKIPPED',
      error_message:
        'The workflow needs a session, and a contact has none: task "Envoyer le questionnaire" (SEND_SESSION_INFO_INVITE) needs a session',
    });
    expect(await taskRunsOf(studio, 'contacts', contact.id)).toEqual([]);
    expect(
      await countOf(`SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'entities.workflow' AND entity_id = $1`, [
        contact.id,
      ]),
    ).toBe(0);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("INVOICE_STATUS_CHANGED with is_overdue: the reminder goes to the invoice's contact, its number and balance due written in", async () => {
    const studio = await buildUser(t.app);
    const workflow = await workflowWith(studio, 'Relance', [
      {
        name: 'Relance',
        task_type: 'AUTOMATIC_EMAIL',
        actions: [
          {
            action_type: 'AUTOMATIC_EMAIL',
            config: {
              subject: 'Facture {{invoice.number}} en retard',
              message:
                'Bonjour {{contact.first_name}}, il reste {{invoice.balance_due}} à régler sur la facture {{invoice.number}} (échéance {{invoice.due_date}}).',
            },
          },
        ],
      },
    ]);
    const overdue = await trigger(studio, workflow.id, {
      name: 'En retard',
      trigger_event: 'INVOICE_STATUS_CHANGED',
      conditions: { operator: 'AND', conditions: [{ field: 'is_overdue', operator: 'equals', value: true }] },
    });
    const late = await buildInvoice(t.app, studio, { issued: true, due_date: '2026-01-15' });
    const { contact_id: contactId } = (await request(t.app).get(`/api/invoices/${late.id}`).set(as(studio)).expect(200))
      .body as { contact_id: string };
    const { email } = (await request(t.app).get(`/api/contacts/${contactId}`).set(as(studio)).expect(200)).body as {
      email: string;
    };

    await t.temporal.client.schedule.getHandle(MARK_OVERDUE_INVOICES.scheduleId).trigger();
    const run = await finishedRun(studio, 'invoices', late.id, 'Relance');
    expect(run).toMatchObject({
      status: 'COMPLETED',
      contact_id: contactId,
      metadata: expect.objectContaining({ recipient_email: email, entity_type: 'INVOICE', entity_id: late.id }),
    });
    const [mail] = await eventually('the reminder email', async () =>
      (await mailsTo(email)).length ? mailsTo(email) : undefined,
    );
    const balance = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
      Number(late.balance_due),
    );
    expect(mail.subject).toBe(`Facture ${late.number} en retard`);
    expect(mail.text.trim()).toBe(
      `Bonjour Chloé, il reste ${balance} à régler sur la facture ${late.number} (échéance 15 janvier 2026).`,
    );
    const [execution] = await firstExecutions(studio, workflow.id, overdue.id);
    expect(execution).toMatchObject({ entity_id: late.id, entity_type: 'INVOICE', status: 'COMPLETED' });
  });

  it("QUOTE_STATUS_CHANGED: an accepted quote's contact gets the email with the quote's number and amount", async () => {
    const studio = await buildUser(t.app);
    const workflow = await workflowWith(studio, 'Merci', [
      {
        name: 'Merci',
        task_type: 'AUTOMATIC_EMAIL',
        actions: [
          {
            action_type: 'AUTOMATIC_EMAIL',
            config: {
              subject: 'Devis {{quote.number}} accepté',
              message: 'Merci {{contact.first_name}} : {{quote.title}}, {{quote.amount}}.',
            },
          },
        ],
      },
    ]);
    await trigger(studio, workflow.id, {
      name: 'Accepté',
      trigger_event: 'QUOTE_STATUS_CHANGED',
      conditions: { operator: 'AND', conditions: [{ field: 'status', operator: 'equals', value: 'ACCEPTED' }] },
    });
    const email = `hugo-${crypto.randomUUID()}@example.fr`;
    const hugo = await buildContact(t.app, studio, { first_name: 'Hugo', email });
    const quote = await buildQuote(t.app, studio, {
      title: 'Portraits',
      contact_id: hugo.id,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Portrait',
          quantity: 1,
          price_without_tax: '100.00',
          vat_percentage: 20,
        },
      ],
    });
    const accepted = (await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(studio)).expect(200)).body as {
      number: string;
      amount: string;
    };
    expect(await finishedRun(studio, 'quotes', quote.id, 'Merci')).toMatchObject({
      status: 'COMPLETED',
      contact_id: hugo.id,
    });
    const [mail] = await eventually('the thank-you email', async () =>
      (await mailsTo(email)).length ? mailsTo(email) : undefined,
    );
    expect(mail.subject).toBe(`Devis ${accepted.number} accepté`);
    expect(mail.text.trim()).toBe(
      `Merci Hugo : Portraits, ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(Number(accepted.amount))}.`,
    );
  });

  it('another studio cannot read the task runs of a contact (404)', async () => {
    const studio = await buildUser(t.app);
    const other = await buildUser(t.app);
    const contact = await buildContact(t.app, studio, {});
    expect((await request(t.app).get(`/api/contacts/${contact.id}/workflow-task-runs`).set(as(other))).status).toBe(
      404,
    );
    expect((await request(t.app).get(`/api/contacts/${contact.id}/workflow-task-runs`).set(as(studio))).body).toEqual({
      items: [],
    });
  });
});
