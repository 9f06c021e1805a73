import { type Express } from 'express';
import request from 'supertest';
import { as } from '../helpers/auth';
import { documentBody, type DocumentLine, type DocumentOptions, type Installment } from './invoices';
import { type TestUser } from './users';

/** A quote as the API answers it. */
export type QuoteBody = {
  id: string;
  number: string | null;
  status: string;
  amount: string;
  contact_id: string | null;
  items: DocumentLine[];
  payment_schedule: Installment[] | null;
} & Record<string, unknown>;

/**
 * A quote owned by `user`, through the API: one line for a new billable client unless told otherwise
 * (`contact_id: null` for none); `accepted: true` accepts it (POST /accept), which numbers it.
 */
export async function buildQuote(
  app: Express,
  user: Pick<TestUser, 'token'>,
  { accepted = false, ...overrides }: Record<string, unknown> & DocumentOptions & { accepted?: boolean } = {},
): Promise<QuoteBody> {
  const body = await documentBody(app, user, 'Devis séance', overrides, false);
  const res = await request(app).post('/api/quotes').set(as(user)).send(body);
  if (res.status !== 201) throw new Error(`quote create failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (!accepted) return res.body as QuoteBody;
  const accept = await request(app).post(`/api/quotes/${res.body.id}/accept`).set(as(user));
  if (accept.status !== 200) throw new Error(`quote accept failed: ${accept.status} ${JSON.stringify(accept.body)}`);
  return accept.body as QuoteBody;
}
