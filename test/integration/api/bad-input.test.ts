// Bad input never gets a 500: bodies nested past any record's depth, multipart bodies the parser
// refuses, and request lines too long for the server, each answered in the api's error shape over
// a real HTTP server (the server, not just the app, decides some of these).
import net from 'node:net';
import request from 'supertest';
import { buildUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/**
 * Sends `head` (a raw request line and headers) over a socket, writing as a slow client would, and
 * reads what comes back until the server closes. A reset before any answer rejects.
 */
function rawRequest(head: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(t.baseUrl!);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n([^]*)$/.exec(text);
      if (!match) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status: Number(match[1]), body: JSON.parse(match[2]) as Record<string, unknown> });
    });
    socket.on('connect', () => {
      const bytes = Buffer.from(head);
      // Written in pieces, so the server refuses the line while the client is still sending.
      for (let i = 0; i < bytes.length; i += 4096) socket.write(bytes.subarray(i, i + 4096));
    });
  });
}

describe('JSON bodies', () => {
  it('answers 400 to a body nested 50 000 levels deep, and the api still answers', async () => {
    const user = await buildUser(t.app);
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const res = await request(t.app)
      .post('/api/contacts')
      .set(as(user))
      .set('Content-Type', 'application/json')
      .send(deep);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: expect.stringContaining('nested more than 64 levels'),
    });
    const arrays = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(
      (
        await request(t.app)
          .patch('/api/users/me/preferences')
          .set(as(user))
          .set('Content-Type', 'application/json')
          .send(arrays)
      ).status,
    ).toBeLessThan(500);
    expect((await request(t.app).post('/api/contacts').set(as(user)).send({ first_name: 'Inès' })).status).toBe(201);
  });

  it('still accepts a body nested as deep as a real record', async () => {
    const user = await buildUser(t.app);
    const res = await request(t.app)
      .post('/api/invoices')
      .set(as(user))
      .send({
        title: 'Facture',
        items: [
          { item_type: 'SESSION_TYPE', description: 'Portrait', quantity: 1, price: '90.00', vat_percentage: '20.00' },
        ],
      });
    expect(res.status).toBe(201);
  });
});

describe('multipart uploads', () => {
  const uploads = ['/api/users/me/avatar', '/api/users/me/logo'];
  const imports = [
    '/api/import/contacts/preview',
    '/api/import/contacts',
    '/api/import/sessions',
    '/api/import/quotes',
    '/api/import/invoices',
  ];

  it.each([...uploads.map((p) => ['put', p]), ...imports.map((p) => ['post', p])])(
    '%s %s answers 400 or 415 to a multipart body without a boundary, cut off, or missing',
    async (method, route) => {
      const user = await buildUser(t.app);
      const send = (contentType: string | undefined, body: string) => {
        const req = (method === 'put' ? request(t.app).put(route) : request(t.app).post(route)).set(as(user));
        return contentType ? req.set('Content-Type', contentType).send(body) : req.send();
      };
      const answers = [
        await send(
          'multipart/form-data',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nfirst_name\r\nZoé\r\n--x--\r\n',
        ),
        await send(
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nfirst_na',
        ),
        await send('multipart/form-data; boundary=x', '--x\r\nContent-Dispo\r\n\r\n'),
        await send('application/json', '{}'),
        await send(undefined, ''),
      ];
      for (const res of answers) {
        expect([400, 415]).toContain(res.status);
        expect(res.body).toMatchObject({
          statusCode: res.status,
          code: expect.any(String),
          message: expect.any(String),
          requestId: expect.any(String),
        });
      }
    },
  );
});

describe('long request lines', () => {
  it('answers 414 whole, never a reset, to an import with a 16 KB non-ASCII mapping', async () => {
    const user = await buildUser(t.app);
    const mapping = encodeURIComponent(JSON.stringify({ Prénom: 'é'.repeat(16 * 1024) }));
    const head = `POST /api/import/contacts?mapping=${mapping} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\nContent-Length: 0\r\n\r\n`;
    const res = await rawRequest(head);
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ statusCode: 414, code: 'uri_too_long', requestId: expect.any(String) });

    // Raw UTF-8 bytes in the line, as some clients send them, are refused the same way.
    const rawUtf8 = await rawRequest(
      `POST /api/import/contacts/preview?mapping=${'é'.repeat(16 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`,
    );
    expect([400, 414]).toContain(rawUtf8.status);
  });

  it('answers 414 in the error shape to a line the parser accepts but no route needs (over 8 KB)', async () => {
    const user = await buildUser(t.app);
    const res = await fetch(`${t.baseUrl}/api/contacts?q=${'a'.repeat(10 * 1024)}`, { headers: as(user) });
    expect(res.status).toBe(414);
    expect(await res.json()).toMatchObject({ code: 'uri_too_long', requestId: res.headers.get('x-request-id') });
    expect((await fetch(`${t.baseUrl}/api/contacts?q=Martin`, { headers: as(user) })).status).toBe(200);
  });

  it('answers 431 to headers too large for the server', async () => {
    const res = await rawRequest(
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'p'.repeat(32 * 1024)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ code: 'headers_too_large' });
  });
});
