// France's e-invoicing network (issue 32 §1, §2) through HTTP against the real stack and the PA
// simulator the test stack starts (PA_SIMULATOR_URL, credentials studio-local / studio-local-secret).
import crypto from 'node:crypto';
import request from 'supertest';
import { download } from '../../helpers/downloads';
import { buildUser, type TestUser } from '../../factories/users';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildCreditNote } from '../../factories/credit-notes';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { sqlOn } from '../../helpers/sql';
import {
  accountOutage,
  simulatedFlows,
  simulatorAccount,
  simulatorUrl as simulator,
  tellSimulator,
} from '../../helpers/pa-simulator';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app);
  other = await buildUser(t.app);
  // Statuses are read back every 2 s here (PA_POLL_SECONDS; 60 by default).
  worker = await startMainWorker('e-invoicing', { PA_POLL_SECONDS: '2' });
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const connect = (user: TestUser, body: Record<string, unknown> = {}) =>
  request(t.app)
    .put('/api/users/me/e-invoicing-platform')
    .set(as(user))
    .send({ base_url: simulator(), client_id: 'studio-local', client_secret: 'studio-local-secret', ...body });

describe('the studio connects its approved platform', () => {
  it('keeps the secret encrypted and never answers it', async () => {
    expect((await request(t.app).get('/api/users/me/e-invoicing-platform').set(as(owner))).status).toBe(404);
    const first = await request(t.app)
      .put('/api/users/me/e-invoicing-platform')
      .set(as(owner))
      .send({ base_url: simulator(), client_id: 'studio-local' });
    expect(first.status).toBe(400);

    const saved = await connect(owner);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      base_url: simulator(),
      client_id: 'studio-local',
      has_secret: true,
    });
    // The option for VAT on debits is the company profile's (issue 32 §5): here it is refused, not dropped unsaid.
    expect(saved.body).not.toHaveProperty('vat_on_debits');
    const moved = await connect(owner, { vat_on_debits: true });
    expect(moved.status).toBe(400);
    expect(JSON.stringify(moved.body)).toContain('vat_on_debits');
    expect(JSON.stringify(saved.body)).not.toContain('studio-local-secret');
    const [row] = await sql<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM platform_connections WHERE owner_id = $1',
      [owner.id],
    );
    expect(row.client_secret_encrypted).toMatch(/^v1\./);
    expect(row.client_secret_encrypted).not.toContain('studio-local-secret');

    // A change without the secret keeps the stored one.
    const changed = await request(t.app)
      .put('/api/users/me/e-invoicing-platform')
      .set(as(owner))
      .send({ base_url: simulator(), client_id: 'studio-local-2' });
    expect(changed.body).toMatchObject({ client_id: 'studio-local-2', has_secret: true });
    const read = await request(t.app).get('/api/users/me/e-invoicing-platform').set(as(owner));
    expect(read.body).toEqual(changed.body);
    expect((await connect(owner)).body.client_id).toBe('studio-local');
  });

  it('another studio has its own (or none), and a disconnected one is gone', async () => {
    expect((await request(t.app).get('/api/users/me/e-invoicing-platform').set(as(other))).status).toBe(404);
    const third = await buildUser(t.app);
    expect((await connect(third)).status).toBe(200);
    expect((await request(t.app).delete('/api/users/me/e-invoicing-platform').set(as(third))).status).toBe(204);
    expect((await request(t.app).delete('/api/users/me/e-invoicing-platform').set(as(third))).status).toBe(404);
  });
});

describe('directory lookup through the studio platform', () => {
  it('finds a company by SIREN or SIRET, answers 404 for one not in the directory, 400 for a malformed number', async () => {
    await connect(owner);
    const found = await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(owner));
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      siren: '552100554',
      siret: null,
      name: 'Mariages de France SARL',
      directory_line: '552100554',
      routing_code: null,
      platform: 'PA simulator',
    });
    const bySiret = await request(t.app).get('/api/e-invoicing/directory/732 829 320 00074').set(as(owner));
    expect(bySiret.status).toBe(200);
    expect(bySiret.body.directory_line).toBe('732829320_73282932000074');

    const missing = await request(t.app).get('/api/e-invoicing/directory/912345675').set(as(owner));
    expect(missing.status).toBe(404);
    for (const bad of ['552100555', '12345', 'abcdefghi']) {
      const res = await request(t.app).get(`/api/e-invoicing/directory/${bad}`).set(as(owner));
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it('is a 409 without a platform, and a 503 while the platform is down', async () => {
    const res = await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(other));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('platform_not_configured');

    // The platform down for this studio's account alone (other test files use the simulator beside).
    const studio = await buildUser(t.app);
    const account = await simulatorAccount();
    expect((await connect(studio, account)).status).toBe(200);
    const outage = await accountOutage(account.client_id, { seconds: 30 });
    try {
      const down = await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(studio));
      expect(down.status).toBe(503);
    } finally {
      await outage.end();
    }
    expect((await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(studio))).status).toBe(200);
  });
});

