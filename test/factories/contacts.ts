import crypto from 'node:crypto';
import { type Express } from 'express';
import request from 'supertest';
import { as } from '../helpers/auth';
import { type TestUser } from './users';

/** A contact as the API answers it. */
export type ContactBody = { id: string } & Record<string, unknown>;

/** A contact owned by `user`, created through the API: Élodie Martin with a unique e-mail unless overridden. */
export async function buildContact(
  app: Express,
  user: Pick<TestUser, 'token'>,
  overrides: Record<string, unknown> = {},
): Promise<ContactBody> {
  const res = await request(app)
    .post('/api/contacts')
    .set(as(user))
    .send({
      first_name: 'Élodie',
      last_name: 'Martin',
      email: `elodie-${crypto.randomUUID()}@example.fr`,
      ...overrides,
    });
  if (res.status !== 201) throw new Error(`contact create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ContactBody;
}

/** A client with a full postal address, as an issued invoice needs (Chloé Dubois, Lyon). */
export const buildBillableContact = (
  app: Express,
  user: Pick<TestUser, 'token'>,
  overrides: Record<string, unknown> = {},
) =>
  buildContact(app, user, {
    first_name: 'Chloé',
    last_name: 'Dubois',
    email: `chloe-${crypto.randomUUID()}@example.fr`,
    street: '27 quai Saint-Antoine',
    zipcode: '69002',
    city: 'Lyon',
    country: 'France',
    ...overrides,
  });
