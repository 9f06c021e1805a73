import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { errorHandler } from '../../../api/middleware/error-handler';
import { requestId } from '../../../api/middleware/request-id';
import { createRateLimits } from '../../../api/middleware/rate-limit';
import { createSequelize } from '../../../db/sequelize';
import { loadConfig } from '../../../lib/config';
import { REQUIRED_ENV } from '../../fixtures/required-env';

// No stack: the database URL names a port where nothing listens, as during an outage.
const config = loadConfig({
  ...REQUIRED_ENV,
  DATABASE_URL: 'postgres://u:p@127.0.0.1:1/studio',
  RATE_LIMIT_EXPORT_SYNC: '2/60',
});
const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 1 });
afterAll(() => sequelize.close());

describe('rate limits when PostgreSQL is down', () => {
  it('keep answering, count in the process instead, and log a warning', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ level: 'warn' }, sink);
    const app = express();
    app.use(requestId);
    app.get('/limited', createRateLimits({ sequelize, config, logger }).create('export:sync'), (_req, res) => {
      res.json({ ok: true });
    });
    app.use(errorHandler(logger));

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(app).get('/limited')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(lines.filter((l) => l.msg === 'rate-limit store failed; counting in this process only')).toHaveLength(3);
  });
});
