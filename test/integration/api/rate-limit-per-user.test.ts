import express from 'express';
import request from 'supertest';
import { createAuthGuards } from '../../../api/auth/guards';
import { createUserLookup } from '../../../api/auth/user-lookup';
import { createTokenService } from '../../../api/auth/tokens';
import { errorHandler } from '../../../api/middleware/error-handler';
import { createRateLimits } from '../../../api/middleware/rate-limit';
import { requestId } from '../../../api/middleware/request-id';
import { createLogger } from '../../../lib/logger';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
let users: TestUser[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const user of users)
    await t.sequelize.query('DELETE FROM rate_limits WHERE key = $1', { bind: [`export:sync:user:${user.id}`] });
  await t.close();
});

describe('per-user rate limits', () => {
  it('count each signed-in user on their own, with the count and window from configuration', async () => {
    // What the export router will do: auth guard, then `limits.create('export:sync', { per: 'user' })`.
    const config = { ...t.config, RATE_LIMIT_EXPORT_SYNC: { count: 2, seconds: 60 } };
    const logger = createLogger('silent');
    const guards = createAuthGuards(
      createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS),
      config.ADMIN_EMAILS,
      createUserLookup(t.sequelize),
    );
    const limit = createRateLimits({ sequelize: t.sequelize, config, logger }).create('export:sync', { per: 'user' });
    const app = express();
    app.use(requestId);
    app.get('/export', guards.requireUser, limit, (_req, res) => {
      res.json({ ok: true });
    });
    app.use(errorHandler(logger));

    users = [await buildUser(t.app), await buildUser(t.app)];
    const [alice, bob] = users;
    const get = (user: TestUser) => request(app).get('/export').set(as(user));

    expect([(await get(alice)).status, (await get(alice)).status]).toEqual([200, 200]);
    const refused = await get(alice);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.headers['ratelimit-policy']).toBe('2;w=60');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Same address, another user: a count of their own.
    expect((await get(bob)).status).toBe(200);
  });
});
