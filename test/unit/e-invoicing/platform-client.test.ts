import {
  classifyStatus,
  createPlatformClient,
  PlatformError,
  sha256Hex,
} from '../../../lib/e-invoicing/platform-client';

const connection = { baseUrl: 'https://pa.example/', clientId: 'studio', clientSecret: 's3cret-value' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const flow = {
  flowId: 'f1',
  flowSyntax: 'Factur-X',
  flowType: 'CustomerInvoice',
  processingRule: 'B2B',
  status: 'Déposée',
  updatedAt: '2026-11-27T08:00:00Z',
};

/** A fetch that answers from a list of handlers, in order, and records each call. */
function scripted(answers: ((url: string, init: RequestInit) => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return next(url, init);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const token =
  (value = 't1') =>
  () =>
    json(200, { access_token: value, token_type: 'Bearer', expires_in: 3600 });

describe('e-invoicing platform client', () => {
  it('gets a client-credentials token once, sends it as a bearer, and reuses it', async () => {
    const { calls, fetchImpl } = scripted([token(), () => json(200, flow), () => json(200, { results: [flow] })]);
    const client = createPlatformClient(connection, { fetchImpl });
    expect((await client.getFlow('f1')).status).toBe('Déposée');
    expect(await client.searchFlows({ updatedAfter: '2026-11-27T00:00:00Z' })).toHaveLength(1);
    expect(calls.map((c) => c.url)).toEqual([
      'https://pa.example/oauth/token',
      'https://pa.example/v1/flows/f1',
      'https://pa.example/v1/flows/search',
    ]);
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from('studio:s3cret-value').toString('base64')}`,
    );
    expect((calls[1].init.headers as Record<string, string>).authorization).toBe('Bearer t1');
  });

  it('fetches a new token once when a call answers 401', async () => {
    const { calls, fetchImpl } = scripted([token('old'), () => json(401, {}), token('new'), () => json(200, flow)]);
    const client = createPlatformClient(connection, { fetchImpl });
    await client.getFlow('f1');
    expect((calls[3].init.headers as Record<string, string>).authorization).toBe('Bearer new');
  });

  it('says which failures a retry can heal, and never puts the secret in a message', async () => {
    const down = scripted([
      () => {
        throw new TypeError('fetch failed');
      },
    ]);
    const err = await createPlatformClient(connection, { fetchImpl: down.fetchImpl })
      .getFlow('f1')
      .then(
        () => null,
        (e: unknown) => e as PlatformError,
      );
    expect(err).toBeInstanceOf(PlatformError);
    if (!err) throw new Error('expected a failure');
    expect([err.failure, err.retryable]).toEqual(['unreachable', true]);
    expect(err.message).not.toContain('s3cret');

    const refused = scripted([token(), () => json(400, { message: 'flowInfo.sha256 does not match the file' })]);
    const bad = await createPlatformClient(connection, { fetchImpl: refused.fetchImpl })
      .sendFlow(Buffer.from('x'), {
        flowSyntax: 'CII',
        flowType: 'CustomerInvoice',
        processingRule: 'B2B',
        trackingId: 'i1',
        name: 'f.xml',
      })
      .then(
        () => null,
        (e: unknown) => e as PlatformError,
      );
    if (!bad) throw new Error('expected a failure');
    expect([bad.failure, bad.retryable, bad.message]).toEqual([
      'refused',
      false,
      'platform send flow answered 400: flowInfo.sha256 does not match the file',
    ]);
    expect([503, 502, 500, 429, 408].map(classifyStatus)).toEqual(['server', 'server', 'server', 'server', 'server']);
    expect([400, 401, 403, 404, 409, 422].map(classifyStatus)).toEqual([
      'refused',
      'unauthorized',
      'unauthorized',
      'not_found',
      'refused',
      'refused',
    ]);
  });

  it('sends the file with its SHA-256 in flowInfo, and reads a directory miss as null', async () => {
    const { calls, fetchImpl } = scripted([token(), () => json(201, flow), () => json(404, {})]);
    const client = createPlatformClient(connection, { fetchImpl });
    const file = Buffer.from('<xml/>');
    await client.sendFlow(file, {
      flowSyntax: 'CII',
      flowType: 'CustomerInvoice',
      processingRule: 'B2B',
      trackingId: 'i1',
      name: 'f.xml',
    });
    const form = calls[1].init.body as FormData;
    expect(JSON.parse(form.get('flowInfo') as string)).toMatchObject({ sha256: sha256Hex(file), trackingId: 'i1' });
    expect(await client.lookupCompany('732829320')).toBeNull();
    expect(calls[2].url).toBe('https://pa.example/v1/directory/siren/732829320');
  });

  it('refuses an answer that is not the shape it expects', async () => {
    const { fetchImpl } = scripted([token(), () => json(200, { id: 'f1' })]);
    await expect(createPlatformClient(connection, { fetchImpl }).getFlow('f1')).rejects.toMatchObject({
      failure: 'bad_answer',
      retryable: false,
    });
  });
});
