// Exports through HTTP against the real stack: the api (with Socket.IO) in-process, the real
// worker process rendering into the S3 server.
import crypto from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { ExportJob } from '../../../db/models/ExportJob';
import { exportKeys } from '../../../domain/exports/columns';
import { recordJobRun } from '../../../db/commands/job-runs';
import { deadLetterJobRun } from '../../../db/commands/dead-letter-job-run';
import { EXPORT_JOB, type ExportPayload } from '../../../workflows/exports/contract';
import { buildContact } from '../../factories/contacts';
import { adminUser, buildUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { mailsTo } from '../../helpers/mail';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  // As docker-compose runs the exports worker: workflow code on the main thread.
  worker = await startMainWorker('exports');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

describe('GET /api/export (synchronous)', () => {
  it('answers a link to a csv a French studio opens as written: BOM, headers, accents, chosen fields in order', async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner, { first_name: 'Élodie', last_name: 'Garçon', city: 'Besançon' });
    const res = await request(t.app)
      .get('/api/export')
      .query({ entity: 'contacts', format: 'csv', fields: 'last_name,first_name,city' })
      .set(as(owner));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: expect.stringMatching(/^http/),
      key: expect.stringContaining(owner.id),
      filename: expect.stringMatching(/\.csv$/),
      expiration: 3600,
    });
    const file = await download(res.body.url);
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = file.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Last Name,First Name,City');
    expect(lines[1]).toBe('Garçon,Élodie,Besançon');
  });

  it('uses the default template when no fields are given', async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner, { first_name: 'Zoé', email: 'zoe@example.fr' });
    await request(t.app)
      .post('/api/export-templates')
      .set(as(owner))
      .send({ name: 'Emails', entity: 'contacts', format: 'csv', selected_fields: ['email'], is_default: true })
      .expect(201);
    const res = await request(t.app)
      .get('/api/export')
      .query({ entity: 'contacts', format: 'csv' })
      .set(as(owner))
      .expect(200);
    const lines = (await download(res.body.url)).subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines).toEqual(['Email', 'zoe@example.fr']);
  });

  it("follows the owner's preferences: a French spreadsheet's csv, dates in the owner's zone", async () => {
    const owner = await buildUser(t.app);
    const prefs = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(owner))
      .send({ csv_dialect: 'excel-fr', time_zone: 'America/New_York' });
    expect(prefs.status).toBe(200);
    expect(prefs.body).toMatchObject({ csv_dialect: 'excel-fr', time_zone: 'America/New_York' });
    expect(
      (await request(t.app).patch('/api/users/me/preferences').set(as(owner)).send({ time_zone: 'Mars/Olympus' }))
        .status,
    ).toBe(400);
    expect(
      (await request(t.app).patch('/api/users/me/preferences').set(as(owner)).send({ time_zone: '+05:30' })).status,
    ).toBe(400);
    // A tz link Intl does not list, and a name in the wrong case, are the zones their owners meant.
    expect(
      (
        await request(t.app)
          .patch('/api/users/me/preferences')
          .set(as(owner))
          .send({ time_zone: 'Asia/Kolkata' })
          .expect(200)
      ).body.time_zone,
    ).toBe('Asia/Kolkata');
    expect(
      (
        await request(t.app)
          .patch('/api/users/me/preferences')
          .set(as(owner))
          .send({ time_zone: 'america/new_york' })
          .expect(200)
      ).body.time_zone,
    ).toBe('America/New_York');
    await t.sequelize.query(
      "INSERT INTO quotes (owner_id, title, amount, created_at) VALUES ($1, 'Mariage Léa', 1234.5, '2026-07-01T12:30:00Z')",
      { bind: [owner.id] },
    );

    const res = await request(t.app)
      .get('/api/export')
      .query({ entity: 'quotes', format: 'csv', fields: 'title,amount,created_at' })
      .set(as(owner))
      .expect(200);
    const lines = (await download(res.body.url)).subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines).toEqual(['Title;Amount;Created At', 'Mariage Léa;1234,50;2026-07-01 08:30:00']);

    // The query parameter wins over the preference.
    const rfc = await request(t.app)
      .get('/api/export')
      .query({ entity: 'quotes', format: 'csv', fields: 'title,amount', csv_dialect: 'rfc4180' })
      .set(as(owner))
      .expect(200);
    expect((await download(rfc.body.url)).subarray(3).toString('utf8').trim().split(/\r?\n/)).toEqual([
      'Title,Amount',
      'Mariage Léa,1234.50',
    ]);
  });

  it('gives an xlsx with typed cells and a pdf whose text shows the rows', async () => {
    const owner = await buildUser(t.app);
    await t.sequelize.query(
      "INSERT INTO sessions (owner_id, title, location, start_date) VALUES ($1, 'Séance famille Noël', 'Forêt de Fontainebleau', '2026-12-20T09:00:00Z'), ($1, 'Portrait Chloé', 'Studio', NULL)",
      { bind: [owner.id] },
    );
    const xlsx = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'excel', fields: 'title,start_date,location' })
      .set(as(owner))
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(xlsx.body.url)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Title', 'Date', 'Location']);
    const rows = [2, 3].map((r) => sheet.getRow(r));
    const noel = rows.find((r) => r.getCell(1).value === 'Séance famille Noël')!;
    expect(noel.getCell(2).value).toBeInstanceOf(Date); // a date cell, not text
    expect(noel.getCell(3).value).toBe('Forêt de Fontainebleau');

    const pdf = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'pdf', fields: 'title,location' })
      .set(as(owner))
      .expect(200);
    const text = await pdfTextAt(pdf.body.url, {
      keepAs: path.join(testStackDir, `export-${crypto.randomUUID()}.pdf`),
    });
    expect(text).toMatch(/Séance famille Noël\s+Forêt de Fontainebleau/);
    expect(text).toMatch(/Portrait Chloé/);
  });

  it('refuses invalid fields with a message naming the entity, the invalid and the valid fields', async () => {
    const owner = await buildUser(t.app);
    const res = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'excel', fields: 'title,price' })
      .set(as(owner));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Invalid fields for sessions: price. Valid fields: ${exportKeys('sessions').join(', ')}`,
    );
  });

  it('refuses a synchronous pdf past its row limit and points to the async export', async () => {
    const owner = await buildUser(t.app);
    await t.sequelize.query(
      "INSERT INTO sessions (owner_id, title) SELECT $1, 'Séance ' || g FROM generate_series(1, 5001) g",
      { bind: [owner.id] },
    );
    const res = await request(t.app).get('/api/export').query({ entity: 'sessions', format: 'pdf' }).set(as(owner));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('export_too_large');
    expect(res.body.message).toMatch(/\/api\/export\/async/);
  });

  it('limits each user to 10 synchronous and 5 asynchronous exports a minute, with Retry-After', async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    // Invalid requests count too (the limit is checked before validation), and start no job.
    for (let i = 0; i < 10; i += 1)
      expect((await request(t.app).get('/api/export').query({ entity: 'nope' }).set(as(owner))).status).toBe(400);
    const limited = await request(t.app).get('/api/export').query({ entity: 'nope' }).set(as(owner));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 5; i += 1)
      expect((await request(t.app).get('/api/export/async').query({ entity: 'nope' }).set(as(owner))).status).toBe(400);
    expect((await request(t.app).get('/api/export/async').query({ entity: 'nope' }).set(as(owner))).status).toBe(429);
    // Another user has their own count.
    expect((await request(t.app).get('/api/export').query({ entity: 'nope' }).set(as(other))).status).toBe(400);
  });
});

describe('GET /api/export/async', () => {
  let socket: Socket | undefined;
  afterEach(() => socket?.disconnect());

  it('answers 202 at once and pushes export.completed to the owner over Socket.IO; polling gives the same file', async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner, { first_name: 'Anaïs', last_name: 'Müller' });
    socket = connect(t.baseUrl!, { auth: { token: owner.token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const events: Record<string, unknown>[] = [];
    socket.on('export.completed', (e: Record<string, unknown>) => events.push(e));

    const requestId = `req-async-${crypto.randomUUID()}`;
    const res = await request(t.app)
      .get('/api/export/async')
      .query({ entity: 'contacts', format: 'excel', fields: 'first_name,last_name' })
      .set(as(owner))
      .set('X-Request-ID', requestId);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      jobRunId: expect.any(String),
      status: 'RUNNING',
      statusUrl: `/api/export/jobs/${res.body.jobRunId}`,
    });

    const event = await eventually(
      'export.completed on the socket',
      async () => events.find((e) => e.jobRunId === res.body.jobRunId),
      30_000,
    );
    expect(event).toMatchObject({
      url: expect.any(String),
      key: expect.stringContaining(owner.id),
      filename: expect.stringMatching(/\.xlsx$/),
      expiration: 3600,
    });
    expect((await download(event.url as string)).subarray(0, 2).toString()).toBe('PK'); // a zip: a real xlsx

    // The correlation chain: the request's id is on the job's log lines in the worker process.
    const jobLines = worker.logLines().filter((l) => l.jobRunId === res.body.jobRunId);
    expect(jobLines.find((l) => l.msg === 'Job started')).toMatchObject({ requestId, jobName: 'export', attempt: 1 });
    expect(
      await eventually('Job completed in the worker log', async () =>
        worker.logLines().find((l) => l.msg === 'Job completed' && l.jobRunId === res.body.jobRunId),
      ),
    ).toMatchObject({ requestId, duration: expect.any(Number) });

    const polled = await request(t.app).get(res.body.statusUrl).set(as(owner)).expect(200);
    expect(polled.body).toMatchObject({
      jobRunId: res.body.jobRunId,
      status: 'COMPLETED',
      key: event.key,
      filename: event.filename,
      rowCount: 1,
    });

    // Someone else cannot see the job, nor is told it exists.
    const other = await buildUser(t.app);
    expect((await request(t.app).get(res.body.statusUrl).set(as(other))).status).toBe(404);
  });

  it('refuses a socket without a valid token', async () => {
    socket = connect(t.baseUrl!, { auth: { token: 'forged' }, transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket!.once('connect_error', resolve));
    expect(error.message).toMatch(/unauthorized/);
  });
});

describe('scheduled exports', () => {
  it('fire on their Temporal Schedule, export with the template, and mail the link', async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner, { first_name: 'Hélène', last_name: 'Dupré' });
    const template = await request(t.app)
      .post('/api/export-templates')
      .set(as(owner))
      .send({ name: 'Noms', entity: 'contacts', format: 'csv', selected_fields: ['last_name'] })
      .expect(201);
    const recipient = `compta-${crypto.randomUUID()}@studio.test`;
    const created = await request(t.app)
      .post('/api/scheduled-exports')
      .set(as(owner))
      .send({
        export_template_id: template.body.id,
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
        recurrence_pattern: { frequency: 'weekly', interval: 1 },
        send_email: true,
        email_recipient: recipient,
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      entity: 'contacts',
      format: 'csv',
      is_active: true,
      next_run_at: expect.any(String),
    });

    // Fire it now, as the schedule would at its time.
    const scheduleId = `scheduled-export:${created.body.id}`;
    await t.temporal.client.schedule.getHandle(scheduleId).trigger();
    const mails = await eventually('the export link mail', async () => (await mailsTo(recipient))[0]);
    const url = /(https?:\/\/\S+)/.exec(mails.text)![1];
    const lines = (await download(url)).subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines).toEqual(['Last Name', 'Dupré']);

    const list = await request(t.app).get('/api/scheduled-exports').set(as(owner)).expect(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].last_run_at).not.toBeNull();

    const paused = await request(t.app)
      .post(`/api/scheduled-exports/${created.body.id}/pause`)
      .set(as(owner))
      .expect(200);
    expect(paused.body.is_active).toBe(false);
    expect((await t.temporal.client.schedule.getHandle(scheduleId).describe()).state.paused).toBe(true);
    await request(t.app).delete(`/api/scheduled-exports/${created.body.id}`).set(as(owner)).expect(204);
    await expect(t.temporal.client.schedule.getHandle(scheduleId).describe()).rejects.toThrow();
  });

  it('refuses a template that is not the owner', async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const template = await request(t.app)
      .post('/api/export-templates')
      .set(as(other))
      .send({ name: 'x', entity: 'contacts', format: 'csv', selected_fields: ['email'] })
      .expect(201);
    const res = await request(t.app)
      .post('/api/scheduled-exports')
      .set(as(owner))
      .send({ export_template_id: template.body.id, scheduled_at: new Date(Date.now() + 60_000).toISOString() });
    expect(res.status).toBe(400);
  });
});

describe('a synchronous export that outlasts EXPORT_SYNC_TIMEOUT_SECONDS', () => {
  it('answers 504 export_timeout naming the job to poll, and the job still finishes', async () => {
    const impatient = { app: t.appWith({ EXPORT_SYNC_TIMEOUT_SECONDS: 5 }) };
    const owner = await buildUser(impatient.app);
    await buildContact(impatient.app, owner, { first_name: 'Inès', last_name: 'Lenteur' });
    // A frozen worker (a long garbage collection, a saturated host): the job cannot progress.
    process.kill(worker.pid, 'SIGSTOP');
    let res: request.Response;
    try {
      res = await request(impatient.app)
        .get('/api/export')
        .query({ entity: 'contacts', format: 'csv', fields: 'last_name' })
        .set(as(owner));
    } finally {
      process.kill(worker.pid, 'SIGCONT');
    }
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: 'export_timeout', message: expect.stringContaining('/api/export/jobs/') });
    const statusUrl = /(\/api\/export\/jobs\/[0-9a-f-]+)/.exec(res.body.message)![1];

    const done = await eventually(
      'the timed-out export to finish',
      async () => {
        const polled = await request(impatient.app).get(statusUrl).set(as(owner));
        return polled.body.status === 'COMPLETED' ? polled.body : undefined;
      },
      60_000,
    );
    expect(done).toMatchObject({ rowCount: 1, filename: expect.stringMatching(/\.csv$/) });
    expect((await download(done.url)).subarray(3).toString('utf8').trim().split(/\r?\n/)).toEqual([
      'Last Name',
      'Lenteur',
    ]);
  }, 90_000);
});

describe('a scheduled export left to its schedule', () => {
  it('fires at scheduled_at by itself, then is due again a day later', async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner, { first_name: 'Noémie', last_name: 'Horloge' });
    const scheduledAt = new Date(Math.ceil((Date.now() + 8_000) / 1000) * 1000);
    const created = await request(t.app)
      .post('/api/scheduled-exports')
      .set(as(owner))
      .send({
        entity: 'contacts',
        format: 'csv',
        selected_fields: ['last_name'],
        scheduled_at: scheduledAt.toISOString(),
        recurrence_pattern: { frequency: 'daily', interval: 1 },
      })
      .expect(201);
    expect(Date.parse(created.body.next_run_at)).toBe(scheduledAt.getTime());

    const fired = await eventually(
      'the first fire of the schedule',
      async () => {
        const got = await request(t.app).get(`/api/scheduled-exports/${created.body.id}`).set(as(owner)).expect(200);
        return got.body.last_run_at ? got.body : undefined;
      },
      60_000,
    );
    expect(Date.parse(fired.last_run_at)).toBeGreaterThanOrEqual(scheduledAt.getTime());
    expect(Date.parse(fired.next_run_at)).toBe(scheduledAt.getTime() + 86_400_000);
    const [row] = await t.sequelize.query<{ status: string; row_count: number }>(
      'SELECT status, row_count FROM export_jobs WHERE scheduled_export_id = $1',
      {
        bind: [created.body.id],
        type: QueryTypes.SELECT,
      },
    );
    expect(row).toEqual({ status: 'COMPLETED', row_count: 1 });
    await request(t.app).delete(`/api/scheduled-exports/${created.body.id}`).set(as(owner)).expect(204);
  }, 90_000);
});

describe('an async export replayed from the dead-letter queue', () => {
  it("completes its export job and the first job id polls the replay's file", async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner, { first_name: 'Jules', last_name: 'Reprise' });
    const [{ org_id: orgId }] = await t.sequelize.query<{ org_id: string }>('SELECT org_id FROM users WHERE id = $1', {
      bind: [owner.id],
      type: QueryTypes.SELECT,
    });
    // What a first run that failed for good leaves: its export_jobs row FAILED, its job run in the DLQ.
    const exportJob = await ExportJob.create({
      owner_id: owner.id,
      entity: 'contacts',
      format: 'csv',
      selected_fields: ['last_name'],
      status: 'RUNNING',
    });
    const payload: ExportPayload = {
      ownerId: owner.id,
      orgId,
      entity: 'contacts',
      format: 'csv',
      fields: ['last_name'],
      csvDialect: 'rfc4180',
      timeZone: 'Europe/Paris',
      mode: 'async',
      exportJobId: exportJob.id,
    };
    const failed = await recordJobRun(t.sequelize, {
      jobName: EXPORT_JOB.jobName,
      workflowType: EXPORT_JOB.workflowType,
      taskQueue: EXPORT_JOB.taskQueue,
      workflowId: `${EXPORT_JOB.workflowId(owner.id)}:${crypto.randomUUID()}`,
      payload,
      userId: owner.id,
      orgId,
    });
    await deadLetterJobRun(t.sequelize, failed.id, 'S3 was unreachable');
    await exportJob.update({
      status: 'FAILED',
      job_run_id: failed.id,
      error: 'S3 was unreachable',
      finished_at: new Date(),
    });
    const before = await request(t.app).get(`/api/export/jobs/${failed.id}`).set(as(owner)).expect(200);
    expect(before.body).toMatchObject({ status: 'FAILED', error: 'S3 was unreachable' });

    const admin = await adminUser(t.app);
    const replay = await request(t.app).post(`/admin/jobs/${failed.id}/replay`).set(as(admin)).expect(202);

    const polled = await eventually(
      'the replay to complete',
      async () => {
        const res = await request(t.app).get(`/api/export/jobs/${failed.id}`).set(as(owner));
        return res.body.status === 'COMPLETED' ? res.body : undefined;
      },
      60_000,
    );
    expect(polled).toMatchObject({ rowCount: 1, filename: expect.stringMatching(/\.csv$/) });
    expect((await download(polled.url)).subarray(3).toString('utf8').trim().split(/\r?\n/)).toEqual([
      'Last Name',
      'Reprise',
    ]);
    await exportJob.reload();
    expect(exportJob).toMatchObject({
      status: 'COMPLETED',
      job_run_id: replay.body.jobRunId,
      error: null,
      row_count: 1,
    });
  }, 90_000);
});
