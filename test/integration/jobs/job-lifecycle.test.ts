// The job contract's edges against the real stack: a start while Temporal is down, concurrent
// replays, the request id from the api's access log to the worker's lines, and the reconciler
// (the real worker process and its Temporal Schedule) settling runs that Temporal has closed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Op } from 'sequelize';
import request from 'supertest';
import { JobRun } from '../../../db/models/JobRun';
import { UnavailableError } from '../../../domain/errors';
import { startJob } from '../../../lib/jobs/start-job';
import { RECONCILE_JOB_RUNS } from '../../../workflows/maintenance/contract';
import { buildInvoice } from '../../factories/invoices';
import { adminUser, buildUser } from '../../factories/users';
import { FIXTURE_TABLES_SQL } from '../../fixtures/job-activities';
import { FIXTURE_TASK_QUEUE, SWITCHED_JOB, TWO_STEP_JOB } from '../../fixtures/job-contracts';
import { asTableOwner } from '../../helpers/as-owner';
import { readLogLines } from '../../helpers/log-lines';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import {
  eventually,
  startWorkerProcess,
  type OwnWorkerProcess,
  type WorkerProcess,
} from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { freePort } from '../../../scripts/stack/wait';
import { as } from '../../helpers/auth';

const logDir = path.join(testStackDir, 'logs');
const apiLog = path.join(logDir, `lifecycle-api-${process.pid}.log`);
const workerLog = path.join(logDir, `lifecycle-worker-${process.pid}.log`);

let t: TestApp;
let fixtureWorker: WorkerProcess;
let worker: OwnWorkerProcess;
let admin: { token: string };
let workerMetricsPort: number;
beforeAll(async () => {
  t = await startTestApp({ logFile: apiLog });
  // As the owner: the api's role creates no table (the default privileges grant it these).
  await asTableOwner(t.sequelize, [[FIXTURE_TABLES_SQL]]);
  admin = await adminUser(t.app);
  fixtureWorker = await startWorkerProcess(
    'test/fixtures/job-worker.ts',
    path.join(logDir, `lifecycle-fixture-${process.pid}.log`),
    'fixture worker ready',
  );
  // The real worker: it registers the reconciler's schedule and polls the maintenance queue.
  worker = await startWorkerProcess('workers/main.ts', workerLog, 'worker started', 180_000, {
    LOG_LEVEL: 'info',
    WORKER_METRICS_PORT: String((workerMetricsPort = await freePort())),
  });
}, 300_000);
afterAll(async () => {
  await Promise.all([fixtureWorker?.kill('SIGTERM'), worker?.kill('SIGTERM')]);
  await t.close();
});

const settled = (jobRunId: string) =>
  eventually(`job run ${jobRunId} to settle`, async () => {
    const run = await JobRun.findByPk(jobRunId);
    return run && run.status !== 'RUNNING' ? run : undefined;
  });

/** A client whose Temporal is down: a port where nothing listens. */
async function clientOfDeadTemporal(): Promise<{ client: Client; close: () => Promise<void> }> {
  const connection = Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: 1_000 });
  return { client: new Client({ connection }), close: () => connection.close() };
}

