import request from 'supertest';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('answers /health and /ready with every dependency up', async () => {
    expect((await request(t.app).get('/health')).body).toEqual({ status: 'ok' });
    const ready = await request(t.app).get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: { status: 'up' }, temporal: { status: 'up' }, storage: { status: 'up' } },
    });
  });

  it('echoes X-Request-ID, or generates one', async () => {
    const given = await request(t.app).get('/health').set('X-Request-ID', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await request(t.app).get('/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await request(t.app).get('/health').set('X-Request-ID', 'bad id with spaces');
    expect(unsafe.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('serves process and HTTP metrics in the text format', async () => {
    await request(t.app).get('/health');
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/^process_cpu_user_seconds_total/m);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/health"/);
  });

  it('serves an OpenAPI document listing the contact and session routes', async () => {
    const res = await request(t.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/contacts',
        '/api/contacts/{id}',
        '/api/sessions',
        '/api/auth/register',
        '/admin/jobs/{jobRunId}/replay',
        '/api/cardprovider/webhooks',
        '/api/walletprovider/webhooks',
      ]),
    );
    expect(res.body.paths['/api/contacts'].post.requestBody.content['application/json'].schema).toBeDefined();
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await request(t.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'route_not_found' });
  });
});
