// The Twilio-style provider against a small HTTP server on loopback standing in for the API.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { createHttpSmsProvider } from '../../../lib/sms/http-sms-provider';
import { SmsRejectedError } from '../../../lib/sms/sms-provider';

interface Received {
  url: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

let server: http.Server;
let baseUrl: string;
const received: Received[] = [];
let answer: { status: number; body: object } = { status: 201, body: { sid: 'SM123' } };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const provider = () =>
  createHttpSmsProvider({ baseUrl, accountSid: 'AC42', authToken: 'secret-token', from: 'Studio' });

describe('createHttpSmsProvider', () => {
  it('posts To, From and Body form-encoded to the account messages path with basic auth, and returns the message id', async () => {
    answer = { status: 201, body: { sid: 'SM123' } };
    await expect(provider().send({ to: '+33612345678', body: 'Bonjour Léa', reference: 'run-1' })).resolves.toEqual({
      provider: 'http',
      providerMessageId: 'SM123',
    });
    expect(received.at(-1)).toEqual({
      url: '/2010-04-01/Accounts/AC42/Messages.json',
      authorization: `Basic ${Buffer.from('AC42:secret-token').toString('base64')}`,
      form: { To: '+33612345678', From: 'Studio', Body: 'Bonjour Léa' },
    });
  });

  it('reads a 4xx as a refusal for good, with the provider words, and a 5xx or 429 as worth retrying', async () => {
    answer = { status: 400, body: { message: "The 'To' number is not a valid phone number." } };
    const refused = await provider()
      .send({ to: 'abc', body: 'x', reference: 'run-2' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsRejectedError);
    expect((refused as Error).message).toBe("SMS provider answered 400: The 'To' number is not a valid phone number.");
    expect((refused as Error).message).not.toContain('secret-token');

    for (const status of [503, 429]) {
      answer = { status, body: {} };
      const error = await provider()
        .send({ to: '+33612345678', body: 'x', reference: 'run-3' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(SmsRejectedError);
    }
  });
});
