// Session workflows against the real stack: events from the API, the outbox relay, the trigger
// evaluation and the session workflow on a real worker; SMS through the local provider (a file
// this test reads), emails through MailDev. Last, the relay with its Temporal server stopped.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { readLocalSmsOutbox } from '../../../lib/sms/local-sms-provider';
import { startTemporal } from '../../../scripts/stack/temporal';
import { freePort } from '../../../scripts/stack/wait';
import { buildContact } from '../../factories/contacts';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import {
  eventually,
  laneSmsOutbox,
  startMainWorker,
  startWorkerProcess,
  type WorkerProcess,
} from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The lane's worker writes every SMS to one outbox: each test finds its own by phone number.
const smsFile = laneSmsOutbox();
const smsTo = async (phone: string) => (await readLocalSmsOutbox(smsFile)).filter((m) => m.to === phone);

interface TaskRun {
  task_name: string;
  task_type: string;
  status: string;
  scheduled_at: string | null;
  error: string | null;
  metadata: Record<string, unknown>;
}
const taskRuns = async (user: TestUser, sessionId: string) =>
  (await request(t.app).get(`/api/sessions/${sessionId}/workflow-task-runs`).set(as(user)).expect(200)).body
    .items as TaskRun[];
/** Waits until the session's task named `name` has left PENDING/RUNNING, and returns it. */
const finishedRun = (user: TestUser, sessionId: string, name: string, timeoutMs = 60_000) =>
  eventually(
    `"${name}" to finish`,
    async () =>
      (await taskRuns(user, sessionId)).find((r) => r.task_name === name && !['PENDING', 'RUNNING'].includes(r.status)),
    timeoutMs,
  );

/** A workflow of one SMS task, "Bienvenue {{contact.first_name}} !", sent at once. */
async function welcomeWorkflow(user: TestUser) {
  const body = {
    name: 'Accueil',
    tasks: [{ name: 'Bienvenue', task_type: 'AUTOMATIC_SMS', action: 'Bienvenue {{contact.first_name}} !' }],
  };
  return (await request(t.app).post('/api/workflows').set(as(user)).send(body).expect(201)).body as { id: string };
}

async function trigger(user: TestUser, workflowId: string, body: Record<string, unknown>) {
  return (await request(t.app).post(`/api/workflows/${workflowId}/triggers`).set(as(user)).send(body).expect(201))
    .body as { id: string };
}

