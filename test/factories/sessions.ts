import { type Express } from 'express';
import request from 'supertest';
import { as } from '../helpers/auth';
import { type TestUser } from './users';

/** A session as the API answers it. */
export type SessionBody = {
  id: string;
  title: string;
  contact_id: string | null;
  user_session_type_id: string | null;
  workflow_id: string | null;
  session_info_template_id: string | null;
} & Record<string, unknown>;

/**
 * A session owned by `user`, created through the API ("Séance portrait", undated, no type). Its
 * contact is optional in the API, so none is made: pass `contact_id` for one.
 */
export async function buildSession(
  app: Express,
  user: Pick<TestUser, 'token'>,
  overrides: Record<string, unknown> = {},
): Promise<SessionBody> {
  const res = await request(app)
    .post('/api/sessions')
    .set(as(user))
    .send({ title: 'Séance portrait', ...overrides });
  if (res.status !== 201) throw new Error(`session create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as SessionBody;
}