/** A French studio with the simulator as its platform (on the shared account, or on `account`). */
async function frenchStudio(account?: { client_id: string; client_secret: string }): Promise<TestUser> {
  const studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  expect((await connect(studio, account)).status).toBe(200);
  return studio;
}
/** A client company: its SIREN and VAT number. */
const company = (studio: TestUser, siren: string, vat: string) =>
  buildBillableContact(t.app, studio, { company_name: `Client ${siren}`, siren, vat_number: vat });
const statusesOf = (studio: TestUser, invoiceId: string) =>
  request(t.app).get(`/api/invoices/${invoiceId}/platform-statuses`).set(as(studio));
/** The invoice's statuses once the platform answered Déposée, waited for up to `ms`. */
const depositedOn = (studio: TestUser, invoiceId: string, what: string, ms: number) =>
  eventually(
    what,
    async () => {
      const res = await statusesOf(studio, invoiceId);
      return res.body.platform_status === 'Déposée' ? res.body : null;
    },
    ms,
  );

describe('B2B invoices transmitted through the platform', () => {
  it('issue → transmitted → Déposée → Approuvée read back, with its history and INVOICE_STATUS_CHANGED events', async () => {
    const studio = await frenchStudio();
    const client = await company(studio, '552100554', 'FR96552100554');
    const invoice = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    expect(invoice.warnings).toBeUndefined();

    const deposited = await depositedOn(studio, invoice.id, 'the invoice deposited on the platform', 120_000);
    expect(deposited).toMatchObject({ platform_status_reason: null, correction: null });
    const flows = (await simulatedFlows()).filter((f) => f.trackingId === `invoice:${invoice.id}`);
    expect(flows).toHaveLength(1);
    expect(flows[0].flowId).toBe(deposited.platform_flow_id);
    // One file from every side (issue 40 §16): the Factur-X the route serves, asked twice, is the
    // file the platform received, byte for byte.
    const served = async () => {
      const link = await request(t.app).get(`/api/invoices/${invoice.id}/facturx`).set(as(studio)).expect(200);
      return crypto
        .createHash('sha256')
        .update(await download(link.body.url as string))
        .digest('hex');
    };
    expect([await served(), await served()]).toEqual([flows[0].sha256, flows[0].sha256]);

    expect((await tellSimulator(`/_simulator/flows/${flows[0].flowId}/status`, { status: 'Approuvée' })).status).toBe(
      200,
    );
    const approved = await eventually('Approuvée read back', async () => {
      const res = await statusesOf(studio, invoice.id);
      return res.body.platform_status === 'Approuvée' ? res.body : null;
    });
    expect(approved.items.map((i: { status: string; source: string }) => [i.status, i.source])).toEqual([
      ['Déposée', 'platform'],
      ['Approuvée', 'platform'],
    ]);
    const events = await sql<{ platform_status: string }>(
      `SELECT payload ->> 'platform_status' AS platform_status FROM outbox_events
        WHERE event_type = 'INVOICE_STATUS_CHANGED' AND entity_id = $1 AND payload ? 'platform_status' ORDER BY id`,
      [invoice.id],
    );
    expect(events.map((e) => e.platform_status)).toEqual(['Déposée', 'Approuvée']);
    // Another studio never sees it.
    expect((await statusesOf(other, invoice.id)).status).toBe(404);

    // A bank transfer recorded: the cashed status goes to the platform with its date and amount.
    const paid = await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '300.00', method: 'bank_transfer', received_at: '2026-11-20' });
    expect(paid.status).toBe(201);
    const cashed = await eventually(
      'Encaissée sent',
      async () => {
        const res = await statusesOf(studio, invoice.id);
        return res.body.platform_status === 'Encaissée' ? res.body : null;
      },
      90_000,
    );
    expect(cashed.items.at(-1)).toMatchObject({ status: 'Encaissée', source: 'service' });
    const sent = (await simulatedFlows()).filter((f) => f.originalFlowId === flows[0].flowId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      flowType: 'CustomerInvoiceLC',
      lifecycle: { status: 'Encaissée', date: '2026-11-20', amount: '300.00', currency: 'EUR' },
    });
    expect((await simulatedFlows()).find((f) => f.flowId === flows[0].flowId)?.status).toBe('Encaissée');
  }, 240_000);

  it("a payment's day is the studio's calendar day: 00:30 in Paris on 25 November is cashed on the 25th (issue 40 §15)", async () => {
    const studio = await frenchStudio();
    const client = await company(studio, '552100554', 'FR96552100554');
    const invoice = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    const deposited = await depositedOn(studio, invoice.id, 'the invoice deposited on the platform', 120_000);
    const paid = await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '100.00', method: 'bank_transfer', received_at: '2026-11-25T00:30:00+01:00' })
      .expect(201);
    expect(paid.body.received_at).toBe('2026-11-24T23:30:00.000Z');
    const lifecycle = await eventually('Encaissée sent', async () =>
      (await simulatedFlows()).find((f) => f.originalFlowId === deposited.platform_flow_id),
    );
    expect(lifecycle.lifecycle).toMatchObject({ status: 'Encaissée', date: '2026-11-25', amount: '100.00' });
  }, 240_000);

  it('a credit note of a B2B invoice travels the same way: transmitted, Déposée, with its own history', async () => {
    const studio = await frenchStudio();
    const client = await company(studio, '552100554', 'FR96552100554');
    const invoice = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    await eventually('the invoice deposited', async () => {
      const res = await statusesOf(studio, invoice.id);
      return res.body.platform_status === 'Déposée' || undefined;
    });
    const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id, amount: '50.00' });
    const deposited = await eventually(
      'the credit note deposited',
      async () => {
        const res = await request(t.app).get(`/api/credit-notes/${note.id}/platform-statuses`).set(as(studio));
        return res.body.platform_status ? res.body : undefined;
      },
      120_000,
    );
    expect(deposited).toMatchObject({ platform_status: 'Déposée', platform_status_reason: null });
    const flows = (await simulatedFlows()).filter((f) => f.trackingId === `credit_note:${note.id}`);
    expect(flows).toHaveLength(1);
    expect((await request(t.app).get(`/api/credit-notes/${note.id}/platform-statuses`).set(as(other))).status).toBe(
      404,
    );
  });

  it('a studio that opted for VAT on debits sends no cashed status', async () => {
    const studio = await frenchStudio();
    // The option is the company profile's (issue 32 §5).
    const profile = await saveStudioProfile(t.app, studio, { ...FRENCH_STUDIO, vat_on_debits: true });
    expect(profile.vat_on_debits).toBe(true);
    const client = await company(studio, '552100554', 'FR96552100554');
    const invoice = await buildInvoice(t.app, studio, {
      issued: true,
      contact_id: client.id,
      // Issued on the profile just saved (the factory would save the plain French one again).
      profile: false,
    });
    const deposited = await depositedOn(studio, invoice.id, 'the invoice deposited', 120_000);
    const paid = await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '300.00', method: 'bank_transfer' });
    expect(paid.status).toBe(201);
    // The relay has dispatched the payment's event (its receipt job exists) and started no cashed status.
    await eventually('the payment event dispatched', async () => {
      const [row] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox_events WHERE event_type = 'PAYMENT_RECEIVED' AND entity_id = $1 AND dispatched_at IS NOT NULL`,
        [invoice.id],
      );
      return row.n > 0;
    });
    const jobs = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'e-invoicing.cashed' AND entity_id = $1`,
      [invoice.id],
    );
    expect(jobs[0].n).toBe(0);
    expect((await simulatedFlows()).filter((f) => f.originalFlowId === deposited.platform_flow_id)).toHaveLength(0);
  }, 180_000);

  it('a client not in the directory: a warning at issue, then Rejetée with the reason and the correction', async () => {
    const studio = await frenchStudio();
    // The studio's automations: one on the platform's rejection, one on the invoice's own status.
    const workflow = await request(t.app).post('/api/workflows').set(as(studio)).send({ name: 'Factures' });
    const trigger = (name: string, field: string, value: string) =>
      request(t.app)
        .post(`/api/workflows/${workflow.body.id}/triggers`)
        .set(as(studio))
        .send({
          name,
          trigger_event: 'INVOICE_STATUS_CHANGED',
          conditions: { operator: 'AND', conditions: [{ field, operator: 'equals', value }] },
        });
    const onRejected = await trigger('Rejetée par la plateforme', 'platform_status', 'Rejetée');
    const onIssued = await trigger('Émise', 'status', 'ISSUED');
    expect([onRejected.status, onIssued.status]).toEqual([201, 201]);
    const executionsOf = async (triggerId: string) =>
      (await request(t.app).get(`/api/workflows/${workflow.body.id}/triggers/${triggerId}/executions`).set(as(studio)))
        .body as { entity_id: string }[];

    const client = await company(studio, '123456782', 'FR11123456782');
    const invoice = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    expect(invoice.status).toBe('ISSUED');
    expect(invoice.warnings).toEqual([expect.objectContaining({ code: 'e_invoice_recipient_not_found' })]);

    const rejected = await eventually(
      'the invoice rejected by the platform',
      async () => {
        const res = await statusesOf(studio, invoice.id);
        return res.body.platform_status === 'Rejetée' ? res.body : null;
      },
      120_000,
    );
    expect(rejected.platform_status_reason).toMatch(/REJ_UNKNOWN_RECIPIENT.*123456782/);
    expect(rejected.correction).toMatch(/never reached the client.*credit note.*not sent.*new corrected invoice/);
    // The rejection fired the trigger that asks for it; the one on status = ISSUED ran once, at the issue.
    const fired = await eventually('the rejection trigger evaluated', async () => {
      const rows = await executionsOf(onRejected.body.id);
      return rows.length ? rows : null;
    });
    expect(fired.map((e) => e.entity_id)).toEqual([invoice.id]);
    const issuedRuns = await eventually('the issue trigger evaluated', async () => {
      const rows = await executionsOf(onIssued.body.id);
      return rows.length ? rows : null;
    });
    expect(issuedRuns.map((e) => e.entity_id)).toEqual([invoice.id]);

    // The correction: the client gets an e-invoicing address; the rejected invoice is cancelled by a
    // credit note kept in the books (it never reached the client), and a new invoice goes through.
    expect(
      (await tellSimulator('/_simulator/directory', { siren: '123456782', name: client.company_name })).status,
    ).toBe(201);
    const note = await buildCreditNote(t.app, studio, { invoice_id: invoice.id, amount: invoice.amount });
    const corrected = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    expect(corrected.warnings).toBeUndefined();
    await eventually(
      'the corrected invoice deposited',
      async () => (await statusesOf(studio, corrected.id)).body.platform_status === 'Déposée',
      120_000,
    );
    expect(
      (await request(t.app).get(`/api/credit-notes/${note.id}/platform-statuses`).set(as(studio))).body,
    ).toMatchObject({ platform_flow_id: null, platform_status: null });
    expect((await simulatedFlows()).filter((f) => f.trackingId === `credit_note:${note.id}`)).toEqual([]);
    expect((await statusesOf(studio, invoice.id)).body.platform_status).toBe('Rejetée');
  }, 240_000);

  it('a studio without a platform, or a private client: nothing is transmitted', async () => {
    const studio = await buildUser(t.app);
    const invoice = await buildInvoice(t.app, studio, { issued: true });
    expect((await statusesOf(studio, invoice.id)).body).toEqual({
      platform_flow_id: null,
      platform_status: null,
      platform_status_reason: null,
      correction: null,
      items: [],
    });
  });

  it('the platform down for a while: the invoice is transmitted once it is back, exactly once', async () => {
    const account = await simulatorAccount();
    const studio = await frenchStudio(account);
    const client = await company(studio, '552100554', 'FR96552100554');
    // Down for the studio's next six calls (issue 41: calls, not a minute of the clock): the
    // directory lookup at issue, the transmission's first attempts and the inbox's polls.
    const outage = await accountOutage(account.client_id, { calls: 6 });
    let invoice: { id: string; warnings?: { code: string }[] };
    try {
      invoice = await buildInvoice(t.app, studio, { issued: true, contact_id: client.id });
    } catch (err) {
      await outage.end();
      throw err;
    }
    expect(invoice.warnings).toEqual([expect.objectContaining({ code: 'e_invoice_directory_unreachable' })]);
    await depositedOn(studio, invoice.id, 'the invoice deposited after the outage', 150_000);
    // Deposited only once every refused call was spent.
    expect(await outage.refused()).toBe(6);
    expect((await simulatedFlows()).filter((f) => f.trackingId === `invoice:${invoice.id}`)).toHaveLength(1);
    // The job's run settles just after the status is recorded (its workflow ends, then its row).
    const run = await eventually('the transmission job settled', async () => {
      const [row] = await sql<{ status: string; attempts: number }>(
        `SELECT status, attempt AS attempts FROM job_runs WHERE job_name = 'e-invoicing.transmit' AND entity_id = $1`,
        [invoice.id],
      );
      return row && row.status !== 'RUNNING' ? row : null;
    });
    expect(run.status).toBe('COMPLETED');
    // Attempts went on through the outage: more than one, and no second flow.
    expect(run.attempts).toBeGreaterThan(1);
  }, 240_000);
});
