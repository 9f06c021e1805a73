// The daily e-reporting job through the real stack (issue 32 §4): a French studio with a VAT
// regime and an approved platform has last month's sales to private clients and their payments
// reported and sent without asking; a second run makes nothing twice; a studio without a platform
// is left to report by itself.
import crypto from 'node:crypto';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import request from 'supertest';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { backdate } from '../../helpers/backdate';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { sqlOn } from '../../helpers/sql';
import { E_REPORTING_DAILY_JOB, E_REPORTING_DAILY_SCHEDULE } from '../../../workflows/e-reporting/contract';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('e-reporting-daily');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const simulator = () => process.env.PA_SIMULATOR_URL as string;

/** A French studio under the simplified regime (monthly reports), on its own account at the simulator. */
async function monthlyStudio(withPlatform: boolean): Promise<TestUser> {
  const studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, vat_regime: 'REEL_SIMPLIFIE' });
  if (withPlatform) {
    const clientId = `studio-${crypto.randomUUID()}`;
    await fetch(`${simulator()}/_simulator/clients`, {
      method: 'POST',
      body: JSON.stringify({ client_id: clientId, client_secret: 'daily-secret' }),
    });
    await request(t.app)
      .put('/api/users/me/e-invoicing-platform')
      .set(as(studio))
      .send({ base_url: simulator(), client_id: clientId, client_secret: 'daily-secret' })
      .expect(200);
  }
  return studio;
}

/** A sale of 100.00 + 20 % VAT to a private client, paid, both dated the 15th of last month in Paris. */
async function saleLastMonth(studio: TestUser): Promise<string> {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-')
    .map(Number);
  const day = new Date(Date.UTC(year, month - 2, 15)).toISOString().slice(0, 10);
  const person = await buildBillableContact(t.app, studio);
  const sale = await buildInvoice(t.app, studio, {
    contact_id: person.id,
    items: [
      { item_type: 'SESSION_TYPE', description: 'Séance portrait', price_without_tax: '100.00', vat_percentage: 20 },
    ],
    issued: true,
    profile: false,
  });
  const paid = await request(t.app)
    .post(`/api/invoices/${sale.id}/payments`)
    .set(as(studio))
    .send({ amount: '120.00', method: 'bank_transfer' })
    .expect(201);
  await backdate(t.sequelize, 'invoices', sale.id, day);
  await backdate(t.sequelize, 'invoice_payments', paid.body.id ?? paid.body.payment?.id, day);
  return day;
}

const reportsOf = async (studio: TestUser) =>
  (await request(t.app).get('/api/e-reporting/reports').set(as(studio)).expect(200)).body as {
    id: string;
    flow: string;
    period_start: string;
    totals: Record<string, unknown>[];
    transmission: { status: string } | null;
  }[];

const dailySchedule = () => t.temporal.client.schedule.getHandle(E_REPORTING_DAILY_SCHEDULE.scheduleId);

/**
 * Fires the daily schedule now and waits for that fire's own job to complete. A fire's workflow id
 * is the schedule's id and its time to the second, and launchJobWorkflow keys the job by it (a
 * fire that comes again finds the job it started): a trigger in the same second as the fire before
 * is that fire again, and no new job runs. The first run and its sends can take under a second, so
 * the trigger waits for the second after the last fire.
 */
async function runDailyJob(): Promise<void> {
  const { recentActions } = (await dailySchedule().describe()).info;
  const lastFire = Math.max(0, ...recentActions.map((a) => a.scheduledAt.getTime()));
  const nextSecond = Math.floor(lastFire / 1000) * 1000 + 1000;
  if (Date.now() < nextSecond) await new Promise((r) => setTimeout(r, nextSecond - Date.now() + 50));
  const before = new Set(recentActions.map((a) => a.action.workflow.workflowId));
  // ALLOW_ALL: the fire before may still be open at Temporal (its workflow only starts the job), and
  // the schedule's own policy (SKIP) would drop a trigger that overlaps it.
  await dailySchedule().trigger(ScheduleOverlapPolicy.ALLOW_ALL);
  const fire = await eventually(
    'the daily schedule fired',
    async () =>
      (await dailySchedule().describe()).info.recentActions
        .map((a) => a.action.workflow.workflowId)
        .find((id) => !before.has(id)),
    30_000,
  );
  await eventually(
    `the daily e-reporting job of ${fire} completed`,
    async () => {
      const [row] = await sql<{ status: string }>('SELECT status FROM job_runs WHERE workflow_id = $1', [
        E_REPORTING_DAILY_JOB.workflowId(fire),
      ]);
      return row?.status === 'COMPLETED';
    },
    90_000,
  );
}

describe('the daily e-reporting job', () => {
  it("reports and sends last month's sales and payments, once, for a studio with a platform only", async () => {
    const studio = await monthlyStudio(true);
    const alone = await monthlyStudio(false);
    const day = await saleLastMonth(studio);
    await saleLastMonth(alone);

    await runDailyJob();
    const reports = await eventually(
      'both reports sent',
      async () => {
        const made = await reportsOf(studio);
        return made.length === 2 && made.every((r) => r.transmission?.status === 'Déposée') ? made : null;
      },
      90_000,
    );
    const byFlow = Object.fromEntries(reports.map((r) => [r.flow, r]));
    expect(byFlow.TRANSACTIONS).toMatchObject({
      period_start: `${day.slice(0, 7)}-01`,
      totals: [expect.objectContaining({ day, flow: 'B2C', taxable_base: '100.00', vat: '20.00' })],
    });
    expect(byFlow.PAYMENTS.totals).toEqual([expect.objectContaining({ day, amount: '120.00' })]);
    // The studio without a platform makes its own.
    expect(await reportsOf(alone)).toEqual([]);

    // A second run: nothing made twice, nothing sent twice.
    await runDailyJob();
    expect((await reportsOf(studio)).map((r) => r.id).sort()).toEqual(reports.map((r) => r.id).sort());
    const { flows } = (await (await fetch(`${simulator()}/_simulator/flows`)).json()) as {
      flows: { trackingId: string | null }[];
    };
    for (const r of reports) expect(flows.filter((f) => f.trackingId === `e-report:${r.id}`)).toHaveLength(1);
    // Each run reports every studio of the stack with a regime and a platform (other files' too).
  }, 300_000);
});
