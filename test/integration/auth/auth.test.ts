import request from 'supertest';
import { adminUser, buildUser } from '../../factories/users';
import { createUserLookup } from '../../../api/auth/user-lookup';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('auth', () => {
  it('registers a user who can then log in and read themselves', async () => {
    const user = await buildUser(t.app, { name: 'Studio Lumière' });
    expect(user.body).toMatchObject({
      user: { email: user.email, name: 'Studio Lumière', role: 'user', locale: 'fr-FR' },
    });
    expect(JSON.stringify(user.body)).not.toMatch(/password/i);

    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ email: user.email.toUpperCase(), password: user.password });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(user.id);

    const me = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${login.body.accessToken}`);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
  });

  it('gives a new user copies of the base session-info templates of their locale', async () => {
    const user = await buildUser(t.app);
    const [rows] = await t.sequelize.query(
      'SELECT count(*)::int AS n FROM user_session_info_templates WHERE owner_id = $1',
      { bind: [user.id] },
    );
    const [base] = await t.sequelize.query(
      "SELECT count(*)::int AS n FROM base_session_info_templates WHERE locale = 'fr-FR'",
    );
    expect((rows as { n: number }[])[0].n).toBeGreaterThan(0);
    expect((rows as { n: number }[])[0].n).toBe((base as { n: number }[])[0].n);
  });

  it('keeps an en-GB account as en-GB and gives it the English base templates and session types (issue 30 §4)', async () => {
    const user = await buildUser(t.app, { locale: 'en-GB' });
    expect(user.body).toMatchObject({ user: { locale: 'en-GB' } });
    const [copies] = await t.sequelize.query(
      'SELECT t.locale FROM user_session_info_templates t WHERE t.owner_id = $1 AND t.is_default_copy',
      { bind: [user.id] },
    );
    const [base] = await t.sequelize.query(
      "SELECT count(*)::int AS n FROM base_session_info_templates WHERE locale = 'en-US'",
    );
    expect(copies.length).toBe((base as { n: number }[])[0].n);
    expect(new Set((copies as { locale: string }[]).map((c) => c.locale))).toEqual(new Set(['en-US']));
    const types = await request(t.app).get('/api/session-types').set(as(user));
    expect(types.status).toBe(200);
    expect(JSON.stringify(types.body)).toMatch(/Wedding/);
    expect(JSON.stringify(types.body)).not.toMatch(/Mariage/);
  });

  it("starts a studio registered anywhere in its country's main time zone", async () => {
    const zoneOf = async (country: string | undefined, time_zone?: string): Promise<string> => {
      const email = `zone-${country ?? 'none'}-${time_zone ? 'given' : 'default'}-${Date.now()}@studio.test`;
      const reg = await request(t.app)
        .post('/api/auth/register')
        .send({ email, password: 'a long enough password', country, time_zone });
      expect(reg.status).toBe(201);
      const me = await request(t.app).get('/api/users/me').set('Authorization', `Bearer ${reg.body.accessToken}`);
      return me.body.time_zone as string;
    };
    expect(await zoneOf('JP')).toBe('Asia/Tokyo');
    expect(await zoneOf('CH')).toBe('Europe/Zurich');
    expect(await zoneOf('NZ')).toBe('Pacific/Auckland');
    expect(await zoneOf('GB')).toBe('Europe/London');
    expect(await zoneOf('NZ', 'Pacific/Chatham')).toBe('Pacific/Chatham');
    expect(await zoneOf(undefined)).toBe('Europe/Paris');
  });

  it('refuses a second account with the same email in another case', async () => {
    const user = await buildUser(t.app);
    const res = await request(t.app)
      .post('/api/auth/register')
      .send({ email: user.email.toUpperCase(), password: 'another long password' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'email_taken' });
  });

  it('makes users listed in ADMIN_EMAILS admins', async () => {
    // The email is listed in ADMIN_EMAILS by test/setup/load-stack-env.ts.
    const admin = await adminUser(t.app);
    expect((admin.body.user as { role: string }).role).toBe('admin');
    const plain = await buildUser(t.app);
    expect((plain.body.user as { role: string }).role).toBe('user');

    const asAdmin = await request(t.app).get('/admin/jobs').set(as(admin));
    expect(asAdmin.status).toBe(200);
    const asUser = await request(t.app).get('/admin/jobs').set(as(plain));
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('forbidden');
  });

  it('answers 401 without a token, with a bad token, and for a wrong password', async () => {
    const none = await request(t.app).get('/api/contacts');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'unauthorized' });
    expect(typeof none.body.requestId).toBe('string');

    const forged = await request(t.app)
      .get('/api/contacts')
      .set('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
    expect(forged.status).toBe(401);

    const user = await buildUser(t.app);
    const wrong = await request(t.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    const unknown = await request(t.app)
      .post('/api/auth/login')
      .send({ email: 'nobody@studio.test', password: 'whatever it is' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('validates registration input in the agreed error shape', async () => {
    const res = await request(t.app).post('/api/auth/register').send({ email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'invalid_input' });
    const paths = (res.body.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['email', 'password']);
  });

  it('rate-limits repeated failed logins for one email with 429 and Retry-After', async () => {
    const user = await buildUser(t.app);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await request(t.app)
        .post('/api/auth/login')
        .send({ email: user.email, password: `wrong password ${i}` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe('rate_limited');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['ratelimit-policy']).toBeDefined();
  });

  it("applies a change to a user's row once the guard's short cache has expired", async () => {
    const user = await buildUser(t.app);
    const findUser = createUserLookup(t.sequelize, 2_000);
    expect(await findUser(user.id)).toMatchObject({ id: user.id, locale: 'fr-FR' });

    await t.sequelize.query("UPDATE users SET locale = 'en-US' WHERE id = $1", { bind: [user.id] });
    // Read within the TTL: still the cached row, no database round trip.
    expect(await findUser(user.id)).toMatchObject({ locale: 'fr-FR' });
    await eventually('the new locale', async () => (await findUser(user.id))?.locale === 'en-US', 5_000);
    expect(await findUser('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
