import crypto from 'node:crypto';
import request from 'supertest';
import { Organization } from '../../../db/models/Organization';
import { User } from '../../../db/models/User';
import { buildUser } from '../../factories/users';
import { asTableOwner } from '../../helpers/as-owner';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';

const bossEmail = `boss-${crypto.randomUUID()}@studio.test`;
const originalAdminEmails = process.env.ADMIN_EMAILS;

/** An app over the one test database whose ADMIN_EMAILS is `adminEmails`. */
async function appWithAdmins(adminEmails: string): Promise<TestApp> {
  process.env.ADMIN_EMAILS = adminEmails;
  try {
    return await startTestApp();
  } finally {
    process.env.ADMIN_EMAILS = originalAdminEmails;
  }
}

let withBoss: TestApp;
let withoutBoss: TestApp;
beforeAll(async () => {
  withBoss = await appWithAdmins(bossEmail);
  withoutBoss = await appWithAdmins('');
});
afterAll(async () => {
  await withBoss.close();
  await withoutBoss.close();
});

describe('admin rights', () => {
  it('follow ADMIN_EMAILS at request time: the same account is no admin once its address is removed', async () => {
    const boss = await buildUser(withBoss.app, { email: bossEmail });
    expect((boss.body.user as { role: string }).role).toBe('admin');
    expect((await request(withBoss.app).get('/admin/jobs').set(as(boss))).status).toBe(200);

    // The row keeps role 'user': the rights come from the list, never from registration.
    expect((await User.findByPk(boss.id, { rejectOnEmpty: true })).role).toBe('user');

    const refused = await request(withoutBoss.app).get('/admin/jobs').set(as(boss));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const me = await request(withoutBoss.app).get('/api/auth/me').set(as(boss));
    expect(me.body.role).toBe('user');
  });

  it("ignores a stored role 'admin' for an address not in ADMIN_EMAILS", async () => {
    const user = await buildUser(withBoss.app);
    await User.update({ role: 'admin' }, { where: { id: user.id } });
    const res = await request(withBoss.app).get('/admin/jobs').set(as(user));
    expect(res.status).toBe(403);
  });
});

describe('registration races and missing records', () => {
  it('answers 409 email_taken when another registration of the email commits while this one is writing', async () => {
    const email = `race-${crypto.randomUUID()}@studio.test`;
    // The other registration: its row is written but not committed, so this one's check sees
    // nothing and its insert waits on the unique index until the other commits.
    const other = await withBoss.sequelize.transaction();
    const org = await Organization.create({ name: 'Other studio' }, { transaction: other });
    await User.create(
      { org_id: org.id, email: email.toUpperCase(), password_hash: 'x', role: 'user' },
      { transaction: other },
    );

    const pending = request(withBoss.app)
      .post('/api/auth/register')
      .send({ email, password: 'correct horse battery staple' })
      .then((res) => res);
    await eventually(
      'the registration to wait on the unique index',
      async () => {
        // As the owner: the api's role does not see other sessions' queries.
        const rows = await asTableOwner(withBoss.sequelize, [
          ["SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO \"users\"%'"],
        ]);
        return rows.length > 0;
      },
      15_000,
    );
    await other.commit();

    const res = await pending;
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'email_taken' });
  });

  it('gives two concurrent registrations of one email one account and one 409 email_taken', async () => {
    const email = `twice-${crypto.randomUUID()}@studio.test`;
    const send = () =>
      request(withBoss.app)
        .post('/api/auth/register')
        .send({ email, password: 'correct horse battery staple' })
        .then((res) => res);
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('email_taken');
  });

  it("answers 404 not_found, not 500, when a signed-in user's record is gone", async () => {
    const user = await buildUser(withBoss.app);
    // The first call puts the user in the guard's short cache; the second passes the guard on it.
    expect((await request(withBoss.app).get('/api/auth/me').set(as(user))).status).toBe(200);
    await withBoss.sequelize.query('DELETE FROM users WHERE id = $1', { bind: [user.id] });
    const res = await request(withBoss.app).get('/api/auth/me').set(as(user));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'not_found' });
  });
});
