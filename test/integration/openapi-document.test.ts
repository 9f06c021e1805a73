// The OpenAPI document is the api's contract with the studio app: a refactor must leave it as it
// was. `test/fixtures/openapi.json` is the document as clients know it; a deliberate change of the
// api rewrites it with UPDATE_OPENAPI_SNAPSHOT=1 and shows up in review as a diff of that file.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/test-app';

const snapshot = path.join(__dirname, '..', 'fixtures', 'openapi.json');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs', () => {
  it('is the document clients know, operation by operation', async () => {
    const res = await request(t.app).get('/api/docs').expect(200);
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') fs.writeFileSync(snapshot, `${JSON.stringify(res.body, null, 2)}\n`);
    const known = JSON.parse(fs.readFileSync(snapshot, 'utf8')) as { paths: Record<string, unknown> };
    expect(Object.keys(res.body.paths).sort()).toEqual(Object.keys(known.paths).sort());
    expect(res.body).toEqual(known);
  });
});
