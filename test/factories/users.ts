import crypto from 'node:crypto';
import { type Express } from 'express';
import request from 'supertest';
import { type UserLocale } from '../../domain/accounts/users';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  body: Record<string, unknown>;
}

/** Registers a new studio user through the API; a unique email unless one is given. */
export async function buildUser(
  app: Express,
  overrides: { email?: string; password?: string; name?: string; locale?: UserLocale; time_zone?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `studio-${crypto.randomUUID()}@studio.test`;
  const password = overrides.password ?? 'correct horse battery staple';
  const res = await request(app)
    .post('/api/auth/register')
    .send({
      email,
      password,
      name: overrides.name ?? 'Studio Lumière',
      ...(overrides.locale ? { locale: overrides.locale } : {}),
      ...(overrides.time_zone ? { time_zone: overrides.time_zone } : {}),
    });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email, password, token: res.body.accessToken, body: res.body };
}

/** The admin of the test run (listed in ADMIN_EMAILS by load-stack-env): registered once, then signed in. */
export async function adminUser(app: Express): Promise<{ token: string; body: Record<string, unknown> }> {
  const email = 'ops-admin@studio.test';
  const password = 'correct horse battery staple';
  const registered = await request(app).post('/api/auth/register').send({ email, password });
  if (registered.status === 201) return { token: registered.body.accessToken, body: registered.body };
  const login = await request(app).post('/api/auth/login').send({ email: email.toUpperCase(), password });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  return { token: login.body.accessToken, body: login.body };
}
