import fs from 'node:fs';
import path from 'node:path';
import { testStackDir } from './paths';

// Every integration test file sees the test stack's variables (written by global-setup).
const stackEnv = JSON.parse(fs.readFileSync(path.join(testStackDir, 'env.json'), 'utf8')) as Record<string, string>;
Object.assign(process.env, stackEnv, {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  ADMIN_EMAILS: 'ops-admin@studio.test',
  // Registration counts are shared by every test file through the database, and every test
  // registers from the same address: the production default (30 per hour) would trip them.
  RATE_LIMIT_AUTH_REGISTER: '100000/3600',
});
