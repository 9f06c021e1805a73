// Operations through HTTP against the real stack: /ops/status, the alert test, the queue board
// (basic auth, a dead-lettered job replayed from the page in headless Chromium, a stuck one
// terminated through the JSON twin) and the gauges on /metrics.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { JobRun } from '../../../db/models/JobRun';
import { startJob } from '../../../lib/jobs/start-job';
import { freePort } from '../../../scripts/stack/wait';
import { adminUser, buildUser } from '../../factories/users';
import { FIXTURE_TABLES_SQL } from '../../fixtures/job-activities';
import { SWITCHED_JOB, TWO_STEP_JOB } from '../../fixtures/job-contracts';
import { asTableOwner } from '../../helpers/as-owner';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir, tsxCommand } from '../../setup/paths';
import { mailsTo } from '../../helpers/mail';
import { as } from '../../helpers/auth';

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const BOARD = {
  QUEUE_BOARD_BASIC_AUTH_USER: 'night-shift',
  QUEUE_BOARD_BASIC_AUTH_PASSWORD: 'correct horse battery staple',
};

let t: TestApp;
let worker: WorkerProcess;
let admin: string;
/** A local stand-in for the chat webhook (a Slack-compatible incoming webhook). */
let receiver: http.Server;
let receiverUrl: string;
const received: { path: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  // As the owner: the api's role creates no table (the default privileges grant it these).
  await asTableOwner(t.sequelize, [[FIXTURE_TABLES_SQL]]);
  worker = await startWorkerProcess(
    'test/fixtures/job-worker.ts',
    path.join(testStackDir, 'logs', `ops-fixture-worker-${process.pid}.log`),
    'fixture worker ready',
  );
  admin = (await adminUser(t.app)).token;
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body || '{}') });
      res.writeHead(req.url === '/broken' ? 500 : 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  await worker?.kill('SIGTERM');
  await new Promise((resolve) => receiver?.close(resolve));
  await t.close();
});

