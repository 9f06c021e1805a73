// Workflows and their triggers through HTTP: CRUD with tasks, conditions checked against the
// event's entity when saved, ownership (404 for another studio's), executions listing.
import crypto from 'node:crypto';
import request from 'supertest';
import { startJob } from '../../../lib/jobs/start-job';
import { EVALUATE_TRIGGERS_JOB } from '../../../workflows/workflow-triggers/contract';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { WorkflowTriggerExecution } from '../../../db/models/WorkflowTriggerExecution';
import { SessionAutomationTaskRun } from '../../../db/models/SessionAutomationTaskRun';
import { markOverdueInvoices } from '../../../db/commands/mark-overdue-invoices';
import { loadEventWithTriggers } from '../../../db/queries/event-triggers';
import { MARK_OVERDUE_INVOICES } from '../../../workflows/maintenance/contract';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app);
  other = await buildUser(t.app);
});
afterAll(() => t.close());

const wedding = {
  name: 'Mariage',
  description: 'Du devis au livre',
  tasks: [
    {
      name: 'Confirmer par SMS',
      task_type: 'AUTOMATIC_SMS',
      actions: [
        {
          action_type: 'AUTOMATIC_SMS',
          config: { message: 'Bonjour {{contact.first_name}}, votre séance est confirmée.' },
        },
      ],
    },
    { name: 'Envoyer le questionnaire', task_type: 'SEND_SESSION_INFO_INVITE', delay_days: 2 },
    { name: 'Préparer le matériel', task_type: 'MANUAL', action: 'Batteries, cartes, flashs' },
  ],
};