describe('session workflows applied by triggers (real worker)', () => {
  let worker: WorkerProcess;
  beforeAll(async () => {
    worker = await startMainWorker('session-automations');
  }, 240_000);
  afterAll(() => worker?.stop());

  it('a created session whose conditions hold gets its immediate SMS sent and recorded with the metadata; dated tasks wait with their due dates; moving the session makes the reminder due and it is sent', async () => {
    const studio = await buildUser(t.app);
    const workflow = (
      await request(t.app)
        .post('/api/workflows')
        .set(as(studio))
        .send({
          name: 'Mariage',
          tasks: [
            {
              name: 'Confirmer',
              task_type: 'AUTOMATIC_SMS',
              actions: [
                {
                  action_type: 'AUTOMATIC_SMS',
                  config: {
                    message: 'Bonjour {{contact.first_name}}, votre séance « {{session.title}} » est confirmée.',
                  },
                },
              ],
            },
            {
              name: 'Rappel',
              task_type: 'AUTOMATIC_SMS',
              description: 'Rappel : {{session.title}} à {{session.location}}',
              timing: 'BEFORE_SESSION_START',
              offset_minutes: 1440,
            },
            {
              name: 'Relance',
              task_type: 'AUTOMATIC_EMAIL',
              timing: 'AFTER_APPLIED',
              offset_minutes: 7 * 1440,
              actions: [{ action_type: 'AUTOMATIC_EMAIL', config: { message: 'Des nouvelles ?' } }],
            },
          ],
        })
        .expect(201)
    ).body as { id: string; tasks: { id: string; name: string }[] };
    const lyon = await trigger(studio, workflow.id, {
      name: 'Séances à Lyon',
      trigger_event: 'SESSION_CREATED',
      conditions: { operator: 'AND', conditions: [{ field: 'location', operator: 'equals', value: 'Lyon' }] },
    });

    // Typed the French way; the SMS goes to its E.164 form, read in the studio's country.
    const mobile = `61${crypto.randomInt(1_000_000, 9_999_999)}`;
    const phone = `+33${mobile}`;
    const contact = await buildContact(t.app, studio, {
      first_name: 'Léa',
      phone_number: `0${mobile}`.replace(/(\d{2})(?=\d)/g, '$1 '),
    });
    const start = new Date(Date.now() + 30 * DAY);
    const session = await buildSession(t.app, studio, {
      title: 'Mariage Léa',
      location: 'Lyon',
      contact_id: contact.id,
      start_date: start.toISOString(),
    });
    const paris = await buildSession(t.app, studio, {
      title: 'Mariage Hugo',
      location: 'Paris',
      contact_id: contact.id,
    });
    const appliedBefore = Date.now();

    const confirm = await finishedRun(studio, session.id, 'Confirmer');
    expect(confirm).toMatchObject({ task_type: 'AUTOMATIC_SMS', status: 'COMPLETED', error: null });
    expect(confirm.metadata).toMatchObject({
      provider: 'local',
      sms_template_id: null,
      message_source: 'action_config',
      recipient_phone: phone,
      workflow_id: workflow.id,
      workflow_task_id: workflow.tasks[0].id,
      session_id: session.id,
    });
    expect((await smsTo(phone)).map((m) => m.body)).toEqual([
      'Bonjour Léa, votre séance « Mariage Léa » est confirmée.',
    ]);

    const runs = await taskRuns(studio, session.id);
    const reminder = runs.find((r) => r.task_name === 'Rappel')!;
    const followUp = runs.find((r) => r.task_name === 'Relance')!;
    expect(reminder).toMatchObject({ status: 'PENDING', scheduled_at: new Date(start.getTime() - DAY).toISOString() });
    expect(followUp.status).toBe('PENDING');
    expect(new Date(followUp.scheduled_at!).getTime() - appliedBefore).toBeGreaterThan(7 * DAY - 5 * 60_000);
    expect(new Date(followUp.scheduled_at!).getTime() - appliedBefore).toBeLessThan(7 * DAY + 5 * 60_000);

    const executions = (
      await request(t.app)
        .get(`/api/workflows/${workflow.id}/triggers/${lyon.id}/executions`)
        .set(as(studio))
        .expect(200)
    ).body as { entity_id: string; status: string }[];
    expect(executions).toEqual([expect.objectContaining({ entity_id: session.id, status: 'COMPLETED' })]);
    expect(await taskRuns(studio, paris.id)).toEqual([]);
    // The session shows the workflow applied to it.
    expect((await request(t.app).get(`/api/sessions/${session.id}`).set(as(studio)).expect(200)).body.workflow_id).toBe(
      workflow.id,
    );

    // The session moves to tomorrow noon: its reminder (a day before) is due at once and goes out.
    await request(t.app)
      .patch(`/api/sessions/${session.id}`)
      .set(as(studio))
      .send({ start_date: new Date(Date.now() + 12 * HOUR).toISOString() })
      .expect(200);
    const sent = await finishedRun(studio, session.id, 'Rappel');
    expect(sent).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ message_source: 'task_description', recipient_phone: phone }),
    });
    expect((await smsTo(phone)).map((m) => m.body)).toContain('Rappel : Mariage Léa à Lyon');
    expect((await taskRuns(studio, session.id)).find((r) => r.task_name === 'Relance')!.status).toBe('PENDING');
  });

  it('an SMS task reaches the session contact who has a phone when the main contact has none, greeting everyone of the session', async () => {
    const studio = await buildUser(t.app);
    const workflow = (
      await request(t.app)
        .post('/api/workflows')
        .set(as(studio))
        .send({
          name: 'Mariage',
          tasks: [
            {
              name: 'Confirmer',
              task_type: 'AUTOMATIC_SMS',
              actions: [
                {
                  action_type: 'AUTOMATIC_SMS',
                  config: { message: 'Bonjour {{session.first_names}}, « {{session.title}} » est confirmée.' },
                },
              ],
            },
          ],
        })
        .expect(201)
    ).body as { id: string };
    await trigger(studio, workflow.id, {
      name: 'Validées',
      trigger_event: 'SESSION_STATUS_CHANGED',
      conditions: {
        operator: 'AND',
        conditions: [{ field: 'session_contacts.roles', operator: 'contains', value: 'groom' }],
      },
    });
    const bride = await buildContact(t.app, studio, { first_name: 'Élodie', phone_number: null });
    const phone = `+3362${crypto.randomInt(1_000_000, 9_999_999)}`;
    const groom = await buildContact(t.app, studio, { first_name: 'Thomas', phone_number: phone });
    const session = await buildSession(t.app, studio, { title: 'Mariage Élodie & Thomas', contact_id: bride.id });
    await request(t.app)
      .post(`/api/sessions/${session.id}/contacts`)
      .set(as(studio))
      .send({ contact_id: groom.id, role: 'groom' })
      .expect(201);
    await request(t.app).patch(`/api/sessions/${session.id}`).set(as(studio)).send({ status: 'VALIDATED' }).expect(200);
    const run = await finishedRun(studio, session.id, 'Confirmer');
    expect(run).toMatchObject({ status: 'COMPLETED', metadata: expect.objectContaining({ recipient_phone: phone }) });
    expect((await smsTo(phone)).map((m) => m.body)).toEqual([
      'Bonjour Élodie & Thomas, « Mariage Élodie & Thomas » est confirmée.',
    ]);
  });

  it('a session moved to VALIDATED gets a copied automation: the seeded reminder text by SMS, the questionnaire by email, the to-do waiting; without phone or template the tasks are FAILED with the reason', async () => {
    const studio = await buildUser(t.app);
    const templates = (await request(t.app).get('/api/workflows/templates').set(as(studio)).expect(200)).body.items as {
      id: string;
      name: string;
    }[];
    const portrait = templates.find((w) => w.name === 'Portrait')!;
    const workflow = (
      await request(t.app).post('/api/workflows/copy').set(as(studio)).send({ template_id: portrait.id }).expect(201)
    ).body as { id: string; tasks: { name: string; task_type: string; timing: string }[] };
    expect(workflow.tasks.map((task) => [task.task_type, task.timing])).toEqual([
      ['SEND_SESSION_INFO_INVITE', 'IMMEDIATE'],
      ['AUTOMATIC_SMS', 'BEFORE_SESSION_START'],
      ['MANUAL', 'AFTER_APPLIED'],
    ]);
    await trigger(studio, workflow.id, {
      name: 'Validée',
      trigger_event: 'SESSION_STATUS_CHANGED',
      conditions: { operator: 'AND', conditions: [{ field: 'status', operator: 'equals', value: 'VALIDATED' }] },
    });

    const phone = `+3362${crypto.randomInt(1_000_000, 9_999_999)}`;
    const email = `ines-${crypto.randomUUID()}@example.fr`;
    const contact = await buildContact(t.app, studio, { first_name: 'Inès', email, phone_number: phone });
    const session = await buildSession(t.app, studio, {
      title: 'Portrait Inès',
      location: 'Studio',
      contact_id: contact.id,
      start_date: new Date(Date.now() + 12 * HOUR).toISOString(),
    });
    const form = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(studio))
        .send({ name: 'Portrait', fields: [{ field_key: 'style', label: 'Style', field_type: 'TEXT' }] })
        .expect(201)
    ).body as { id: string };
    await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(studio))
      .send({ template_id: form.id, responses: {} })
      .expect(200);
    await request(t.app).patch(`/api/sessions/${session.id}`).set(as(studio)).send({ status: 'VALIDATED' }).expect(200);

    const [invite, reminder] = [
      await finishedRun(studio, session.id, 'Send the session-info form'),
      await finishedRun(studio, session.id, 'Send a reminder SMS'),
    ];
    expect(invite).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ recipient_email: email }),
    });
    const [mail] = await eventually('the invitation email', async () =>
      (await mailsTo(email)).length ? mailsTo(email) : undefined,
    );
    expect(mail.text).toMatch(/\/portal\/session-info\//);
    expect(reminder).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ message_source: 'sms_template', sms_template_id: expect.any(String) }),
    });
    const [sms] = await smsTo(phone);
    expect(sms.body).toMatch(
      /^Bonjour Inès, petit rappel : votre séance « Portrait Inès » a lieu le .+ \(Studio\)\. À bientôt !$/,
    );
    expect((await taskRuns(studio, session.id)).find((r) => r.task_type === 'MANUAL')).toMatchObject({
      status: 'PENDING',
      scheduled_at: expect.any(String),
    });

    // Nobody to text, no questionnaire attached: both tasks fail, and say why.
    const bare = await buildContact(t.app, studio, { first_name: 'Noé', email: null, phone_number: null });
    const lone = await buildSession(t.app, studio, {
      title: 'Portrait Noé',
      contact_id: bare.id,
      start_date: new Date(Date.now() + 6 * HOUR).toISOString(),
    });
    await request(t.app).patch(`/api/sessions/${lone.id}`).set(as(studio)).send({ status: 'VALIDATED' }).expect(200);
    expect(await finishedRun(studio, lone.id, 'Send a reminder SMS')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/No phone number/),
    });
    expect(await finishedRun(studio, lone.id, 'Send the session-info form', 90_000)).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/session info template/i),
    });
  });

  it("an English contact of a French studio gets the SMS and email tasks in English (the templates in the contact's language, the date written for it)", async () => {
    const studio = await buildUser(t.app, { locale: 'fr-FR' });
    const workflow = (
      await request(t.app)
        .post('/api/workflows')
        .set(as(studio))
        .send({
          name: 'Accueil',
          tasks: [
            {
              name: 'Rappel',
              task_type: 'AUTOMATIC_SMS',
              actions: [{ action_type: 'AUTOMATIC_SMS', config: { sms_template_business_key: 'session-reminder' } }],
            },
            {
              name: 'Questionnaire',
              task_type: 'AUTOMATIC_EMAIL',
              actions: [
                { action_type: 'AUTOMATIC_EMAIL', config: { email_template_business_key: 'session-info-invite' } },
              ],
            },
          ],
        })
        .expect(201)
    ).body as { id: string };
    const place = `Boston-${crypto.randomUUID().slice(0, 8)}`;
    await trigger(studio, workflow.id, {
      name: 'Boston',
      trigger_event: 'SESSION_CREATED',
      conditions: { operator: 'AND', conditions: [{ field: 'location', operator: 'equals', value: place }] },
    });

    const phone = `+1617555${crypto.randomInt(1000, 9999)}`;
    const email = `emily-${crypto.randomUUID()}@example.com`;
    const emily = await buildContact(t.app, studio, {
      first_name: 'Emily',
      email,
      phone_number: phone,
      locale: 'en-US',
    });
    const session = await buildSession(t.app, studio, {
      title: 'Family portrait',
      location: place,
      contact_id: emily.id,
      start_date: '2027-03-02T15:00:00Z',
    });

    expect(await finishedRun(studio, session.id, 'Rappel')).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ message_source: 'sms_template' }),
    });
    const [sms] = await smsTo(phone);
    expect(sms.body).toMatch(
      /^Hi Emily, a quick reminder: your session "Family portrait" is on Tuesday, March 2, 2027 at .+\. See you soon!$/,
    );
    expect(await finishedRun(studio, session.id, 'Questionnaire')).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ recipient_email: email }),
    });
    const [mail] = await eventually('the task email', async () =>
      (await mailsTo(email)).length ? mailsTo(email) : undefined,
    );
    expect(mail.subject).toBe('Let\'s prepare your session "Family portrait"');
    expect(mail.text).toContain('Hi Emily');
    // The studio's name heads the html (its account name: no company profile, no logo).
    expect(mail.html).toMatch(/^<div class="studio"><strong class="studio-name">Studio Lumière<\/strong><\/div>/);
  });

  it('two triggers applying the same workflow to one session start it once: one job run, one SMS, both executions recorded', async () => {
    const studio = await buildUser(t.app);
    const workflow = await welcomeWorkflow(studio);
    const first = await trigger(studio, workflow.id, {
      name: 'Toutes',
      trigger_event: 'SESSION_CREATED',
      execution_order: 1,
    });
    const second = await trigger(studio, workflow.id, {
      name: 'Avec contact',
      trigger_event: 'SESSION_CREATED',
      execution_order: 2,
      conditions: { operator: 'AND', conditions: [{ field: 'contact_id', operator: 'is_not_null' }] },
    });
    const phone = `+3363${crypto.randomInt(1_000_000, 9_999_999)}`;
    const contact = await buildContact(t.app, studio, { first_name: 'Zoé', phone_number: phone });
    const session = await buildSession(t.app, studio, { title: 'Famille Zoé', contact_id: contact.id });

    expect(await finishedRun(studio, session.id, 'Bienvenue')).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ message_source: 'task_action' }),
    });
    for (const triggerId of [first.id, second.id]) {
      const executions = await eventually('both executions', async () => {
        const rows = (
          await request(t.app)
            .get(`/api/workflows/${workflow.id}/triggers/${triggerId}/executions`)
            .set(as(studio))
            .expect(200)
        ).body as { status: string }[];
        return rows.length ? rows : undefined;
      });
      expect(executions.map((e) => e.status)).toEqual(['COMPLETED']);
    }
    const [{ n }] = (
      await t.sequelize.query(
        `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'sessions.workflow' AND entity_id = $1`,
        { bind: [session.id] },
      )
    )[0] as { n: number }[];
    expect(n).toBe(1);
    expect((await smsTo(phone)).map((m) => m.body)).toEqual(['Bienvenue Zoé !']);
  });

  it("an SMS recipient typed without a country code is read in the client's country, else the studio's; a number that is none fails its task with the reason", async () => {
    const studio = await buildUser(t.app);
    const workflow = await welcomeWorkflow(studio);
    await trigger(studio, workflow.id, { name: 'Toutes', trigger_event: 'SESSION_CREATED' });
    const welcome = async (contact: Record<string, unknown>) => {
      const { id } = await buildContact(t.app, studio, contact);
      const session = await buildSession(t.app, studio, {
        title: `Séance ${String(contact.first_name)}`,
        contact_id: id,
      });
      return finishedRun(studio, session.id, 'Bienvenue');
    };

    // A British client of a French studio, her number as the UK writes it.
    // (A fixed number: the UK allots its mobile ranges block by block, not every 07911 is one.)
    const uk = '7911123456';
    const british = await welcome({ first_name: 'Emily', phone_number: '07911 123456', country: 'Royaume-Uni' });
    expect(british).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ recipient_phone: `+44${uk}` }),
    });
    expect((await smsTo(`+44${uk}`)).map((m) => m.body)).toEqual(['Bienvenue Emily !']);

    // Written with 00 instead of +.
    const mobile = `64${crypto.randomInt(1_000_000, 9_999_999)}`;
    expect(await welcome({ first_name: 'Hugo', phone_number: `00 33 ${mobile}` })).toMatchObject({
      status: 'COMPLETED',
      metadata: expect.objectContaining({ recipient_phone: `+33${mobile}` }),
    });

    // Too short to be a number: nothing is sent, and the studio reads why.
    const short = await welcome({ first_name: 'Inès', phone_number: '06 12' });
    expect(short).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/^The phone number "06 12" is not a valid number in FR/),
    });
  });
});

