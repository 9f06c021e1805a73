// SCHEDULED triggers against the real stack: the Temporal Schedule per trigger (created, paused,
// deleted with the trigger), a firing through the schedule evaluating the studio's sessions on a
// real worker, executions per entity and firing, and schedule_config validation.
import request from 'supertest';
import { type Client, ScheduleNotFoundError } from '@temporalio/client';
import { UnavailableError } from '../../../domain/errors';
import { createTrigger, updateTrigger } from '../../../lib/jobs/workflow-triggers';
import { triggerScheduleId } from '../../../workflows/workflow-triggers/contract';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { loadConditionSubject, loadConditionSubjects } from '../../../db/queries/condition-subject';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
let other: TestUser;
let workflowId: string;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('scheduled-triggers');
  studio = await buildUser(t.app);
  other = await buildUser(t.app);
  workflowId = (
    await request(t.app)
      .post('/api/workflows')
      .set(as(studio))
      .send({
        name: 'Semaine',
        tasks: [{ name: 'Préparer la séance', task_type: 'MANUAL', action: 'Vérifier le matériel' }],
      })
      .expect(201)
  ).body.id;
}, 240_000);
afterAll(async () => {
  worker?.stop();
  await t.close();
});

const base = () => `/api/workflows/${workflowId}/triggers`;
const validatedOnly = { operator: 'AND', conditions: [{ field: 'status', operator: 'equals', value: 'VALIDATED' }] };
type Execution = {
  entity_id: string;
  entity_type: string;
  event_type: string;
  status: string;
  job_run_id: string;
  error_message: string | null;
};
const executionsOf = async (triggerId: string) =>
  (await request(t.app).get(`${base()}/${triggerId}/executions`).set(as(studio)).expect(200)).body as Execution[];
const firingsOf = async (triggerId: string) => {
  const [rows] = await t.sequelize.query(
    'SELECT firing_id, count(*)::int AS n FROM workflow_trigger_executions WHERE trigger_id = $1 GROUP BY firing_id ORDER BY min(created_at)',
    { bind: [triggerId] },
  );
  return rows as { firing_id: string; n: number }[];
};
const describeSchedule = (triggerId: string) =>
  t.temporal.client.schedule.getHandle(triggerScheduleId(triggerId)).describe();