describe('/api/workflows', () => {
  it('creates a workflow with its tasks and actions, reads, updates and deletes it; another studio gets 404', async () => {
    const created = await request(t.app).post('/api/workflows').set(as(owner)).send(wedding);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Mariage', description: 'Du devis au livre' });
    expect(
      created.body.tasks.map((task: { name: string; display_order: number; delay_days: number }) => [
        task.name,
        task.display_order,
        task.delay_days,
      ]),
    ).toEqual([
      ['Confirmer par SMS', 0, 0],
      ['Envoyer le questionnaire', 1, 2],
      ['Préparer le matériel', 2, 0],
    ]);
    expect(created.body.tasks[0].actions).toEqual([
      {
        id: expect.any(String),
        action_type: 'AUTOMATIC_SMS',
        config: { message: 'Bonjour {{contact.first_name}}, votre séance est confirmée.' },
        display_order: 0,
      },
    ]);
    const id = created.body.id as string;

    expect((await request(t.app).get(`/api/workflows/${id}`).set(as(other))).status).toBe(404);
    expect((await request(t.app).put(`/api/workflows/${id}`).set(as(other)).send({ name: 'Volé' })).status).toBe(404);
    const list = await request(t.app).get('/api/workflows').set(as(owner)).expect(200);
    expect(list.body.items.map((w: { id: string }) => w.id)).toContain(id);
    expect(
      (await request(t.app).get('/api/workflows').set(as(other))).body.items.map((w: { id: string }) => w.id),
    ).not.toContain(id);

    // Keep the first task by id, drop the others, add one.
    const [sms] = created.body.tasks;
    const updated = await request(t.app)
      .put(`/api/workflows/${id}`)
      .set(as(owner))
      .send({
        name: 'Mariage (court)',
        tasks: [
          { id: sms.id, name: 'Confirmer', task_type: 'AUTOMATIC_SMS' },
          { name: 'Relancer', task_type: 'AUTOMATIC_EMAIL', delay_days: 7 },
        ],
      });
    expect(updated.status).toBe(200);
    expect(updated.body.tasks.map((task: { id: string; name: string }) => task.name)).toEqual([
      'Confirmer',
      'Relancer',
    ]);
    expect(updated.body.tasks[0].id).toBe(sms.id);
    expect(updated.body.tasks[0].actions).toEqual([]);

    await request(t.app).delete(`/api/workflows/${id}`).set(as(owner)).expect(204);
    expect((await request(t.app).get(`/api/workflows/${id}`).set(as(owner))).status).toBe(404);
  });

  it("refuses to remove a task a session already ran, and another studio's SMS template", async () => {
    const created = await request(t.app).post('/api/workflows').set(as(owner)).send(wedding).expect(201);
    const session = await buildSession(t.app, owner, { title: 'Séance test' });
    await SessionAutomationTaskRun.create({
      session_id: session.id,
      workflow_id: created.body.id,
      workflow_task_id: created.body.tasks[0].id,
      status: 'COMPLETED',
      metadata: {},
    });
    const res = await request(t.app).put(`/api/workflows/${created.body.id}`).set(as(owner)).send({ tasks: [] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('workflow_task_in_use');
    expect((await request(t.app).get(`/api/workflows/${created.body.id}`).set(as(owner))).body.tasks).toHaveLength(3);

    const [{ id: foreignTemplate }] = (
      await t.sequelize.query(
        `INSERT INTO sms_templates (owner_id, name, message, locale) VALUES ($1, 'x', 'y', 'fr-FR') RETURNING id`,
        { bind: [other.id] },
      )
    )[0] as { id: string }[];
    const refused = await request(t.app)
      .post('/api/workflows')
      .set(as(owner))
      .send({ name: 'x', tasks: [{ name: 'sms', task_type: 'AUTOMATIC_SMS', sms_template_id: foreignTemplate }] });
    expect(refused.status).toBe(404);
  });
});

describe('/api/workflows/:workflowId/triggers', () => {
  let workflowId: string;
  beforeAll(async () => {
    workflowId = (await request(t.app).post('/api/workflows').set(as(owner)).send({ name: 'Portrait' }).expect(201))
      .body.id;
  });
  const base = () => `/api/workflows/${workflowId}/triggers`;

  it('creates, lists in execution order, reads, updates and deletes triggers', async () => {
    const validated = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({
        workflow_id: workflowId,
        name: 'Séance validée',
        trigger_event: 'SESSION_STATUS_CHANGED',
        conditions: {
          operator: 'AND',
          conditions: [
            { field: 'status', operator: 'equals', value: 'VALIDATED' },
            { field: 'contact.email', operator: 'is_not_null' },
          ],
        },
        execution_order: 2,
      });
    expect(validated.status).toBe(201);
    expect(validated.body).toMatchObject({
      workflow_id: workflowId,
      trigger_event: 'SESSION_STATUS_CHANGED',
      is_active: true,
      execution_order: 2,
      evaluated: true,
      conditions: {
        operator: 'AND',
        conditions: [
          { field: 'status', operator: 'equals', value: 'VALIDATED' },
          { field: 'contact.email', operator: 'is_not_null' },
        ],
      },
    });
    const first = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({ name: 'Nouvelle séance', trigger_event: 'SESSION_CREATED', execution_order: 1 })
      .expect(201);
    expect(first.body.conditions).toEqual({ operator: 'AND', conditions: [] });
    const form = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({ name: 'Formulaire', trigger_event: 'FORM_SUBMITTED', execution_order: 3 })
      .expect(201);
    expect(form.body.evaluated).toBe(true); // on the contact the public contact form matched or created

    const list = await request(t.app).get(base()).set(as(owner)).expect(200);
    expect(list.body.map((tr: { name: string }) => tr.name)).toEqual([
      'Nouvelle séance',
      'Séance validée',
      'Formulaire',
    ]);

    const paused = await request(t.app).put(`${base()}/${validated.body.id}`).set(as(owner)).send({ is_active: false });
    expect(paused.body).toMatchObject({ is_active: false, name: 'Séance validée', execution_order: 2 });
    // Moving it to a contact event checks the stored conditions against contacts: status is not a contact field.
    const moved = await request(t.app)
      .put(`${base()}/${validated.body.id}`)
      .set(as(owner))
      .send({ trigger_event: 'CONTACT_CREATED' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/"status" is not a field of contacts/);

    await request(t.app).delete(`${base()}/${form.body.id}`).set(as(owner)).expect(204);
    expect((await request(t.app).get(`${base()}/${form.body.id}`).set(as(owner))).status).toBe(404);
  });

  it('answers 400 for trigger_type, nested groups and unknown fields, saying what to use', async () => {
    const legacy = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({ name: 'x', trigger_type: 'SESSION_CREATED', trigger_event: 'SESSION_CREATED' });
    expect(legacy.status).toBe(400);
    expect(JSON.stringify(legacy.body)).toMatch(/use trigger_event/);
    const nested = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({
        name: 'x',
        trigger_event: 'SESSION_CREATED',
        conditions: { operator: 'AND', conditions: [{ operator: 'OR', conditions: [] }] },
      });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/nested condition groups are not supported/);
    const unknownField = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({
        name: 'x',
        trigger_event: 'INVOICE_STATUS_CHANGED',
        conditions: { operator: 'AND', conditions: [{ field: 'colour', operator: 'equals', value: 'red' }] },
      });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toMatch(/"colour" is not a field of invoices; valid fields: id, title, amount/);
    const wrongValue = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({
        name: 'x',
        trigger_event: 'INVOICE_STATUS_CHANGED',
        conditions: { conditions: [{ field: 'amount', operator: 'greater_than', value: 'lots' }] },
      });
    expect(wrongValue.status).toBe(400);
  });

  it("keeps another studio out of the workflow's triggers, and lists executions newest first within the limit", async () => {
    expect((await request(t.app).get(base()).set(as(other))).status).toBe(404);
    expect(
      (await request(t.app).post(base()).set(as(other)).send({ name: 'x', trigger_event: 'SESSION_CREATED' })).status,
    ).toBe(404);
    const trigger = await request(t.app)
      .post(base())
      .set(as(owner))
      .send({ name: 'Contacts', trigger_event: 'CONTACT_CREATED' })
      .expect(201);
    expect((await request(t.app).get(`${base()}/${trigger.body.id}/executions`).set(as(other))).status).toBe(404);
    for (let i = 0; i < 3; i += 1) {
      await WorkflowTriggerExecution.create({
        trigger_id: trigger.body.id,
        owner_id: owner.id,
        entity_type: 'CONTACT',
        entity_id: crypto.randomUUID(),
        event_type: 'CONTACT_CREATED',
        status: 'SKIPPED',
        created_at: new Date(Date.now() - (3 - i) * 1000),
      });
    }
    const executions = await request(t.app)
      .get(`${base()}/${trigger.body.id}/executions`)
      .query({ limit: 2 })
      .set(as(owner))
      .expect(200);
    expect(executions.body).toHaveLength(2);
    expect(executions.body[0]).toMatchObject({
      status: 'SKIPPED',
      entity_type: 'CONTACT',
      event_type: 'CONTACT_CREATED',
    });
    expect(Date.parse(executions.body[0].created_at)).toBeGreaterThan(Date.parse(executions.body[1].created_at));
    expect(
      (await request(t.app).get(`${base()}/${trigger.body.id}/executions`).query({ limit: 500 }).set(as(owner))).status,
    ).toBe(400);
  });
});

describe('/api/sms-templates', () => {
  it("copies the system templates of the studio's language once, under the canonical path and both aliases", async () => {
    const studio = await buildUser(t.app);
    const first = await request(t.app).post('/api/sms-templates/create-defaults').set(as(studio));
    expect(first.status).toBe(200);
    expect(first.body.created).toBeGreaterThanOrEqual(2);
    expect(first.body.templates.map((x: { business_key: string }) => x.business_key)).toEqual(
      expect.arrayContaining(['session-reminder', 'session-confirmation']),
    );
    const locales = new Set(first.body.templates.map((x: { locale: string }) => x.locale));
    expect(locales.size).toBe(1);

    // Edited copies are kept as they are; the aliases create nothing new.
    const reminder = first.body.templates.find((x: { business_key: string }) => x.business_key === 'session-reminder');
    await request(t.app)
      .put(`/api/sms-templates/${reminder.id}`)
      .set(as(studio))
      .send({ message: 'Rappel : {{session.title}}' })
      .expect(200);
    for (const path of [
      '/api/sms-templates/defaults',
      '/api/sms-templates/defaults/create',
      '/api/sms-templates/create-defaults',
    ]) {
      const again = await request(t.app).post(path).set(as(studio)).expect(200);
      expect(again.body.created).toBe(0);
      expect(again.body.templates).toHaveLength(first.body.templates.length);
    }
    expect((await request(t.app).get(`/api/sms-templates/${reminder.id}`).set(as(studio))).body.message).toBe(
      'Rappel : {{session.title}}',
    );
  });

  it("creates, lists, updates and deletes the studio's own templates; another studio gets 404", async () => {
    const created = await request(t.app)
      .post('/api/sms-templates')
      .set(as(owner))
      .send({ name: 'Merci', message: 'Merci {{contact.first_name}} pour cette séance !' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Merci',
      locale: expect.stringMatching(/^(fr-FR|en-US)$/),
      is_active: true,
      business_key: null,
    });
    expect(
      (await request(t.app).get('/api/sms-templates').set(as(owner))).body.map((x: { id: string }) => x.id),
    ).toContain(created.body.id);
    expect((await request(t.app).get(`/api/sms-templates/${created.body.id}`).set(as(other))).status).toBe(404);
    expect((await request(t.app).delete(`/api/sms-templates/${created.body.id}`).set(as(other))).status).toBe(404);
    expect(
      (
        await request(t.app)
          .post('/api/sms-templates')
          .set(as(owner))
          .send({ name: 'Long', message: 'x'.repeat(1601) })
      ).status,
    ).toBe(400);
    await request(t.app)
      .patch(`/api/sms-templates/${created.body.id}`)
      .set(as(owner))
      .send({ is_active: false })
      .expect(200);
    await request(t.app).delete(`/api/sms-templates/${created.body.id}`).set(as(owner)).expect(204);
    expect((await request(t.app).get(`/api/sms-templates/${created.body.id}`).set(as(owner))).status).toBe(404);
  });
});

describe('events evaluated against triggers (outbox relay and evaluation job, real worker)', () => {
  let worker: WorkerProcess;
  let studio: TestUser;
  let workflowId: string;
  beforeAll(async () => {
    worker = await startMainWorker('triggers');
    studio = await buildUser(t.app);
    workflowId = (await request(t.app).post('/api/workflows').set(as(studio)).send({ name: 'Accueil' }).expect(201))
      .body.id;
  }, 240_000);
  afterAll(() => worker?.stop());

  const executionsOf = async (triggerId: string) =>
    (
      await request(t.app)
        .get(`/api/workflows/${workflowId}/triggers/${triggerId}/executions`)
        .set(as(studio))
        .expect(200)
    ).body as { entity_id: string; status: string; error_message: string | null }[];

  it('records SKIPPED (a workflow without tasks) for a contact whose trigger conditions hold, nothing for one they do not, and ignores inactive triggers', async () => {
    const lyon = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({
        name: 'Lyonnais',
        trigger_event: 'CONTACT_CREATED',
        conditions: { operator: 'AND', conditions: [{ field: 'city', operator: 'equals', value: 'Lyon' }] },
      })
      .expect(201);
    const off = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({ name: 'En pause', trigger_event: 'CONTACT_CREATED', is_active: false })
      .expect(201);

    const paris = await buildContact(t.app, studio, { city: 'Paris' });
    const fromLyon = await buildContact(t.app, studio, { city: 'Lyon' });
    const executions = await eventually('the Lyon contact to be evaluated', async () => {
      const rows = await executionsOf(lyon.body.id);
      return rows.length ? rows : undefined;
    });
    expect(executions).toEqual([
      expect.objectContaining({
        entity_id: fromLyon.id,
        status: 'SKIPPED',
        error_message: 'The workflow has no task to run',
      }),
    ]);
    // Both events were dispatched; the Paris one matched nothing, the paused trigger saw neither.
    await eventually('both events dispatched', async () => {
      const [rows] = await t.sequelize.query(
        'SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = ANY($1::uuid[]) AND dispatched_at IS NOT NULL',
        { bind: [[paris.id, fromLyon.id]] },
      );
      return (rows as { n: number }[])[0].n === 2 ? true : undefined;
    });
    expect(await executionsOf(off.body.id)).toEqual([]);
    expect((await executionsOf(lyon.body.id)).map((e) => e.entity_id)).not.toContain(paris.id);
  });

  it('matches a trigger on user_session_type.name for a session given its type through the API', async () => {
    const [[type]] = (await t.sequelize.query(
      'SELECT id::text, name FROM user_session_types WHERE owner_id IS NULL AND is_active ORDER BY display_order LIMIT 1',
    )) as [{ id: string; name: string }[], unknown];
    const byType = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({
        name: 'Par type',
        trigger_event: 'SESSION_CREATED',
        conditions: {
          operator: 'AND',
          conditions: [{ field: 'user_session_type.name', operator: 'equals', value: type.name }],
        },
      })
      .expect(201);
    const typed = (await buildSession(t.app, studio, { title: 'Séance typée', user_session_type_id: type.id })) as {
      id: string;
      user_session_type_id: string;
    };
    expect(typed.user_session_type_id).toBe(type.id);
    const untyped = await buildSession(t.app, studio, { title: 'Séance sans type' });
    const executions = await eventually('the typed session to be evaluated', async () => {
      const rows = await executionsOf(byType.body.id);
      return rows.length ? rows : undefined;
    });
    expect(executions.map((e) => e.entity_id)).toEqual([typed.id]);
    await eventually('the untyped session dispatched too', async () => {
      const [rows] = await t.sequelize.query(
        'SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = $1 AND dispatched_at IS NOT NULL',
        { bind: [untyped.id] },
      );
      return (rows as { n: number }[])[0].n === 1 ? true : undefined;
    });
    expect((await executionsOf(byType.body.id)).map((e) => e.entity_id)).toEqual([typed.id]);
  });

  it('matches a trigger on the session contacts (session_contacts.roles, .count) once a second contact is attached', async () => {
    const withGroom = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({
        name: 'Avec le marié',
        trigger_event: 'SESSION_STATUS_CHANGED',
        conditions: {
          operator: 'AND',
          conditions: [
            { field: 'session_contacts.roles', operator: 'contains', value: 'groom' },
            { field: 'session_contacts.count', operator: 'greater_than', value: 0 },
          ],
        },
      })
      .expect(201);
    const bride = await buildContact(t.app, studio, { first_name: 'Élodie' });
    const groom = await buildContact(t.app, studio, { first_name: 'Thomas' });
    const wedding = await buildSession(t.app, studio, { title: 'Mariage', contact_id: bride.id });
    const alone = await buildSession(t.app, studio, { title: 'Portrait', contact_id: bride.id });
    await request(t.app)
      .post(`/api/sessions/${wedding.id}/contacts`)
      .set(as(studio))
      .send({ contact_id: groom.id, role: 'groom' })
      .expect(201);
    for (const session of [wedding, alone])
      await request(t.app)
        .patch(`/api/sessions/${session.id}`)
        .set(as(studio))
        .send({ status: 'VALIDATED' })
        .expect(200);
    await eventually('both status changes dispatched', async () => {
      const [rows] = await t.sequelize.query(
        `SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = ANY($1::uuid[]) AND event_type = 'SESSION_STATUS_CHANGED' AND dispatched_at IS NOT NULL`,
        { bind: [[wedding.id, alone.id]] },
      );
      return (rows as { n: number }[])[0].n === 2 ? true : undefined;
    });
    const executions = await eventually('the wedding evaluated', async () => {
      const rows = await executionsOf(withGroom.body.id);
      return rows.length ? rows : undefined;
    });
    expect(executions.map((e) => e.entity_id)).toEqual([wedding.id]);
  });

  it('an invoice that becomes overdue emits INVOICE_STATUS_CHANGED with is_overdue once: a trigger on is_overdue runs once for it', async () => {
    const whenOverdue = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({
        name: 'En retard',
        trigger_event: 'INVOICE_STATUS_CHANGED',
        conditions: { operator: 'AND', conditions: [{ field: 'is_overdue', operator: 'equals', value: true }] },
      })
      .expect(201);
    const late = await buildInvoice(t.app, studio, { issued: true, due_date: '2026-01-15' });
    const onTime = await buildInvoice(t.app, studio, { issued: true, profile: false, due_date: '2099-12-31' });
    expect((await request(t.app).get(`/api/invoices/${late.id}`).set(as(studio)).expect(200)).body.is_overdue).toBe(
      true,
    );
    // The scan's Temporal Schedule (workers/schedules.ts, every 15 minutes), fired now; then its command again, as a later fire would.
    await t.temporal.client.schedule.getHandle(MARK_OVERDUE_INVOICES.scheduleId).trigger();
    await eventually('the invoice marked overdue', async () => {
      const [marked] = await t.sequelize.query(
        'SELECT overdue_at FROM invoices WHERE id = $1 AND overdue_at IS NOT NULL',
        { bind: [late.id] },
      );
      return marked.length > 0 ? true : undefined;
    });
    expect(await markOverdueInvoices(t.sequelize, 500)).toBe(0);
    const executions = await eventually('the overdue invoice evaluated', async () => {
      const rows = await executionsOf(whenOverdue.body.id);
      return rows.length ? rows : undefined;
    });
    expect(executions.map((e) => e.entity_id)).toEqual([late.id]);
    const [rows] = await t.sequelize.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = $1 AND payload->>'is_overdue' = 'true'`,
      { bind: [late.id] },
    );
    expect((rows as { n: number }[])[0].n).toBe(1);
    expect((await executionsOf(whenOverdue.body.id)).map((e) => e.entity_id)).not.toContain(onTime.id);
  });

  it('records FAILED with the message for a trigger whose evaluation throws, while the request that caused it succeeded; a redelivered event adds nothing', async () => {
    const broken = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({ name: 'Cassé', trigger_event: 'CONTACT_CREATED' })
      .expect(201);
    // A condition saved before validation existed (written directly): evaluation throws on it.
    await t.sequelize.query(
      `UPDATE workflow_triggers SET conditions = '{"operator":"AND","conditions":[{"field":"city","operator":"sounds_like","value":"Lion"}]}' WHERE id = $1`,
      { bind: [broken.body.id] },
    );
    const contact = await buildContact(t.app, studio, { city: 'Lyon' });
    const [failed] = await eventually('the FAILED execution', async () => {
      const rows = await executionsOf(broken.body.id);
      return rows.length ? rows : undefined;
    });
    expect(failed).toMatchObject({
      entity_id: contact.id,
      status: 'FAILED',
      error_message: 'Unknown condition operator "sounds_like"',
    });

    // The same event delivered again: the job of that event id is found, not run twice.
    const [{ id: eventId }] = (
      await t.sequelize.query('SELECT id::text FROM outbox_events WHERE entity_id = $1', { bind: [contact.id] })
    )[0] as { id: string }[];
    const again = await startJob(t.sequelize, t.temporal.client, EVALUATE_TRIGGERS_JOB, eventId, { eventId });
    const [{ n }] = (
      await t.sequelize.query(
        `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'triggers.evaluate' AND workflow_id = $1`,
        { bind: [EVALUATE_TRIGGERS_JOB.workflowId(eventId)] },
      )
    )[0] as { n: number }[];
    expect(n).toBe(1);
    expect(again.workflow_id).toBe(EVALUATE_TRIGGERS_JOB.workflowId(eventId));
    expect(await executionsOf(broken.body.id)).toHaveLength(1);
  });

  it('does not apply a trigger to an event that happened before the trigger existed, still waiting in the outbox', async () => {
    // An event from an hour ago, not yet evaluated (as when the relay is behind), and one of now.
    const contact = await buildContact(t.app, studio, { city: 'Nantes' });
    const waiting = async (age: string) =>
      (
        (
          await t.sequelize.query(
            `INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, created_at, dispatched_at)
             VALUES ('CONTACT_CREATED', 'CONTACT', $1, $2, now() - $3::interval, now()) RETURNING id::text`,
            { bind: [contact.id, studio.id, age] },
          )
        )[0] as { id: string }[]
      )[0].id;
    const before = await waiting('1 hour');
    const trigger = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({ name: 'Nouveau', trigger_event: 'CONTACT_CREATED' })
      .expect(201);
    const after = await waiting('0 seconds');
    const triggersOf = async (eventId: string) =>
      (await loadEventWithTriggers(t.sequelize, eventId))!.triggers.map((x) => x.id);
    expect(await triggersOf(before)).not.toContain(trigger.body.id);
    expect(await triggersOf(after)).toContain(trigger.body.id);
    await request(t.app).delete(`/api/workflows/${workflowId}/triggers/${trigger.body.id}`).set(as(studio));
  });
});