describe('a job started while Temporal is down', () => {
  it('is FAILED in the dead-letter queue at once, and one of two concurrent replays runs it once Temporal is back', async () => {
    const dead = await clientOfDeadTemporal();
    const key = crypto.randomUUID();
    const switchName = `outage-${key}`;
    await t.sequelize.query('INSERT INTO test_job_switches (name, is_on) VALUES ($1, true)', { bind: [switchName] });
    try {
      await expect(
        startJob(t.sequelize, dead.client, SWITCHED_JOB, key, { switchName }, { requestId: 'req-outage' }),
      ).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      await dead.close();
    }
    const failed = await JobRun.findOne({ where: { workflow_id: SWITCHED_JOB.workflowId(key) }, rejectOnEmpty: true });
    expect(failed).toMatchObject({ status: 'FAILED', in_dlq: true, payload: { switchName } });
    expect(failed.error).toMatch(/Could not start the workflow/);

    // Two admins click replay at the same moment: one job starts, the other is told why not.
    const requestId = `req-replay-${key}`;
    const replay = () =>
      request(t.app).post(`/admin/jobs/${failed.id}/replay`).set(as(admin)).set('X-Request-ID', requestId);
    const answers = await Promise.all([replay(), replay()]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(await JobRun.count({ where: { replay_of: failed.id } })).toBe(1);

    const accepted = answers.find((a) => a.status === 202)!;
    const done = await settled(accepted.body.jobRunId);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      replay_of: failed.id,
      request_id: requestId,
      result: `printed on ${switchName}`,
    });
    await failed.reload();
    expect(failed).toMatchObject({ in_dlq: false, replayed_by: done.id });

    // The request id links the api's access line to the worker's lines of the job it started.
    const access = await eventually('the access log line of the replay', async () =>
      readLogLines(apiLog).find((l) => l.msg === 'request completed' && l.requestId === requestId && l.status === 202),
    );
    expect(access).toMatchObject({
      method: 'POST',
      route: '/admin/jobs/:jobRunId/replay',
      userId: expect.any(String),
      duration: expect.any(Number),
    });
    const jobLines = await eventually('the worker lines of the replayed job', async () => {
      const lines = fixtureWorker.logLines().filter((l) => l.requestId === requestId);
      return lines.some((l) => l.msg === 'Job completed') ? lines : undefined;
    });
    expect(jobLines.every((l) => l.jobRunId === done.id)).toBe(true);
  });
});

