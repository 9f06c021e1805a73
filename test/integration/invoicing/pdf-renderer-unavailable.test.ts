// A machine without Chromium: every pdf route answers 503 pdf_renderer_unavailable naming
// CHROMIUM_PATH, the rest of the api keeps working, and a pdf job that reaches a worker without a
// renderer fails once, for good, into the dead-letter queue. The worker of this file runs with
// CHROMIUM_PATH pointing at nothing; the api is used both ways (appWith).
import crypto from 'node:crypto';
import { buildBillableContact, buildContact } from '../../factories/contacts';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { adminUser, buildUser } from '../../factories/users';
import { type Express } from 'express';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';

const NOWHERE = '/nonexistent/chromium';
let t: TestApp;
let noRenderer: Express;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  noRenderer = t.appWith({ CHROMIUM_PATH: NOWHERE });
  worker = await startMainWorker('no-renderer', { CHROMIUM_PATH: NOWHERE });
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function studioWithDocuments() {
  const owner = await buildUser(t.app);
  // A complete profile and client: sending the invoice issues it first.
  await saveStudioProfile(t.app, owner);
  const contact = await buildBillableContact(t.app, owner, { email: `client-${crypto.randomUUID()}@example.fr` });
  const session = await buildSession(t.app, owner, { title: 'Mariage Camille & Léo', contact_id: contact.id });
  const items = [
    { item_type: 'SESSION_TYPE', description: 'Reportage', quantity: 1, price: '1200.00', vat_percentage: '20.00' },
  ];
  const invoice = await buildInvoice(t.app, owner, {
    title: 'Facture mariage',
    contact_id: contact.id,
    session_id: session.id,
    items,
  });
  const quote = await buildQuote(t.app, owner, {
    title: 'Devis mariage',
    contact_id: contact.id,
    session_id: session.id,
    items,
  });
  return { owner, session, invoice, quote };
}

function expectRendererRefusal(res: request.Response) {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({
    statusCode: 503,
    code: 'pdf_renderer_unavailable',
    message: expect.stringContaining('CHROMIUM_PATH'),
    requestId: expect.any(String),
  });
}

describe('an api without a renderer', () => {
  it('answers 503 pdf_renderer_unavailable on every pdf route, and starts no job', async () => {
    const { owner, session, invoice, quote } = await studioWithDocuments();
    const scoped = `/api/sessions/${session.id}/quotes-invoices`;
    const routes: [string, Record<string, string>][] = [
      ['/api/export', { entity: 'contacts', format: 'pdf' }],
      ['/api/export', { entity: 'sessions', format: 'pdf' }],
      ['/api/export', { entity: 'quotes', format: 'pdf' }],
      ['/api/export', { entity: 'invoices', format: 'pdf' }],
      ['/api/export/async', { entity: 'invoices', format: 'pdf' }],
      [`/api/invoices/${invoice.id}/pdf`, {}],
      [`/api/invoices/${invoice.id}/export`, { format: 'pdf' }],
      [`/api/quotes/${quote.id}/pdf`, {}],
      [`${scoped}/invoices/${invoice.id}/pdf`, {}],
      [`${scoped}/quotes/${quote.id}/pdf`, {}],
      [`/api/sessions/${session.id}/roadmap`, {}],
      [`/api/sessions/${session.id}/roadmap`, { format: 'pdf' }],
    ];
    for (const [route, query] of routes)
      expectRendererRefusal(await request(noRenderer).get(route).query(query).set(as(owner)));
    expectRendererRefusal(
      await request(noRenderer).post(`/api/invoices/${invoice.id}/send-email`).set(as(owner)).send({}),
    );
    expectRendererRefusal(
      await request(noRenderer).post(`/api/quotes/${quote.id}/send-email`).set(as(owner)).send({ attach_pdf: true }),
    );

    const admin = await adminUser(t.app);
    const jobs = await request(t.app).get('/admin/jobs').query({ limit: 100 }).set(as(admin)).expect(200);
    const mine = (jobs.body.items as { entity_id: string | null; payload: { ownerId?: string } }[]).filter(
      (j) => [invoice.id, quote.id, session.id].includes(j.entity_id ?? '') || j.payload?.ownerId === owner.id,
    );
    expect(mine).toEqual([]);
  });

  it('keeps everything else working: csv and docx, readiness, and ops status says pdf rendering is unavailable', async () => {
    const { owner, session, invoice } = await studioWithDocuments();
    expect(
      (await request(noRenderer).get('/api/export').query({ entity: 'contacts', format: 'csv' }).set(as(owner))).status,
    ).toBe(200);
    const docx = await request(noRenderer)
      .get(`/api/invoices/${invoice.id}/export`)
      .query({ format: 'docx' })
      .set(as(owner));
    expect(docx.status).toBe(200);
    expect(docx.body.filename).toMatch(/\.docx$/);
    expect(
      (await request(noRenderer).get(`/api/sessions/${session.id}/roadmap`).query({ format: 'docx' }).set(as(owner)))
        .status,
    ).toBe(200);
    expect(
      (
        await request(noRenderer)
          .post(`/api/invoices/${invoice.id}/send-email`)
          .set(as(owner))
          .send({ attach_pdf: false })
      ).status,
    ).toBe(202);

    expect((await request(noRenderer).get('/ready')).status).toBe(200);
    const admin = await adminUser(t.app);
    const status = await request(noRenderer).get('/ops/status').set(as(admin)).expect(200);
    expect(status.body.status).toBe('degraded');
    expect(status.body.pdfRendering).toMatchObject({
      status: 'unavailable',
      executablePath: NOWHERE,
      message: expect.stringContaining('CHROMIUM_PATH'),
    });
    const withRenderer = await request(t.app).get('/ops/status').set(as(admin)).expect(200);
    expect(withRenderer.body.pdfRendering).toMatchObject({ status: 'available' });
  });
});

