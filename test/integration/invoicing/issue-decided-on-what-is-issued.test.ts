// The issue decides on the draft as it read it and writes only that draft (services/invoicing/
// issue-invoice.ts, db/commands/issue-invoice.ts): the draft is held while its issue is under way
// (an edit is refused as an issued invoice's edit is), a draft changed between the decision and
// the write is not issued with the stale decision, and a refused issue frees the draft at once.
import request from 'supertest';
import { releaseInvoiceIssue, writeInvoiceIssue } from '../../../db/commands/issue-invoice';
import { holdInvoiceIssueDraft } from '../../../db/queries/invoice-issue-draft';
import { buildInvoice, FRENCH_STUDIO, saveStudioProfile } from '../../factories/invoices';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let studio: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio, FRENCH_STUDIO);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const line = (description: string, price: number) => ({
  item_type: 'SESSION_TYPE',
  description,
  quantity: 1,
  price_without_tax: price,
  vat_percentage: 20,
});

it('writes no issue decided on a draft that changed since, and the next issue takes the draft as it is', async () => {
  const draft = await buildInvoice(t.app, studio, { items: [line('Séance portrait', 120)] });
  const read = await holdInvoiceIssueDraft(t.sequelize, studio.id, draft.id);
  expect(read).toMatchObject({ status: 'DRAFT', lines: [expect.objectContaining({ description: 'Séance portrait' })] });
  // Its issue is refused, say: the draft is free again.
  await releaseInvoiceIssue(t.sequelize, studio.id, draft.id);

  // The studio edits the draft after the decision's read: a second line, a new total.
  const edit = await request(t.app)
    .put(`/api/invoices/${draft.id}`)
    .set(as(studio))
    .send({ items: [line('Séance portrait', 120), line('Tirage 30x40', 45)] });
  expect(edit.status).toBe(200);

  const stale = {
    version: read!.version,
    quoteId: null,
    issuedAt: new Date(),
    number: { period: 2026, prefix: 'STALE-', width: 5, suffix: '' },
    dueDate: null,
    buyer: null,
    vatAmounts: [],
    taxAmounts: null,
    serviceDate: null,
    serviceEndDate: null,
    seller: null,
    legalFacts: null,
  };
  await expect(writeInvoiceIssue(t.sequelize, studio.id, draft.id, stale)).resolves.toBe('changed');
  const still = await request(t.app).get(`/api/invoices/${draft.id}`).set(as(studio));
  expect(still.body).toMatchObject({ status: 'DRAFT', issued_at: null, amount: '198.00' });
  expect(still.body.number).not.toMatch(/^STALE-/);

  // Issued through the route, it is decided on the draft as it is now: both lines, its VAT, a number.
  const issued = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
  expect(issued.status).toBe(200);
  expect(issued.body).toMatchObject({ status: 'ISSUED', amount: '198.00' });
  expect(issued.body.number).not.toMatch(/^STALE-/);
  expect(issued.body.items).toHaveLength(2);

  // The same stale decision against the issued invoice writes nothing either.
  await expect(writeInvoiceIssue(t.sequelize, studio.id, draft.id, stale)).resolves.toBe('already_issued');
  const after = await request(t.app).get(`/api/invoices/${draft.id}`).set(as(studio));
  expect(after.body.number).toBe(issued.body.number);
});

it('refuses an edit of a draft whose issue is under way, as of an issued invoice, and frees the draft when the issue is refused', async () => {
  const draft = await buildInvoice(t.app, studio, { items: [line('Séance portrait', 120)] });
  const edit = () =>
    request(t.app)
      .put(`/api/invoices/${draft.id}`)
      .set(as(studio))
      .send({ items: [line('Séance portrait', 150)] });

  await holdInvoiceIssueDraft(t.sequelize, studio.id, draft.id);
  const held = await edit();
  expect(held.status).toBe(409);
  expect(held.body).toMatchObject({ code: 'invoice_issued', message: expect.stringMatching(/being issued/) });
  await releaseInvoiceIssue(t.sequelize, studio.id, draft.id);
  expect((await edit()).status).toBe(200);

  // A draft with nothing to bill is refused (a mandatory mention is missing) and stays editable.
  const empty = await buildInvoice(t.app, studio, { items: [] });
  const refused = await request(t.app).post(`/api/invoices/${empty.id}/issue`).set(as(studio));
  expect(refused.status).toBe(400);
  const fixed = await request(t.app)
    .put(`/api/invoices/${empty.id}`)
    .set(as(studio))
    .send({ items: [line('Séance portrait', 120)] });
  expect(fixed.status).toBe(200);
  const issued = await request(t.app).post(`/api/invoices/${empty.id}/issue`).set(as(studio));
  expect(issued.body).toMatchObject({ status: 'ISSUED', amount: '144.00' });
});

it("answers the issue with the invoice exactly as the studio reads it afterwards: lines, discounts, taxes, the session's schedule", async () => {
  const session = await buildSession(t.app, studio, {
    start_date: '2031-05-17T09:00:00.000Z',
    end_date: '2031-05-17T12:00:00.000Z',
  });
  const draft = await buildInvoice(t.app, studio, {
    session_id: session.id,
    items: [
      // 1.25 hours at a price with tax, and a line with a discount.
      {
        item_type: 'SESSION_TYPE',
        description: 'Retouches',
        quantity: 1.25,
        price_with_tax: 70,
        price_includes_tax: true,
        vat_percentage: 20,
      },
      { ...line('Séance portrait', 250), discount_percentage: 10 },
    ],
    payment_schedule: [
      { percentage: 30, due: { type: 'on_booking' } },
      { percentage: 70, due: { type: 'before_start', days: 7 } },
    ],
  });
  const issued = await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio));
  expect(issued.status).toBe(200);
  const read = await request(t.app).get(`/api/invoices/${draft.id}`).set(as(studio));
  expect(read.status).toBe(200);
  expect(issued.body).toEqual(read.body);
  expect(issued.body.payment_schedule).toHaveLength(2);
  expect(issued.body.items.map((i: { quantity: string }) => i.quantity)).toEqual(['1.25', '1.00']);
});
