import fs from 'node:fs';
import path from 'node:path';
import { testStackDir } from './paths';

// Every integration test file sees the test stack's variables (written by global-setup), and its
// jest worker's lane: the database, Temporal namespace and bucket of that worker alone
// (scripts/stack/serve-test-stack.ts; docs/testing.md, "Lanes").
const stackEnv = JSON.parse(fs.readFileSync(path.join(testStackDir, 'env.json'), 'utf8')) as Record<string, string>;
const lanes = JSON.parse(fs.readFileSync(path.join(testStackDir, 'lanes.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;
const lane = process.env.JEST_WORKER_ID ?? '1';
if (!lanes[lane])
  throw new Error(
    `The test stack has lanes ${Object.keys(lanes).join(', ')}, not ${lane}: run jest with as many workers`,
  );
Object.assign(process.env, stackEnv, lanes[lane], {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  ADMIN_EMAILS: 'ops-admin@studio.test',
  // Registration counts are shared by every test file through the database, and every test
  // registers from the same address: the production default (30 per hour) would trip them.
  RATE_LIMIT_AUTH_REGISTER: '100000/3600',
});