describe('a worker without a renderer', () => {
  it('fails an async pdf export once, for good, into the dead-letter queue with the reason', async () => {
    const owner = await buildUser(t.app);
    await buildContact(t.app, owner);
    const accepted = await request(t.app)
      .get('/api/export/async')
      .query({ entity: 'contacts', format: 'pdf' })
      .set(as(owner))
      .expect(202);
    const failed = await eventually('the export job to fail', async () => {
      const res = await request(t.app).get(`/api/export/jobs/${accepted.body.jobRunId}`).set(as(owner));
      return res.body.status === 'FAILED' ? res.body : undefined;
    });
    expect(failed.error).toMatch(/CHROMIUM_PATH/);
    const admin = await adminUser(t.app);
    const run = (await request(t.app).get(`/admin/jobs/${accepted.body.jobRunId}`).set(as(admin)).expect(200)).body;
    expect(run).toMatchObject({ status: 'FAILED', in_dlq: true, attempt: 1 });
  });

  it('still issues an invoice: its kept pdf job fails into the dead-letter queue, and downloads answer 503 until a renderer is back', async () => {
    const { owner, invoice } = await studioWithDocuments();
    const issued = await request(noRenderer).post(`/api/invoices/${invoice.id}/issue`).set(as(owner)).expect(200);
    expect(issued.body).toMatchObject({ status: 'ISSUED', number: expect.stringMatching(/^F-/) });
    const admin = await adminUser(t.app);
    const failed = await eventually('the issued pdf job to fail', async () => {
      const jobs = await request(t.app).get('/admin/jobs').query({ limit: 100 }).set(as(admin)).expect(200);
      return (
        jobs.body.items as { entity_id: string | null; job_name: string; status: string; in_dlq: boolean }[]
      ).find((j) => j.entity_id === invoice.id && j.job_name === 'billing.pdf' && j.status === 'FAILED');
    });
    expect(failed).toMatchObject({ in_dlq: true });
    expectRendererRefusal(await request(noRenderer).get(`/api/invoices/${invoice.id}/pdf`).set(as(owner)));
    // An api that has a renderer asks the worker again, which still has none.
    expectRendererRefusal(await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(owner)));
  });

  it('answers 503 to a document pdf the worker cannot render, and fails a scheduled pdf export into the dead-letter queue', async () => {
    const { owner, invoice } = await studioWithDocuments();
    expectRendererRefusal(await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(owner)));

    const template = await request(t.app)
      .post('/api/export-templates')
      .set(as(owner))
      .send({ name: 'Factures pdf', entity: 'invoices', format: 'pdf', selected_fields: ['title'] })
      .expect(201);
    const created = await request(t.app)
      .post('/api/scheduled-exports')
      .set(as(owner))
      .send({
        export_template_id: template.body.id,
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
        recurrence_pattern: { frequency: 'weekly', interval: 1 },
      })
      .expect(201);
    await t.temporal.client.schedule.getHandle(`scheduled-export:${created.body.id}`).trigger();
    const admin = await adminUser(t.app);
    const dead = await eventually('the scheduled pdf export in the dead-letter queue', async () => {
      const res = await request(t.app).get('/admin/jobs').query({ in_dlq: 'true', limit: 100 }).set(as(admin));
      // The fire's own run, or the export run it started: either names this studio's schedule or owner.
      return (
        res.body.items as { error: string | null; payload: { scheduledExportId?: string; ownerId?: string } }[]
      ).find((j) => j.payload?.scheduledExportId === created.body.id || j.payload?.ownerId === owner.id);
    });
    expect(dead).toMatchObject({ status: 'FAILED', attempt: 1, error: expect.stringContaining('CHROMIUM_PATH') });
    await request(t.app).delete(`/api/scheduled-exports/${created.body.id}`).set(as(owner)).expect(204);
  });
});
