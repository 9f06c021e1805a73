import crypto from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { startJob } from '../../../lib/jobs/start-job';
import { JobRun } from '../../../db/models/JobRun';
import { adminUser, buildUser } from '../../factories/users';
import { FIXTURE_TABLES_SQL } from '../../fixtures/job-activities';
import { SWITCHED_JOB, TWO_STEP_JOB } from '../../fixtures/job-contracts';
import { asTableOwner } from '../../helpers/as-owner';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';

const WORKER_ENTRY = 'test/fixtures/job-worker.ts';
const logFile = path.join(testStackDir, 'logs', `fixture-worker-${process.pid}.log`);

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  // As the owner: the api's role creates no table (the default privileges grant it these).
  await asTableOwner(t.sequelize, [[FIXTURE_TABLES_SQL]]);
  worker = await startWorkerProcess(WORKER_ENTRY, logFile, 'fixture worker ready');
}, 180_000);
afterAll(async () => {
  await worker?.kill('SIGTERM');
  await t.close();
});

const finished = (jobRunId: string) =>
  eventually(`job run ${jobRunId} to finish`, async () => {
    const run = await JobRun.findByPk(jobRunId);
    return run && run.status !== 'RUNNING' ? run : undefined;
  });

async function effects(workflowId: string) {
  const [rows] = await t.sequelize.query('SELECT step FROM test_job_effects WHERE workflow_id = $1 ORDER BY step', {
    bind: [workflowId],
  });
  return (rows as { step: number }[]).map((r) => r.step);
}

describe('jobs on Temporal', () => {
  it('records a job that succeeds as COMPLETED with its payload, workflow id, request id and result', async () => {
    const key = crypto.randomUUID();
    const workflowId = TWO_STEP_JOB.workflowId(key);
    const run = await startJob(
      t.sequelize,
      t.temporal.client,
      TWO_STEP_JOB,
      key,
      { slowMs: 10 },
      { requestId: 'req-job-ok', entityId: 'entity-1' },
    );
    expect(run.status).toBe('RUNNING');
    const done = await finished(run.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      in_dlq: false,
      attempt: 1,
      workflow_id: workflowId,
      request_id: 'req-job-ok',
      payload: { slowMs: 10 },
      result: { steps: 3 },
    });
    expect(done.finished_at!.getTime()).toBeGreaterThanOrEqual(done.started_at.getTime());
    expect(await effects(workflowId)).toEqual([1, 2, 3]);

    // The same business key again is the same job, not a second one.
    const again = await startJob(t.sequelize, t.temporal.client, TWO_STEP_JOB, key, { slowMs: 10 });
    expect(again.id).toBe(run.id);

    // Every log line of the job's activities carries the correlation ids; 'Job started' is written
    // once for the job, not once for each of its three activities.
    const started = worker.logLines().filter((l) => l.msg === 'Job started' && l.jobRunId === run.id);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      jobId: workflowId,
      jobName: 'test.two-step',
      requestId: 'req-job-ok',
      workflowId,
      entityId: 'entity-1',
      attempt: 1,
    });
    expect(done.run_id).toBe(started[0].runId);
    expect(
      worker
        .logLines()
        .some(
          (l) =>
            l.msg === 'Job completed' &&
            l.jobRunId === run.id &&
            l.requestId === 'req-job-ok' &&
            typeof l.duration === 'number',
        ),
    ).toBe(true);
  });

  it('marks a job whose activity always throws FAILED with in_dlq after its retries, and an admin replay completes it', async () => {
    const switchName = `printer-${crypto.randomUUID()}`;
    const run = await startJob(
      t.sequelize,
      t.temporal.client,
      SWITCHED_JOB,
      switchName,
      { switchName },
      { requestId: 'req-job-fails' },
    );
    const failed = await finished(run.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      in_dlq: true,
      attempt: 3,
      error: `Printer ${switchName} is on fire`,
    });

    const failures = worker.logLines().filter((l) => l.msg === 'Job failed' && l.jobRunId === run.id);
    expect(failures.map((l) => [l.attempt, l.willRetry])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(failures.every((l) => l.requestId === 'req-job-fails' && l.level === 50)).toBe(true);

    // A user who is not an admin cannot replay; an admin can, once the cause is fixed.
    const user = await buildUser(t.app);
    expect((await request(t.app).post(`/admin/jobs/${run.id}/replay`).set(as(user))).status).toBe(403);
    const admin = await adminUser(t.app);
    await t.sequelize.query('INSERT INTO test_job_switches (name, is_on) VALUES ($1, true)', { bind: [switchName] });

    const replay = await request(t.app)
      .post(`/admin/jobs/${run.id}/replay`)
      .set(as(admin))
      .set('X-Request-ID', 'req-replay');
    expect(replay.status).toBe(202);
    expect(replay.body.replayOf).toBe(run.id);
    const replayed = await finished(replay.body.jobRunId);
    expect(replayed).toMatchObject({
      status: 'COMPLETED',
      payload: { switchName },
      replay_of: run.id,
      request_id: 'req-replay',
      result: `printed on ${switchName}`,
    });
    await failed.reload();
    expect(failed).toMatchObject({ in_dlq: false, replayed_by: replayed.id, status: 'FAILED' });

    // Replaying again is refused: the run is no longer in the dead-letter queue.
    const twice = await request(t.app).post(`/admin/jobs/${run.id}/replay`).set(as(admin));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('job_not_replayable');
  });

  it('survives its worker being killed mid-run: the job completes and nothing is written twice', async () => {
    const key = crypto.randomUUID();
    const workflowId = TWO_STEP_JOB.workflowId(key);
    const run = await startJob(t.sequelize, t.temporal.client, TWO_STEP_JOB, key, { slowMs: 4_000 });

    // Wait until the slow step is running on the worker, then kill the worker as a crash would.
    const handle = t.temporal.client.workflow.getHandle(workflowId);
    await eventually('the slow step to be running', async () => {
      const description = await handle.describe();
      return description.raw.pendingActivities?.some((a) => a.activityType?.name === 'slowStep' && a.lastStartedTime);
    });
    expect(await effects(workflowId)).toEqual([1]);
    await worker.kill('SIGKILL');

    worker = await startWorkerProcess(WORKER_ENTRY, logFile, 'fixture worker ready');
    const done = await finished(run.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.attempt).toBeGreaterThanOrEqual(2); // the slow step ran again on the new worker
    expect(await effects(workflowId)).toEqual([1, 2, 3]);
  }, 180_000);
});