const basic = (user: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
const finished = (jobRunId: string) =>
  eventually(`job run ${jobRunId} to finish`, async () => {
    const run = await JobRun.findByPk(jobRunId);
    return run && run.status !== 'RUNNING' ? run : undefined;
  });

describe('GET /ops/status', () => {
  it('reports each configured host up or down with its latency, from the configured addresses only', async () => {
    const closed = await freePort();
    const app = t.appWith({
      OPS_QUEUE_BOARD_URL: `${t.baseUrl}/ops/queues/health`,
      OPS_DASHBOARD_URL: `http://127.0.0.1:${closed}/api/health`,
      OPS_METRICS_URL: '',
    });
    const res = await request(app)
      .get('/ops/status')
      .set(as({ token: admin }))
      .query({ url: 'http://169.254.169.254/' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('degraded');
    expect(res.body.hosts).toEqual([
      { name: 'queue_board', url: `${t.baseUrl}/ops/queues/health`, status: 'up', latencyMs: expect.any(Number) },
      {
        name: 'dashboard',
        url: `http://127.0.0.1:${closed}/api/health`,
        status: 'down',
        latencyMs: expect.any(Number),
        error: 'ECONNREFUSED',
      },
      { name: 'metrics', url: null, status: 'not_configured' },
    ]);
  });

  it('is for admins only', async () => {
    const user = await buildUser(t.app);
    expect((await request(t.app).get('/ops/status').set(as(user))).status).toBe(403);
    expect((await request(t.app).get('/ops/status')).status).toBe(401);
    expect((await request(t.app).post('/observability/alerts/test').set(as(user))).status).toBe(403);
  });
});

describe('POST /observability/alerts/test', () => {
  it('reaches the chat webhook with a Slack-compatible message and the alert address through the mail sink', async () => {
    const to = `oncall-${crypto.randomUUID()}@studio.test`;
    const app = t.appWith({ ALERT_CHAT_WEBHOOK_URL: `${receiverUrl}/hook`, ALERT_EMAIL_TO: to });
    const res = await request(app)
      .post('/observability/alerts/test')
      .set(as({ token: admin }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ channels: { chat: { status: 'sent' }, email: { status: 'sent' } } });
    const hook = received.find((r) => r.path === '/hook')!;
    expect(hook.body.text).toMatch(/^\[TEST\] Studio service alert test, requested by ops-admin@studio\.test/);
    const mail = await eventually('the alert mail', async () => (await mailsTo(to))[0]);
    expect(mail.subject).toBe('[TEST] Studio service alert test');
  });

  it('says which channel is not configured and why one failed', async () => {
    const res = await request(t.appWith({ ALERT_CHAT_WEBHOOK_URL: `${receiverUrl}/broken`, ALERT_EMAIL_TO: '' }))
      .post('/observability/alerts/test')
      .set(as({ token: admin }));
    expect(res.body).toEqual({
      channels: {
        chat: { status: 'failed', reason: 'the webhook answered HTTP 500' },
        email: { status: 'not_configured' },
      },
    });
  });
});

describe('the queue board /ops/queues', () => {
  const board = () => t.appWith(BOARD);

  it('asks for its password, compares it, and stays closed while none is set', async () => {
    expect((await request(board()).get('/ops/queues')).status).toBe(401);
    expect((await request(board()).get('/ops/queues').set(basic('night-shift', 'wrong'))).status).toBe(401);
    expect(
      (
        await request(board())
          .get('/ops/queues/api/queues')
          .set(basic('intruder', BOARD.QUEUE_BOARD_BASIC_AUTH_PASSWORD))
      ).status,
    ).toBe(401);
    expect((await request(t.appWith({ QUEUE_BOARD_BASIC_AUTH_PASSWORD: '' })).get('/ops/queues')).status).toBe(503);
    const ok = await request(board())
      .get('/ops/queues/api/queues')
      .set(basic('night-shift', BOARD.QUEUE_BOARD_BASIC_AUTH_PASSWORD));
    expect(ok.status).toBe(200);
    expect(ok.body.queues.map((q: { queue: string }) => q.queue)).toEqual(
      expect.arrayContaining(['exports', 'maintenance']),
    );
    expect(ok.body.queues[0]).toEqual({
      queue: expect.any(String),
      backlog: expect.any(Number),
      workflowBacklog: expect.any(Number),
      activityBacklog: expect.any(Number),
      pollers: expect.any(Number),
      oldestTaskAgeSeconds: expect.any(Number),
    });
  });

  it('shows a job that failed for good, lets an admin replay it from the page in a browser, and the replay completes', async () => {
    const switchName = `board-${crypto.randomUUID()}`;
    const run = await startJob(
      t.sequelize,
      t.temporal.client,
      SWITCHED_JOB,
      switchName,
      { switchName },
      { requestId: 'req-board' },
    );
    expect(await finished(run.id)).toMatchObject({ status: 'FAILED', in_dlq: true });

    const auth = basic('night-shift', BOARD.QUEUE_BOARD_BASIC_AUTH_PASSWORD);
    const listed = await request(board())
      .get('/ops/queues/api/runs')
      .query({ job_name: 'test.switched', dlq: 'true' })
      .set(auth)
      .expect(200);
    const row = listed.body.runs.find((r: { id: string }) => r.id === run.id);
    expect(row).toMatchObject({
      status: 'FAILED',
      in_dlq: true,
      error: `Printer ${switchName} is on fire`,
      temporalUrl: expect.stringContaining(`/workflows/${encodeURIComponent(run.workflow_id)}/`),
    });
    const counts = (await request(board()).get('/ops/queues/api/queues').set(auth)).body.jobs.find(
      (j: { jobName: string }) => j.jobName === 'test.switched',
    );
    expect(counts.deadLettered).toBeGreaterThanOrEqual(1);

    // The gauge the dead-letter alert reads, on the api's /metrics.
    const metrics = await request(t.app).get('/metrics');
    expect(metrics.text).toMatch(/^dead_letter_queue_depth\{jobName="test\.switched"[^}]*\} [1-9]/m);
    expect(metrics.text).toMatch(/^queue_depth\{queue="exports"[^}]*\} \d+/m);
    expect(metrics.text).toMatch(/^# TYPE ai_cost_cents_total counter$/m);

    // A form posted from elsewhere (no token) is refused; the page's own form works.
    expect(
      (await request(board()).post(`/ops/queues/runs/${run.id}/replay`).set(auth).type('form').send({})).status,
    ).toBe(403);
    await t.sequelize.query('INSERT INTO test_job_switches (name, is_on) VALUES ($1, true)', { bind: [switchName] });
    const server = http.createServer(board());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ops/queues?job_name=test.switched&dlq=true`;
      const { stdout } = await execFileAsync(
        ...tsxCommand(
          path.join(repoRoot, 'test/helpers/queue-board-browser.ts'),
          JSON.stringify({
            url,
            chromiumPath: t.config.CHROMIUM_PATH,
            user: 'night-shift',
            password: BOARD.QUEUE_BOARD_BASIC_AUTH_PASSWORD,
            runId: run.id,
            action: 'replay',
          }),
        ),
        { cwd: repoRoot, timeout: 60_000 },
      );
      const seen = JSON.parse(stdout.trim().split('\n').pop()!) as { notice: string };
      expect(seen.notice).toMatch(new RegExp(`^Replayed ${run.id} as [0-9a-f-]{36}\\.$`));
      const replayId = /as ([0-9a-f-]{36})/.exec(seen.notice)![1];
      expect(await finished(replayId)).toMatchObject({
        status: 'COMPLETED',
        replay_of: run.id,
        result: `printed on ${switchName}`,
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const original = await JobRun.findByPk(run.id);
    expect(original).toMatchObject({ in_dlq: false, status: 'FAILED' });
  }, 120_000);

  it('terminates a stuck run through the JSON twin, which then sits in the dead-letter queue', async () => {
    const auth = basic('night-shift', BOARD.QUEUE_BOARD_BASIC_AUTH_PASSWORD);
    const key = crypto.randomUUID();
    const run = await startJob(t.sequelize, t.temporal.client, TWO_STEP_JOB, key, { slowMs: 120_000 });
    // JSON only: a cross-site form cannot send this content type.
    expect(
      (await request(board()).post(`/ops/queues/api/runs/${run.id}/terminate`).set(auth).type('form').send({})).status,
    ).toBe(415);
    const res = await request(board()).post(`/ops/queues/api/runs/${run.id}/terminate`).set(auth).send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jobRunId: run.id, status: 'FAILED', in_dlq: true });
    const description = await t.temporal.client.workflow.getHandle(run.workflow_id).describe();
    expect(description.status.name).toBe('TERMINATED');
    // Once more: it is no longer running.
    expect((await request(board()).post(`/ops/queues/api/runs/${run.id}/terminate`).set(auth).send({})).status).toBe(
      409,
    );
    expect(
      (await request(board()).post(`/ops/queues/api/runs/${crypto.randomUUID()}/replay`).set(auth).send({})).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(`/admin/jobs/${crypto.randomUUID()}/replay`)
          .set(as({ token: admin }))
      ).status,
    ).toBe(404);
  });

  it("purges a job name's dead-letter entries once its name is typed, through the page's form or the JSON twin, and keeps them as history", async () => {
    const auth = basic('night-shift', BOARD.QUEUE_BOARD_BASIC_AUTH_PASSWORD);
    const runs = await Promise.all(
      [1, 2].map(() =>
        startJob(t.sequelize, t.temporal.client, SWITCHED_JOB, `purge-${crypto.randomUUID()}`, {
          switchName: `purge-${crypto.randomUUID()}`,
        }),
      ),
    );
    for (const run of runs) expect(await finished(run.id)).toMatchObject({ status: 'FAILED', in_dlq: true });
    const page = await request(board()).get('/ops/queues').set(auth).expect(200);
    expect(page.text).toContain('data-action="purge" data-job="test.switched"');
    const token = /name="token" value="([^"]+)"/.exec(page.text)![1];

    // Without the page's token, or with the wrong name typed, nothing is purged.
    expect(
      (
        await request(board())
          .post('/ops/queues/jobs/test.switched/purge')
          .set(auth)
          .type('form')
          .send({ confirm: 'test.switched' })
      ).status,
    ).toBe(403);
    const mistyped = await request(board())
      .post('/ops/queues/jobs/test.switched/purge')
      .set(auth)
      .type('form')
      .send({ token, confirm: 'test.switch' });
    expect(mistyped.status).toBe(303);
    expect(decodeURIComponent(mistyped.headers.location)).toMatch(/Not done: Type the job name/);
    expect(
      (
        await request(board())
          .post('/ops/queues/api/jobs/test.switched/purge')
          .set(auth)
          .type('form')
          .send({ confirm: 'test.switched' })
      ).status,
    ).toBe(415);
    expect((await request(board()).post('/ops/queues/api/jobs/test.switched/purge').set(auth).send({})).status).toBe(
      400,
    );
    for (const run of runs) expect(await JobRun.findByPk(run.id)).toMatchObject({ in_dlq: true, purged_at: null });

    const purged = await request(board())
      .post('/ops/queues/jobs/test.switched/purge')
      .set(auth)
      .type('form')
      .send({ token, confirm: 'test.switched' });
    expect(decodeURIComponent(purged.headers.location)).toMatch(/Purged \d+ dead-letter entries of test\.switched\./);
    for (const run of runs) {
      const row = await JobRun.findByPk(run.id);
      expect(row).toMatchObject({ status: 'FAILED', in_dlq: false, purged_at: expect.any(Date) });
    }
    const counts = (await request(board()).get('/ops/queues/api/queues').set(auth)).body.jobs.find(
      (j: { jobName: string }) => j.jobName === 'test.switched',
    );
    expect(counts.deadLettered).toBe(0);
    // A purged run is history, not a replay candidate; a second purge finds nothing.
    expect(
      (
        await request(t.app)
          .post(`/admin/jobs/${runs[0].id}/replay`)
          .set(as({ token: admin }))
      ).status,
    ).toBe(409);
    const again = await request(board())
      .post('/ops/queues/api/jobs/test.switched/purge')
      .set(auth)
      .send({ confirm: 'test.switched' });
    expect(again.body).toEqual({ jobName: 'test.switched', purged: 0, jobRunIds: [] });
  });
});
