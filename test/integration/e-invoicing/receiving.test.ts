// Receiving purchase invoices through France's e-invoicing network (issue 32 §3), through HTTP
// against the real stack and the PA simulator: a lab (one studio) issues a B2B invoice to a
// photographer's company (another studio); the lab's platform deposits it and delivers it to the
// photographer's account; the photographer's inbox pass reads it into a purchase invoice; the
// photographer refuses it with a reason, which reaches the platform and the lab's invoice. Also:
// a dispute then an approval, files that cannot be read, a platform outage while answering, and
// another studio's invoices out of reach.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { luhnValid } from '../../../domain/regimes/check-digits';
import { frenchVatNumber } from '../../../domain/regimes/fr/identities';
import { buildUser, type TestUser } from '../../factories/users';
import { buildBillableContact } from '../../factories/contacts';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
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
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  // The platform is read every 2 s here (PA_POLL_SECONDS; 60 by default).
  worker = await startMainWorker('e-invoicing-receiving', { PA_POLL_SECONDS: '2' });
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
/** A SIREN no other test uses (nine digits, Luhn-valid). */
function freshSiren(): string {
  for (;;) {
    const stem = String(crypto.randomInt(10_000_000, 99_999_999));
    for (let key = 0; key <= 9; key++) if (luhnValid(`${stem}${key}`)) return `${stem}${key}`;
  }
}

/** A French studio with its own account on the simulator (and, given a SIREN, receiving what is addressed to it). */
async function studioOnPlatform(siren?: string): Promise<{ user: TestUser; clientId: string }> {
  const user = await buildUser(t.app);
  await saveStudioProfile(t.app, user);
  const account = await simulatorAccount(siren);
  const connected = await request(t.app)
    .put('/api/users/me/e-invoicing-platform')
    .set(as(user))
    .send({ base_url: simulator(), ...account });
  expect(connected.status).toBe(200);
  return { user, clientId: account.client_id };
}

const purchases = async (user: TestUser) =>
  (await request(t.app).get('/api/purchase-invoices?limit=100').set(as(user)).expect(200)).body.items as Record<
    string,
    unknown
  >[];
const answer = (user: TestUser, id: string, body: Record<string, unknown>) =>
  request(t.app).post(`/api/purchase-invoices/${id}/answer`).set(as(user)).send(body);
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'e-invoices', name));