describe('a job started from the worker side', () => {
  it('runs when a Temporal Schedule fires: the launcher starts it through startJob, with its job_runs row', async () => {
    const switchName = `scheduled-${crypto.randomUUID()}`;
    await t.sequelize.query('INSERT INTO test_job_switches (name, is_on) VALUES ($1, true)', { bind: [switchName] });
    const scheduleId = `test-schedule:${switchName}`;
    const schedule = await t.temporal.client.schedule.create({
      scheduleId,
      // A year away: the test fires it by hand, as ops can from the Web UI.
      spec: { intervals: [{ every: '365 days' }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'launchJobWorkflow',
        taskQueue: FIXTURE_TASK_QUEUE,
        workflowId: scheduleId,
        args: [{ jobName: SWITCHED_JOB.jobName, payload: { switchName } }],
      },
    });
    try {
      await schedule.trigger();
      const run = await eventually('the scheduled job run', async () =>
        JobRun.findOne({ where: { job_name: SWITCHED_JOB.jobName, payload: { switchName } } }),
      );
      // The fire's own workflow id is the key and the request id: the job traces back to its fire.
      expect(run.workflow_id.startsWith(SWITCHED_JOB.workflowId(scheduleId))).toBe(true);
      expect(run.request_id?.startsWith(scheduleId)).toBe(true);
      expect(await settled(run.id)).toMatchObject({ status: 'COMPLETED', result: `printed on ${switchName}` });
    } finally {
      await schedule.delete();
    }
  });
});

describe('the job-run reconciler', () => {
  const reconcileNow = () => t.temporal.client.schedule.getHandle(RECONCILE_JOB_RUNS.scheduleId).trigger();
  const backdate = (id: string) => JobRun.update({ started_at: new Date(Date.now() - 10 * 60_000) }, { where: { id } });

  it('is a Temporal Schedule the worker registered', async () => {
    const description = await t.temporal.client.schedule.getHandle(RECONCILE_JOB_RUNS.scheduleId).describe();
    expect(description.action).toMatchObject({
      workflowType: RECONCILE_JOB_RUNS.workflowType,
      taskQueue: RECONCILE_JOB_RUNS.taskQueue,
    });
  });

  it('fails a run whose workflow never started, and a run whose workflow was terminated, into the dead-letter queue', async () => {
    // A crash between the row and the start: the row exists, Temporal has never heard of it.
    const orphan = await JobRun.create({
      job_name: TWO_STEP_JOB.jobName,
      workflow_id: TWO_STEP_JOB.workflowId(crypto.randomUUID()),
      workflow_type: TWO_STEP_JOB.workflowType,
      task_queue: TWO_STEP_JOB.taskQueue,
      payload: { slowMs: 1 },
      started_at: new Date(),
    });
    // A workflow that an operator terminated in the Web UI: runJob never got to record it.
    const key = crypto.randomUUID();
    const terminated = await startJob(
      t.sequelize,
      t.temporal.client,
      { ...TWO_STEP_JOB, taskQueue: 'test-nobody-polls' },
      key,
      {
        slowMs: 1,
      },
    );
    await t.temporal.client.workflow.getHandle(terminated.workflow_id).terminate('stopped by an operator');
    // A fresh run is left alone even if its workflow is gone: it may be starting right now.
    const fresh = await JobRun.create({
      job_name: 'test.fresh',
      workflow_id: `test-fresh:${crypto.randomUUID()}`,
      workflow_type: 'x',
      task_queue: 'test-nobody-polls',
      payload: {},
      started_at: new Date(),
    });

    await Promise.all([backdate(orphan.id), backdate(terminated.id)]);
    await reconcileNow();

    const [a, b] = await Promise.all([settled(orphan.id), settled(terminated.id)]);
    expect(a).toMatchObject({ status: 'FAILED', in_dlq: true });
    expect(a.error).toMatch(/never started/);
    expect(b).toMatchObject({ status: 'FAILED', in_dlq: true });
    expect(b.error).toMatch(/TERMINATED/);
    await fresh.reload();
    expect(fresh.status).toBe('RUNNING');
    expect(
      worker
        .logLines()
        .some((l) => l.msg === 'Job moved to the dead-letter queue by the reconciler' && l.jobRunId === orphan.id),
    ).toBe(true);
  });
});

describe("the worker's metrics", () => {
  it('label job counters by job name and outcome only, never by organisation', async () => {
    // A real job of the worker: the daily cleanup of export files, fired now.
    const firedAt = new Date();
    await t.temporal.client.schedule.getHandle('cleanup:export-files').trigger();
    await eventually('the cleanup job to complete', async () =>
      JobRun.findOne({
        where: { job_name: 'cleanup.export-files', status: 'COMPLETED', started_at: { [Op.gte]: firedAt } },
      }),
    );
    const text = await eventually('the job counted on the worker', async () => {
      const body = await (await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`)).text();
      return /^jobs_total\{[^}]*jobName="cleanup.export-files"/m.test(body) ? body : undefined;
    });
    expect(text).toMatch(/^# TYPE jobs_total counter$/m);
    expect(text).toMatch(/^# TYPE dead_letter_queue_depth gauge$/m);
    const series = text.split('\n').filter((l) => /^(jobs_total|job_duration_seconds\w*)\{/.test(l));
    expect(series.every((l) => !/orgId|userId/.test(l))).toBe(true);
  });
});

describe('stopping the worker', () => {
  it('stops once and cleanly when Ctrl-C and the launcher both signal it, its Chromium open', async () => {
    // A pdf rendered first, so the worker's Chromium runs: Puppeteer's own Ctrl-C handler would
    // exit the process at once with code 130, skipping the drain (as it once did).
    const studio = await buildUser(t.app);
    const invoice = await buildInvoice(t.app, studio);
    const pdf = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(studio));
    expect(pdf.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
    // A terminal's Ctrl-C reaches the whole group, and `npm start` sends SIGTERM too.
    worker.child.kill('SIGINT');
    worker.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const text = fs.readFileSync(workerLog, 'utf8');
    expect(text).not.toMatch(/IllegalStateError|Error:/);
    expect(worker.logLines().filter((l) => l.msg === 'worker stopped')).toHaveLength(1);
  });
});