describe('an event written while the Temporal server is stopped', () => {
  let worker: WorkerProcess | undefined;
  afterAll(() => worker?.kill('SIGTERM'));

  it('is evaluated once the server is back, and the request that wrote it succeeded meanwhile', async () => {
    // A Temporal server of this test's own, with its history on disk so it can be restarted.
    const dir = path.join(testStackDir, 'temporal-outage', String(process.pid));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const port = await freePort();
    // With this lane's namespace, which its worker polls (docs/testing.md, "Lanes").
    const namespace = process.env.TEMPORAL_NAMESPACE ?? 'default';
    const server = {
      port,
      dbFile: path.join(dir, 'temporal.db'),
      logDir: dir,
      namespaces: namespace === 'default' ? [] : [namespace],
    };
    let temporal = await startTemporal(server);
    try {
      const logFile = path.join(testStackDir, 'logs', `outage-worker-${process.pid}.log`);
      worker = await startWorkerProcess('workers/main.ts', logFile, 'worker started', 180_000, {
        LOG_LEVEL: 'info',
        TEMPORAL_ADDRESS: `127.0.0.1:${port}`,
        WORKER_TASK_QUEUES: 'automation',
        WORKER_METRICS_PORT: String(await freePort()),
      });
      const studio = await buildUser(t.app);
      const workflow = (
        await request(t.app).post('/api/workflows').set(as(studio)).send({ name: 'Nouveaux contacts' }).expect(201)
      ).body as { id: string };
      const onContact = await trigger(studio, workflow.id, { name: 'Tout contact', trigger_event: 'CONTACT_CREATED' });

      await temporal.stop();
      await eventually('the relay to pause', async () =>
        worker!
          .logLines()
          .some((l) => l.msg === 'outbox relay paused: Temporal is unreachable; events wait in the outbox'),
      );
      const contact = await buildContact(t.app, studio, { first_name: 'Pendant la panne' });
      const [waiting] = (
        await t.sequelize.query('SELECT dispatched_at FROM outbox_events WHERE entity_id = $1', { bind: [contact.id] })
      )[0] as { dispatched_at: Date | null }[];
      expect(waiting.dispatched_at).toBeNull();

      temporal = await startTemporal(server);
      const executions = await eventually(
        'the evaluation after the restart',
        async () => {
          const rows = (
            await request(t.app)
              .get(`/api/workflows/${workflow.id}/triggers/${onContact.id}/executions`)
              .set(as(studio))
              .expect(200)
          ).body as { entity_id: string; status: string }[];
          return rows.length ? rows : undefined;
        },
        120_000,
      );
      expect(executions).toEqual([expect.objectContaining({ entity_id: contact.id, status: 'SKIPPED' })]);
      expect(worker.logLines().some((l) => l.msg === 'outbox relay resumed: Temporal is reachable again')).toBe(true);
    } finally {
      await worker?.kill('SIGTERM');
      await temporal.stop();
    }
  }, 300_000);
});