describe('SCHEDULED triggers (Temporal Schedule per trigger, real worker)', () => {
  it('answers 400 with details for a schedule_config that is not one, and checks conditions against its entity', async () => {
    const cases: [Record<string, unknown> | undefined, RegExp][] = [
      [undefined, /needs schedule_config/],
      [{ timezone: 'Europe/Paris' }, /cron or every_minutes/],
      [{ cron: '0 9 * * 1', every_minutes: 60, timezone: 'Europe/Paris' }, /not both/],
      [{ cron: '0 9 * *', timezone: 'Europe/Paris' }, /5 fields/],
      [{ every_minutes: 5, timezone: 'Europe/Paris' }, /every_minutes must be a whole number from 15 to 10080/],
      [{ every_minutes: 60, timezone: 'Mars/Olympus' }, /IANA time zone/],
      [
        { every_minutes: 60, timezone: 'UTC', entity: 'albums' },
        /entity must be one of sessions, contacts, quotes, invoices/,
      ],
      [
        { every_minutes: 60, timezone: 'UTC', start_at: '2027-01-02T00:00:00Z', end_at: '2027-01-01T00:00:00Z' },
        /end_at must be after start_at/,
      ],
    ];
    for (const [schedule_config, message] of cases) {
      const res = await request(t.app)
        .post(base())
        .set(as(studio))
        .send({ name: 'x', trigger_event: 'SCHEDULED', schedule_config });
      expect({ config: schedule_config, status: res.status }).toEqual({ config: schedule_config, status: 400 });
      expect(res.body.message).toMatch(message);
      expect(res.body.details.issues[0].path).toMatch(/^schedule_config/);
    }
    // Conditions read the config's entity: valid_until is a quote field, not a session's.
    const onSessions = await request(t.app)
      .post(base())
      .set(as(studio))
      .send({
        name: 'x',
        trigger_event: 'SCHEDULED',
        schedule_config: { every_minutes: 60, timezone: 'UTC' },
        conditions: { conditions: [{ field: 'valid_until', operator: 'is_null' }] },
      });
    expect(onSessions.status).toBe(400);
    expect(onSessions.body.message).toMatch(/"valid_until" is not a field of sessions/);
    const onQuotes = await request(t.app)
      .post(base())
      .set(as(studio))
      .send({
        name: 'Devis',
        trigger_event: 'SCHEDULED',
        schedule_config: { cron: '0 9 * * MON', timezone: 'Europe/Paris', entity: 'quotes' },
        conditions: { conditions: [{ field: 'valid_until', operator: 'is_null' }] },
      });
    expect(onQuotes.status).toBe(201);
    expect(onQuotes.body).toMatchObject({
      evaluated: true,
      schedule_config: { cron: '0 9 * * MON', timezone: 'Europe/Paris', entity: 'quotes' },
    });
    expect((await describeSchedule(onQuotes.body.id)).spec.timezone).toBe('Europe/Paris');
    await request(t.app).delete(`${base()}/${onQuotes.body.id}`).set(as(studio)).expect(204);
  });

  it('fires through its schedule: the VALIDATED session gets the workflow, the PENDING one not; a second firing is recorded without running the workflow twice; pause and delete follow the trigger', async () => {
    const validated = await buildSession(t.app, studio, { title: 'Séance validée' });
    await request(t.app)
      .patch(`/api/sessions/${validated.id}`)
      .set(as(studio))
      .send({ status: 'VALIDATED' })
      .expect(200);
    const pending = await buildSession(t.app, studio, { title: 'Séance en attente' });
    const elsewhere = await buildSession(t.app, other, { title: 'Autre studio' });
    await request(t.app)
      .patch(`/api/sessions/${elsewhere.id}`)
      .set(as(other))
      .send({ status: 'VALIDATED' })
      .expect(200);

    const created = await request(t.app)
      .post(base())
      .set(as(studio))
      .send({
        name: 'Chaque heure',
        trigger_event: 'SCHEDULED',
        schedule_config: { every_minutes: 60, timezone: 'Europe/Paris' },
        conditions: validatedOnly,
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      trigger_event: 'SCHEDULED',
      evaluated: true,
      schedule_config: { every_minutes: 60, timezone: 'Europe/Paris', entity: 'sessions' },
    });
    const id = created.body.id as string;
    const described = await describeSchedule(id);
    expect(described.state.paused).toBe(false);
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'launchJobWorkflow' });
    expect(described.spec.intervals?.[0].every).toBe(3_600_000);

    // Another studio cannot see, change or delete it.
    expect((await request(t.app).get(`${base()}/${id}`).set(as(other))).status).toBe(404);
    expect((await request(t.app).put(`${base()}/${id}`).set(as(other)).send({ is_active: false })).status).toBe(404);
    expect((await request(t.app).delete(`${base()}/${id}`).set(as(other))).status).toBe(404);

    await t.temporal.client.schedule.getHandle(triggerScheduleId(id)).trigger();
    const [applied] = await eventually(
      'the first firing recorded',
      async () => {
        const rows = await executionsOf(id);
        return rows.length ? rows : undefined;
      },
      90_000,
    );
    expect(applied).toMatchObject({
      entity_id: validated.id,
      entity_type: 'SESSION',
      event_type: 'SCHEDULED',
      status: 'COMPLETED',
    });
    const runs = await eventually('the task run of the validated session', async () => {
      const items = (
        await request(t.app).get(`/api/sessions/${validated.id}/workflow-task-runs`).set(as(studio)).expect(200)
      ).body.items as { task_name: string; status: string }[];
      return items.length ? items : undefined;
    });
    expect(runs).toEqual([expect.objectContaining({ task_name: 'Préparer la séance', status: 'PENDING' })]);
    expect(
      (await request(t.app).get(`/api/sessions/${pending.id}/workflow-task-runs`).set(as(studio)).expect(200)).body
        .items,
    ).toEqual([]);
    expect((await executionsOf(id)).map((e) => e.entity_id)).toEqual([validated.id]);

    // A second firing: its own execution, the same session workflow run (not the workflow twice).
    // A fire's workflow id carries its time to the second (and is the firing's key): two manual
    // triggers within one second would be one firing, so the second waits for the next second.
    await new Promise((r) => setTimeout(r, 1_100));
    await t.temporal.client.schedule.getHandle(triggerScheduleId(id)).trigger();
    const firings = await eventually(
      'the second firing recorded',
      async () => {
        const rows = await firingsOf(id);
        return rows.length === 2 ? rows : undefined;
      },
      90_000,
    );
    expect(firings.map((f) => f.n)).toEqual([1, 1]);
    expect(firings[0].firing_id).not.toBe(firings[1].firing_id);
    const executions = await executionsOf(id);
    expect(executions.map((e) => e.entity_id)).toEqual([validated.id, validated.id]);
    expect(executions[0].job_run_id).toBe(executions[1].job_run_id);
    const [jobs] = await t.sequelize.query(
      `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'sessions.workflow' AND entity_id = $1`,
      { bind: [validated.id] },
    );
    expect((jobs as { n: number }[])[0].n).toBe(1);
    expect(
      (await request(t.app).get(`/api/sessions/${validated.id}/workflow-task-runs`).set(as(studio)).expect(200)).body
        .items,
    ).toHaveLength(1);
    const [firingJobs] = await t.sequelize.query(
      `SELECT status FROM job_runs WHERE job_name = 'triggers.scheduled' AND payload->>'triggerId' = $1`,
      { bind: [id] },
    );
    expect((firingJobs as { status: string }[]).length).toBe(2);

    // Deactivating pauses the schedule; reactivating resumes it; deleting the trigger deletes it.
    await request(t.app).put(`${base()}/${id}`).set(as(studio)).send({ is_active: false }).expect(200);
    expect((await describeSchedule(id)).state.paused).toBe(true);
    const changed = await request(t.app)
      .put(`${base()}/${id}`)
      .set(as(studio))
      .send({ is_active: true, schedule_config: { cron: '0 9 * * 1', timezone: 'Europe/Paris' } })
      .expect(200);
    expect(changed.body.schedule_config).toEqual({ cron: '0 9 * * 1', timezone: 'Europe/Paris', entity: 'sessions' });
    const resumed = await describeSchedule(id);
    expect(resumed.state.paused).toBe(false);
    expect(resumed.spec.timezone).toBe('Europe/Paris');
    expect(resumed.spec.intervals ?? []).toEqual([]);
    await request(t.app).delete(`${base()}/${id}`).set(as(studio)).expect(204);
    await expect(describeSchedule(id)).rejects.toBeInstanceOf(ScheduleNotFoundError);
  }, 240_000);

  it('on contacts, runs the workflow for each matching contact once per firing (an email each time), the others nothing', async () => {
    const email = `lyon-${Date.now()}@example.fr`;
    const fromLyon = await buildContact(t.app, studio, { first_name: 'Jade', city: 'Lyon', email });
    const paris = await buildContact(t.app, studio, { city: 'Paris' });
    const news = (
      await request(t.app)
        .post('/api/workflows')
        .set(as(studio))
        .send({
          name: 'Nouvelles',
          tasks: [
            {
              name: 'Nouvelles',
              task_type: 'AUTOMATIC_EMAIL',
              actions: [
                {
                  action_type: 'AUTOMATIC_EMAIL',
                  config: {
                    subject: 'Des nouvelles, {{contact.first_name}}',
                    message: 'Bonjour {{contact.first_name}}',
                  },
                },
              ],
            },
          ],
        })
        .expect(201)
    ).body as { id: string };
    const created = await request(t.app)
      .post(`/api/workflows/${news.id}/triggers`)
      .set(as(studio))
      .send({
        name: 'Lyonnais',
        trigger_event: 'SCHEDULED',
        schedule_config: { every_minutes: 1440, timezone: 'Europe/Paris', entity: 'contacts' },
        conditions: { conditions: [{ field: 'city', operator: 'equals', value: 'Lyon' }] },
      })
      .expect(201);
    const id = created.body.id as string;
    const executions = async () =>
      (await request(t.app).get(`/api/workflows/${news.id}/triggers/${id}/executions`).set(as(studio)).expect(200))
        .body as Execution[];
    const mails = () => mailsTo(email);
    const completedRuns = async () =>
      (
        (await request(t.app).get(`/api/contacts/${fromLyon.id}/workflow-task-runs`).set(as(studio)).expect(200)).body
          .items as { status: string; firing_id: string }[]
      ).filter((r) => r.status === 'COMPLETED');

    await t.temporal.client.schedule.getHandle(triggerScheduleId(id)).trigger();
    const first = await eventually(
      'the first firing recorded',
      async () => {
        const rows = await executions();
        return rows.length ? rows : undefined;
      },
      90_000,
    );
    expect(first).toEqual([
      expect.objectContaining({
        entity_id: fromLyon.id,
        entity_type: 'CONTACT',
        event_type: 'SCHEDULED',
        status: 'COMPLETED',
        error_message: null,
      }),
    ]);
    await eventually('the first email', async () => ((await completedRuns()).length === 1 ? true : undefined), 60_000);

    // A second firing (the next second: a fire's id carries its time to the second) runs the workflow again.
    await new Promise((r) => setTimeout(r, 1_100));
    await t.temporal.client.schedule.getHandle(triggerScheduleId(id)).trigger();
    const runs = await eventually(
      'the second run',
      async () => {
        const rows = await completedRuns();
        return rows.length === 2 ? rows : undefined;
      },
      90_000,
    );
    expect(new Set(runs.map((r) => r.firing_id)).size).toBe(2);
    const both = await executions();
    expect(both.map((e) => [e.entity_id, e.status])).toEqual([
      [fromLyon.id, 'COMPLETED'],
      [fromLyon.id, 'COMPLETED'],
    ]);
    expect(both[0].job_run_id).not.toBe(both[1].job_run_id);
    expect((await mails()).map((m) => m.subject)).toEqual(['Des nouvelles, Jade', 'Des nouvelles, Jade']);
    expect(both.map((e) => e.entity_id)).not.toContain(paris.id);
    const [jobs] = await t.sequelize.query(
      `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'entities.workflow' AND entity_id = $1`,
      { bind: [fromLyon.id] },
    );
    expect((jobs as { n: number }[])[0].n).toBe(2);
    await request(t.app).delete(`/api/workflows/${news.id}/triggers/${id}`).set(as(studio)).expect(204);
  }, 180_000);

  it('while Temporal refuses: 503 and nothing saved, on create and on update', async () => {
    const refused = async () => {
      throw new Error('connection refused');
    };
    const down = {
      schedule: {
        getHandle: () => ({ update: refused, describe: refused, pause: refused, unpause: refused, delete: refused }),
        create: refused,
      },
    } as unknown as Client;
    const name = `Hors ligne ${Date.now()}`;
    await expect(
      createTrigger(t.sequelize, down, studio.id, workflowId, {
        name,
        trigger_event: 'SCHEDULED',
        is_active: true,
        execution_order: 0,
        schedule_config: { every_minutes: 60, timezone: 'UTC' },
      }),
    ).rejects.toBeInstanceOf(UnavailableError);
    const [rows] = await t.sequelize.query('SELECT id FROM workflow_triggers WHERE name = $1', { bind: [name] });
    expect(rows).toEqual([]);

    const kept = (
      await request(t.app)
        .post(base())
        .set(as(studio))
        .send({ name: 'Gardé', trigger_event: 'SCHEDULED', schedule_config: { every_minutes: 60, timezone: 'UTC' } })
        .expect(201)
    ).body.id as string;
    await expect(
      updateTrigger(t.sequelize, down, studio.id, workflowId, kept, { is_active: false }),
    ).rejects.toBeInstanceOf(UnavailableError);
    expect((await request(t.app).get(`${base()}/${kept}`).set(as(studio)).expect(200)).body.is_active).toBe(true);
    expect((await describeSchedule(kept)).state.paused).toBe(false);
    await request(t.app).delete(`${base()}/${kept}`).set(as(studio)).expect(204);
  });

  it('loads a page of subjects as the one-by-one loader does (sessions with contact, type and attached contacts; invoices; contacts)', async () => {
    const [[type]] = (await t.sequelize.query(
      'SELECT id::text FROM user_session_types WHERE owner_id IS NULL AND is_active ORDER BY display_order LIMIT 1',
    )) as [{ id: string }[], unknown];
    const bride = await buildContact(t.app, studio, { first_name: 'Élodie', email: 'elodie@example.fr' });
    const groom = await buildContact(t.app, studio, { first_name: 'Thomas' });
    const full = (
      await buildSession(t.app, studio, { title: 'Mariage', contact_id: bride.id, user_session_type_id: type.id })
    ).id;
    await request(t.app)
      .post(`/api/sessions/${full}/contacts`)
      .set(as(studio))
      .send({ contact_id: groom.id, role: 'groom' })
      .expect(201);
    const bare = (await buildSession(t.app, studio, { title: 'Portrait' })).id;
    const invoice = await buildInvoice(t.app, studio, { issued: true });
    const foreign = (await buildSession(t.app, other, { title: 'Autre' })).id;
    const cases: [Parameters<typeof loadConditionSubject>[1], string[]][] = [
      ['SESSION', [full, bare, foreign]],
      ['INVOICE', [invoice.id]],
      ['CONTACT', [bride.id, groom.id]],
    ];
    for (const [entityType, ids] of cases) {
      const batch = await loadConditionSubjects(t.sequelize, entityType, ids, studio.id);
      for (const id of ids)
        expect([entityType, id, batch.get(id) ?? null]).toEqual([
          entityType,
          id,
          await loadConditionSubject(t.sequelize, entityType, id, studio.id),
        ]);
    }
    expect((await loadConditionSubjects(t.sequelize, 'SESSION', [full], studio.id)).get(full)).toMatchObject({
      contact: { id: bride.id },
      user_session_type: { id: type.id },
      session_contacts: { count: 1, roles: 'groom' },
    });
  });

  it('a trigger moved off SCHEDULED loses its schedule; deleting the workflow deletes the schedules of its SCHEDULED triggers', async () => {
    const wf = (await request(t.app).post('/api/workflows').set(as(studio)).send({ name: 'Éphémère' }).expect(201)).body
      .id as string;
    const trigger = (
      await request(t.app)
        .post(`/api/workflows/${wf}/triggers`)
        .set(as(studio))
        .send({
          name: 'Lundi',
          trigger_event: 'SCHEDULED',
          schedule_config: { cron: '0 9 * * 1', timezone: 'Europe/Paris' },
        })
        .expect(201)
    ).body.id as string;
    const moved = (
      await request(t.app)
        .post(`/api/workflows/${wf}/triggers`)
        .set(as(studio))
        .send({
          name: 'Mardi',
          trigger_event: 'SCHEDULED',
          schedule_config: { cron: '0 9 * * 2', timezone: 'Europe/Paris' },
        })
        .expect(201)
    ).body.id as string;
    expect((await describeSchedule(trigger)).state.paused).toBe(false);
    expect(
      (
        await request(t.app)
          .put(`/api/workflows/${wf}/triggers/${moved}`)
          .set(as(studio))
          .send({ trigger_event: 'SESSION_CREATED' })
          .expect(200)
      ).body.evaluated,
    ).toBe(true);
    await expect(describeSchedule(moved)).rejects.toBeInstanceOf(ScheduleNotFoundError);
    await request(t.app).delete(`/api/workflows/${wf}`).set(as(studio)).expect(204);
    await expect(describeSchedule(trigger)).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });
});