describe('a purchase invoice received through the platform', () => {
  it("the lab's invoice reaches the photographer, is read, refused with a reason, and the refusal reaches both platforms", async () => {
    const buyerSiren = freshSiren();
    const photographer = await studioOnPlatform(buyerSiren);
    const lab = await studioOnPlatform();
    const client = await buildBillableContact(t.app, lab.user, {
      company_name: 'Atelier Photo Martin SARL',
      siren: buyerSiren,
      vat_number: frenchVatNumber(buyerSiren),
    });
    const issued = await buildInvoice(t.app, lab.user, { issued: true, contact_id: client.id });

    // Transmitted by the lab's job, delivered to the photographer's account, read by the inbox pass.
    const received = await eventually(
      'the invoice received by the photographer',
      async () => (await purchases(photographer.user)).find((p) => p.number === issued.number),
      120_000,
    );
    expect(received).toMatchObject({
      received_via: 'platform',
      source_format: 'FACTURX',
      seller_name: 'Studio Lumière SARL',
      seller_siren: '912345675',
      total: issued.amount,
      currency: 'EUR',
      status: 'RECEIVED',
      status_reason: null,
    });
    const incoming = (await simulatedFlows()).find((f) => f.flowId === received.platform_flow_id)!;
    expect(incoming).toMatchObject({ direction: 'In', flowType: 'SupplierInvoice', status: 'Mise à disposition' });

    // Refused, with a reason the supplier can act on.
    const refused = await answer(photographer.user, received.id as string, {
      status: 'REFUSED',
      reason: 'Commande non passée : aucun bon de commande pour cette prestation',
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      status: 'REFUSED',
      status_reason: 'Commande non passée : aucun bon de commande pour cette prestation',
    });
    expect(refused.body.status_changed_at).toEqual(expect.any(String));

    // The platform hears it once, on the incoming flow; the lab's flow takes the status and the lab reads it back.
    await eventually('the refusal on the platform', async () => {
      const flow = (await simulatedFlows()).find((f) => f.flowId === incoming.flowId);
      return flow?.status === 'Refusée' ? flow : null;
    });
    const answers = (await simulatedFlows()).filter(
      (f) => f.flowType === 'SupplierInvoiceLC' && f.originalFlowId === incoming.flowId,
    );
    expect(answers).toHaveLength(1);
    expect(answers[0].lifecycle).toMatchObject({
      status: 'Refusée',
      reason: 'Commande non passée : aucun bon de commande pour cette prestation',
    });
    const sent = await eventually('the answer recorded as sent', async () => {
      const res = await request(t.app)
        .get(`/api/purchase-invoices/${received.id as string}/answers`)
        .set(as(photographer.user));
      return res.body.items?.[0]?.sent_at ? res.body.items : null;
    });
    expect(sent).toEqual([expect.objectContaining({ status: 'REFUSED', sent_at: expect.any(String) })]);
    const labSide = await eventually('the refusal read back by the lab', async () => {
      const res = await request(t.app).get(`/api/invoices/${issued.id}/platform-statuses`).set(as(lab.user));
      return res.body.platform_status === 'Refusée' ? res.body : null;
    });
    expect(labSide.platform_status_reason).toContain('aucun bon de commande');

    // Refused is for good; the lab (or anyone else) cannot answer the photographer's record.
    const again = await answer(photographer.user, received.id as string, { status: 'APPROVED' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('purchase_invoice_answered');
    expect((await answer(lab.user, received.id as string, { status: 'APPROVED' })).status).toBe(404);
    expect(
      (
        await request(t.app)
          .get(`/api/purchase-invoices/${received.id as string}/answers`)
          .set(as(lab.user))
      ).status,
    ).toBe(404);

    // Read once: later passes do not make a second record.
    const [{ read_at: before }] = await sql<{ read_at: Date }>(
      'SELECT inbox_read_at AS read_at FROM platform_connections WHERE owner_id = $1',
      [photographer.user.id],
    );
    await eventually('two more inbox passes', async () => {
      const [row] = await sql<{ read_at: Date }>(
        'SELECT inbox_read_at AS read_at FROM platform_connections WHERE owner_id = $1',
        [photographer.user.id],
      );
      return row.read_at.getTime() > before.getTime() + 2_000;
    });
    expect((await purchases(photographer.user)).filter((p) => p.number === issued.number)).toHaveLength(1);
  });

  it('a dispute, then an approval; a refusal without a reason is a 400; an answer made while the platform is down is sent after', async () => {
    const photographer = await studioOnPlatform();
    const delivered = await tellSimulator('/_simulator/incoming', {
      client_id: photographer.clientId,
      syntax: 'CII',
      name: 'FA-2026-0042.xml',
      file_base64: fixture('supplier-cii.xml').toString('base64'),
    });
    expect(delivered.status).toBe(201);
    const flowId = ((await delivered.json()) as { flowId: string }).flowId;
    const received = await eventually('the CII invoice received', async () =>
      (await purchases(photographer.user)).find((p) => p.platform_flow_id === flowId),
    );
    expect(received).toMatchObject({
      source_format: 'CII',
      seller_name: 'Labo Photo Lumière SAS',
      number: 'FA-2026-0042',
      total: '162.20',
      file_name: 'FA-2026-0042.xml',
    });
    const id = received.id as string;

    for (const bad of [{ status: 'REFUSED' }, { status: 'DISPUTED', reason: '   ' }, { status: 'PAID' }]) {
      const res = await answer(photographer.user, id, bad);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    expect((await answer(photographer.user, crypto.randomUUID(), { status: 'APPROVED' })).status).toBe(404);

    // Disputed while the platform is down for the studio: the answer waits and goes once it is
    // back. The outage ends by itself after three refused calls (the answer's retries, the inbox's polls).
    const outage = await accountOutage(photographer.clientId, { calls: 3 });
    const disputed = await answer(photographer.user, id, {
      status: 'DISPUTED',
      reason: 'Quantité facturée : 12 tirages, 10 livrés',
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body.status).toBe('DISPUTED');
    const waiting = await simulatedFlows();
    expect(waiting.find((f) => f.flowId === flowId)?.status).toBe('Mise à disposition');
    await eventually(
      'En litige on the platform after the outage',
      async () => (await simulatedFlows()).find((f) => f.flowId === flowId)?.status === 'En litige',
      90_000,
    );
    expect(await outage.refused()).toBe(3);

    const approved = await answer(photographer.user, id, { status: 'APPROVED', reason: 'Avoir reçu pour 2 tirages' });
    expect(approved.body).toMatchObject({ status: 'APPROVED', status_reason: 'Avoir reçu pour 2 tirages' });
    const flow = await eventually('Approuvée on the platform', async () => {
      const f = (await simulatedFlows()).find((x) => x.flowId === flowId);
      return f?.status === 'Approuvée' ? f : null;
    });
    expect(flow.history.map((h) => h.status)).toEqual(['Mise à disposition', 'En litige', 'Approuvée']);
    const answers = (await simulatedFlows()).filter(
      (f) => f.flowType === 'SupplierInvoiceLC' && f.originalFlowId === flowId,
    );
    expect(answers.map((a) => a.lifecycle?.status)).toEqual(['En litige', 'Approuvée']);
  });

  it('a file that cannot be read is listed with its reason and does not hold back the next; an upload is answered without the platform', async () => {
    const photographer = await studioOnPlatform();
    const broken = await tellSimulator('/_simulator/incoming', {
      client_id: photographer.clientId,
      syntax: 'CII',
      name: 'broken.xml',
      file_base64: Buffer.from('<CrossIndustryInvoice><oops></CrossIndustryInvoice>').toString('base64'),
    });
    const brokenId = ((await broken.json()) as { flowId: string }).flowId;
    const good = await tellSimulator('/_simulator/incoming', {
      client_id: photographer.clientId,
      syntax: 'UBL',
      name: 'supplier.xml',
      file_base64: fixture('supplier-ubl.xml').toString('base64'),
    });
    const goodId = ((await good.json()) as { flowId: string }).flowId;

    await eventually('the UBL invoice received', async () =>
      (await purchases(photographer.user)).find((p) => p.platform_flow_id === goodId),
    );
    const unreadable = await request(t.app).get('/api/e-invoicing/unreadable-invoices').set(as(photographer.user));
    expect(unreadable.status).toBe(200);
    expect(unreadable.body.items).toEqual([
      { flow_id: brokenId, problem: expect.stringMatching(/XML|invoice/i), received_at: expect.any(String) },
    ]);
    // Another studio sees none of it.
    const other = await studioOnPlatform();
    expect((await request(t.app).get('/api/e-invoicing/unreadable-invoices').set(as(other.user))).body.items).toEqual(
      [],
    );
    expect(await purchases(other.user)).toEqual([]);

    // An invoice the studio uploaded itself is answered here only: nothing goes to a platform.
    const uploaded = await request(t.app)
      .post('/api/purchase-invoices')
      .set(as(other.user))
      .attach('file', fixture('supplier-cii.xml'), 'supplier.xml');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ received_via: 'upload', platform_flow_id: null, status: 'RECEIVED' });
    const refused = await answer(other.user, uploaded.body.id, { status: 'REFUSED', reason: 'Doublon' });
    expect(refused.body.status).toBe('REFUSED');
    const answers = await request(t.app).get(`/api/purchase-invoices/${uploaded.body.id}/answers`).set(as(other.user));
    expect(answers.body.items).toEqual([
      expect.objectContaining({ status: 'REFUSED', reason: 'Doublon', sent_at: null }),
    ]);
    const jobs = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM job_runs WHERE job_name = 'e-invoicing.answer' AND payload ->> 'ownerId' = $1`,
      [other.user.id],
    );
    expect(Number(jobs[0].n)).toBe(0);
  });
});
