import { type Express } from 'express';
import request from 'supertest';
import { as } from '../helpers/auth';
import { buildInvoice } from './invoices';
import { type TestUser } from './users';

/** A credit note as the API answers it. */
export type CreditNoteBody = { id: string; number: string; invoice_id: string; amount: string } & Record<
  string,
  unknown
>;

/**
 * A credit note owned by `user`, through the API (POST /api/invoices/:id/credit-notes), on
 * `invoice_id`, or on an invoice made and issued for it when not given. The body is the given
 * fields over a reason: `amount`, or `items`, or neither (everything still creditable).
 */
export async function buildCreditNote(
  app: Express,
  user: Pick<TestUser, 'token'>,
  { invoice_id, ...overrides }: { invoice_id?: string } & Record<string, unknown> = {},
): Promise<CreditNoteBody> {
  const invoiceId = invoice_id ?? (await buildInvoice(app, user, { issued: true })).id;
  const res = await request(app)
    .post(`/api/invoices/${invoiceId}/credit-notes`)
    .set(as(user))
    .send({ reason: 'Geste commercial', ...overrides });
  if (res.status !== 201) throw new Error(`credit note failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreditNoteBody;
}
