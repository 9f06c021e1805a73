import crypto from 'node:crypto';
import request from 'supertest';
import { type Sequelize } from 'sequelize-typescript';
import { createSequelize } from '../../../db/sequelize';
import { loadConfig } from '../../../lib/config';
import { type ApiProcess, isRunning, startApiProcess } from '../../helpers/api-process';
import { eventually } from '../../helpers/worker-process';

// The api processes trust one proxy hop, and each request names a client address of its own in
// X-Forwarded-For: these counts never meet the other test files' (all from 127.0.0.1).
const octet = () => crypto.randomInt(1, 255);
const newAddress = () => `10.${octet()}.${octet()}.${octet()}`;
const addresses: string[] = [];
const address = () => {
  const a = newAddress();
  addresses.push(a);
  return a;
};
const password = 'correct horse battery staple';

let sequelize: Sequelize;
beforeAll(() => {
  sequelize = createSequelize({ url: loadConfig().DATABASE_URL, poolMax: 2 });
});
afterAll(async () => {
  for (const a of addresses)
    await sequelize.query("DELETE FROM rate_limits WHERE key LIKE '%:ip:' || $1 || '%'", { bind: [a] });
  await sequelize.close();
});

describe('two api processes', () => {
  let one: ApiProcess;
  let two: ApiProcess;
  beforeAll(async () => {
    const env = { TRUST_PROXY_HOPS: '1', RATE_LIMIT_AUTH_REGISTER: '3/3600', RATE_LIMIT_AUTH_LOGIN: '2/900' };
    [one, two] = await Promise.all([startApiProcess('api-one', env), startApiProcess('api-two', env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });

  const register = (api: ApiProcess, from: string, email = `shared-${crypto.randomUUID()}@studio.test`) =>
    request(api.baseUrl).post('/api/auth/register').set('X-Forwarded-For', from).send({ email, password });

  it('share one registration count, with the limit set through the environment', async () => {
    const from = address();
    const first = await register(one, from);
    const second = await register(one, from);
    const third = await register(two, from);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(third.headers['ratelimit-policy']).toBe('3;w=3600');
    expect(third.headers.ratelimit).toMatch(/^limit=3, remaining=0, reset=\d+$/);

    for (const api of [one, two]) {
      const refused = await register(api, from);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'rate_limited' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }

    // Another address is counted on its own.
    expect((await register(two, address())).status).toBe(201);
  });

  it('share one count of failed logins per address and email; successful ones are not counted', async () => {
    const from = address();
    const email = `login-${crypto.randomUUID()}@studio.test`;
    expect((await register(one, from, email)).status).toBe(201);
    const login = (api: ApiProcess, pw: string) =>
      request(api.baseUrl).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password: pw });
    // A login is counted when it arrives and given back once it has succeeded (so concurrent
    // guesses cannot slip past the limit); wait for the give-back before the next attempt.
    const counted = async (points: number) => {
      const [rows] = await sequelize.query('SELECT points FROM rate_limits WHERE key = $1', {
        bind: [`auth:login:ip:${from}:${email}`],
      });
      return (rows as { points: number }[])[0]?.points === points;
    };

    expect((await login(one, password)).status).toBe(200);
    await eventually('the successful login to be given back', () => counted(0), 5_000);
    expect((await login(one, 'wrong password')).status).toBe(401);
    expect((await login(two, password)).status).toBe(200);
    await eventually('the successful login to be given back', () => counted(1), 5_000);
    expect((await login(two, 'wrong password')).status).toBe(401);
    // Two failures (RATE_LIMIT_AUTH_LOGIN=2/900) across both processes: even the right password waits now.
    const refused = await login(one, password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('take a removed member out of the studio at once in the other process too, though its guard read them a moment before', async () => {
    const owner = await register(one, address());
    const member = await register(one, address());
    expect([owner.status, member.status]).toEqual([201, 201]);
    const [ownerId, memberId] = [owner.body.user.id as string, member.body.user.id as string];
    await sequelize.query('UPDATE users SET org_id = $1 WHERE id = $2', { bind: [ownerId, memberId] });
    await sequelize.query("INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'assistant')", {
      bind: [ownerId, memberId],
    });
    const asOwner = { Authorization: `Bearer ${owner.body.accessToken as string}` };
    const asMember = { Authorization: `Bearer ${member.body.accessToken as string}` };
    const contact = await request(one.baseUrl)
      .post('/api/contacts')
      .set(asOwner)
      .send({ first_name: 'Nina', last_name: 'Studio' })
      .expect(201);
    // Process two reads the member as one of the studio's, and keeps that reading a few seconds.
    await request(two.baseUrl).get(`/api/contacts/${contact.body.id}`).set(asMember).expect(200);

    await request(one.baseUrl).delete(`/api/team/members/${memberId}`).set(asOwner).expect(204);
    // Told at commit, process two forgets them (well within its guard's 5 seconds of trust): they
    // act in their own studio again, where the contact is not.
    await eventually(
      'the removed member out of the studio in process two',
      async () => (await request(two.baseUrl).get(`/api/contacts/${contact.body.id}`).set(asMember)).status === 404,
      2_000,
    );
  });
});

describe('API_PROCESSES=2', () => {
  const listeningPids = (api: ApiProcess) =>
    api
      .logLines()
      .filter((l) => l.msg === 'api listening')
      .map((l) => l.pid as number);

  it('runs two processes on one port and stops both, exiting 0, on SIGTERM', async () => {
    const api = await startApiProcess('api-cluster', { API_PROCESSES: '2' }, 2);
    const pids = listeningPids(api);
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(api.child.pid);
    expect((await request(api.baseUrl).get('/health')).status).toBe(200);

    expect(await api.stop('SIGTERM')).toBe(0);
    for (const pid of pids) await eventually(`api process ${pid} to exit`, async () => !isRunning(pid), 10_000);
  }, 120_000);

  it('does not restart a process that dies: it logs it, stops the other and exits 1', async () => {
    const api = await startApiProcess('api-cluster-crash', { API_PROCESSES: '2' }, 2);
    const [victim, survivor] = listeningPids(api);
    process.kill(victim, 'SIGKILL');

    expect(await api.exited).toBe(1);
    expect(api.logLines().find((l) => l.msg === 'an api process exited; stopping the others')).toMatchObject({
      workerPid: victim,
      signal: 'SIGKILL',
    });
    await eventually(`api process ${survivor} to exit`, async () => !isRunning(survivor), 10_000);
  }, 120_000);
});
