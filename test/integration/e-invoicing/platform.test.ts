// France's e-invoicing network (issue 32 §1, §2) through HTTP against the real stack and the PA
// simulator the test stack starts (PA_SIMULATOR_URL, credentials studio-local / studio-local-secret).
import request from 'supertest';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';
import { sqlOn } from '../../helpers/sql';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app);
  other = await buildUser(t.app);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const simulator = () => {
  const url = process.env.PA_SIMULATOR_URL;
  if (!url) throw new Error('the test stack did not start the PA simulator (PA_SIMULATOR_URL)');
  return url;
};
const connect = (user: TestUser, body: Record<string, unknown> = {}) =>
  request(t.app)
    .put('/api/users/me/e-invoicing-platform')
    .set(as(user))
    .send({ base_url: simulator(), client_id: 'studio-local', client_secret: 'studio-local-secret', ...body });

describe('the studio connects its approved platform', () => {
  it('keeps the secret encrypted and never answers it', async () => {
    expect((await request(t.app).get('/api/users/me/e-invoicing-platform').set(as(owner))).status).toBe(404);
    const first = await request(t.app)
      .put('/api/users/me/e-invoicing-platform')
      .set(as(owner))
      .send({ base_url: simulator(), client_id: 'studio-local' });
    expect(first.status).toBe(400);

    const saved = await connect(owner);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      base_url: simulator(),
      client_id: 'studio-local',
      has_secret: true,
      vat_on_debits: false,
    });
    expect(JSON.stringify(saved.body)).not.toContain('studio-local-secret');
    const [row] = await sql<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM platform_connections WHERE owner_id = $1',
      [owner.id],
    );
    expect(row.client_secret_encrypted).toMatch(/^v1\./);
    expect(row.client_secret_encrypted).not.toContain('studio-local-secret');

    // A change without the secret keeps the stored one.
    const changed = await request(t.app)
      .put('/api/users/me/e-invoicing-platform')
      .set(as(owner))
      .send({ base_url: simulator(), client_id: 'studio-local', vat_on_debits: true });
    expect(changed.body.vat_on_debits).toBe(true);
    const read = await request(t.app).get('/api/users/me/e-invoicing-platform').set(as(owner));
    expect(read.body).toEqual(changed.body);
    expect((await connect(owner)).body.vat_on_debits).toBe(false);
  });

  it('another studio has its own (or none), and a disconnected one is gone', async () => {
    expect((await request(t.app).get('/api/users/me/e-invoicing-platform').set(as(other))).status).toBe(404);
    const third = await buildUser(t.app);
    expect((await connect(third)).status).toBe(200);
    expect((await request(t.app).delete('/api/users/me/e-invoicing-platform').set(as(third))).status).toBe(204);
    expect((await request(t.app).delete('/api/users/me/e-invoicing-platform').set(as(third))).status).toBe(404);
  });
});

describe('directory lookup through the studio platform', () => {
  it('finds a company by SIREN or SIRET, answers 404 for one not in the directory, 400 for a malformed number', async () => {
    await connect(owner);
    const found = await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(owner));
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      siren: '552100554',
      siret: null,
      name: 'Mariages de France SARL',
      directory_line: '552100554',
      routing_code: null,
      platform: 'PA simulator',
    });
    const bySiret = await request(t.app).get('/api/e-invoicing/directory/732 829 320 00074').set(as(owner));
    expect(bySiret.status).toBe(200);
    expect(bySiret.body.directory_line).toBe('732829320_73282932000074');

    const missing = await request(t.app).get('/api/e-invoicing/directory/912345675').set(as(owner));
    expect(missing.status).toBe(404);
    for (const bad of ['552100555', '12345', 'abcdefghi']) {
      const res = await request(t.app).get(`/api/e-invoicing/directory/${bad}`).set(as(owner));
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it('is a 409 without a platform, and a 503 while the platform is down', async () => {
    const res = await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(other));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('platform_not_configured');

    await fetch(`${simulator()}/_simulator/outage`, { method: 'POST', body: JSON.stringify({ seconds: 30 }) });
    try {
      const down = await request(t.app).get('/api/e-invoicing/directory/552100554').set(as(owner));
      expect(down.status).toBe(503);
    } finally {
      await fetch(`${simulator()}/_simulator/outage`, { method: 'POST', body: JSON.stringify({ seconds: 0 }) });
    }
  });
});
