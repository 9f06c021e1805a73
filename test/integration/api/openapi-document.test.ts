// The OpenAPI document is the api's contract with the studio app: a refactor must leave it as it
// was. `test/fixtures/openapi.json` is the document as clients know it; a deliberate change of the
// api rewrites it with UPDATE_OPENAPI_SNAPSHOT=1 and shows up in review as a diff of that file.
// The studio app lints the document and generates its typed client from it: so does this test.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { STATUS_BY_CODE } from '../../../api/http/error-statuses';
import { buildUser } from '../../factories/users';
import { generateClientTypes, redoclyLint, runTypeScript, scratchDir, typeCheck } from '../../helpers/openapi-tools';
import { startTestApp, type TestApp } from '../../helpers/test-app';

const snapshot = path.join(__dirname, '..', '..', 'fixtures', 'openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Document = {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>>>;
};

let t: TestApp;
let document: Document;
let dir: string;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  document = (await request(t.app).get('/api/docs').expect(200)).body as Document;
  dir = scratchDir('openapi-client-');
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('GET /api/docs', () => {
  it('is the document clients know, operation by operation', () => {
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1')
      fs.writeFileSync(snapshot, `${JSON.stringify(document, null, 2)}\n`);
    const known = JSON.parse(fs.readFileSync(snapshot, 'utf8')) as Document;
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(known.paths).sort());
    expect(document).toEqual(known);
  });

  it('answers every error code the docs describe, under its status, on at least one operation (issue 40 §19)', () => {
    const docsDir = path.join(__dirname, '..', '..', '..', 'docs');
    const text = fs
      .readdirSync(docsDir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => fs.readFileSync(path.join(docsDir, f), 'utf8'))
      .join('\n');
    // The codes every route may answer (400, 401, 403, 404) are documented on each route already.
    const described = Object.entries(STATUS_BY_CODE).filter(
      ([code, status]) => status >= 409 && new RegExp(`\\b${code}\\b`).test(text),
    );
    expect(described.length).toBeGreaterThan(30);
    const declared = (code: string, status: number) =>
      Object.values(document.paths).some((item) =>
        METHODS.some((m) => {
          const responses = (item[m] as { responses?: Record<string, { description?: string }> } | undefined)
            ?.responses;
          return responses?.[String(status)]?.description?.includes(`\`${code}\``) ?? false;
        }),
      );
    expect(described.filter(([code, status]) => !declared(code, status)).map(([c, s]) => `${s} ${c}`)).toEqual([]);
  });

  it('documents the answers issue 40 found missing: the directory, e-reports and closures', () => {
    const responses = (p: string, m: (typeof METHODS)[number]) =>
      (document.paths[p]?.[m] as { responses: Record<string, { description: string; content?: unknown }> }).responses;
    expect(Object.keys(responses('/api/e-invoicing/directory/{identifier}', 'get'))).toEqual(
      expect.arrayContaining(['200', '409', '503']),
    );
    const report = responses('/api/e-reporting/reports', 'post');
    expect(report['201'].content).toBeDefined();
    expect(report['409'].description).toMatch(
      /`e_report_exists`.*`period_not_ended`|`period_not_ended`.*`e_report_exists`/,
    );
    const close = responses('/api/ledger/closures', 'post');
    expect(Object.keys(close)).toEqual(expect.arrayContaining(['200', '201', '409']));
    expect(close['409'].description).toContain('`ledger_chain_broken`');
  });

  it('names every operation once, in camelCase: the method names of generated clients', () => {
    const operations = Object.entries(document.paths).flatMap(([p, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ at: `${m.toUpperCase()} ${p}`, id: item[m]?.operationId })),
    );
    expect(operations.filter((o) => !o.id || !/^[a-z][a-zA-Z0-9]*$/.test(o.id))).toEqual([]);
    const named = (id?: string) => operations.filter((o) => o.id === id).map((o) => o.at);
    expect(operations.filter((o) => named(o.id).length > 1).map((o) => `${o.id}: ${named(o.id).join(', ')}`)).toEqual(
      [],
    );
    expect(operations.length).toBeGreaterThan(100);
  });

  it("passes Redocly's recommended rules: no error, no warning", async () => {
    // On failure jest prints each problem: severity, rule, where and why.
    const problems = await redoclyLint(dir, document);
    expect(problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('types a client whose calls compile, whose mistakes do not, and which talks to the api', async () => {
    await generateClientTypes(dir, document, 'api.d.ts');
    const calls = path.join(dir, 'calls.ts');
    fs.writeFileSync(calls, CLIENT_CALLS);
    // An unused @ts-expect-error is a diagnostic too: each mistake below must be refused.
    expect(typeCheck(calls)).toEqual([]);

    const user = await buildUser(t.app);
    const printed = await runTypeScript(calls, { STUDIO_API_URL: t.baseUrl!, STUDIO_TOKEN: user.token });
    const result = JSON.parse(printed.trim().split('\n').pop()!) as {
      created: number;
      read: number;
      email: string;
      listed: string[];
      id: string;
    };
    expect(result).toMatchObject({ created: 201, read: 200, email: 'ada@studio.test', listed: [result.id] });
  });
});

/** A studio app's calls through openapi-fetch, typed by openapi-typescript from the document. */
const CLIENT_CALLS = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './api';

export const studioClient = (baseUrl: string, token: string) => createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });
type Client = ReturnType<typeof studioClient>;
/** The operationIds name the types too. */
type NewInvoice = NonNullable<operations['createInvoice']['requestBody']>['content']['application/json'];

/** Run against the api: a contact created, read by its id, found by a search. */
export async function contactRoundTrip(client: Client) {
  const created = await client.POST('/api/contacts', { body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@studio.test' } });
  if (!created.data) throw new Error(\`create: \${created.response.status} \${JSON.stringify(created.error)}\`);
  const id: string = created.data.id;
  const read = await client.GET('/api/contacts/{id}', { params: { path: { id } } });
  const email: string | null | undefined = read.data?.email;
  const list = await client.GET('/api/contacts', { params: { query: { q: 'Lovelace', limit: 10 } } });
  return { created: created.response.status, read: read.response.status, email, id, listed: list.data?.items.map((c) => c.id) ?? [] };
}

/** Compiled, not run: an invoice written, read, updated and issued; then mistakes. */
export async function invoiceCalls(client: Client, sessionId: string) {
  const invoice: NewInvoice = { title: 'Wedding shoot', session_id: sessionId, items: [{ item_type: 'BLANK', description: 'Day rate', quantity: 1, price_with_tax: 1200, vat_percentage: 20 }] };
  await client.POST('/api/invoices', { body: invoice });
  await client.GET('/api/invoices', { params: { query: { page: 2, limit: 20 } } });
  await client.GET('/api/invoices/{id}', { params: { path: { id: sessionId } } });
  await client.PUT('/api/invoices/{id}', { params: { path: { id: sessionId } }, body: { title: 'Wedding shoot, two days' } });
  await client.POST('/api/invoices/{id}/issue', { params: { path: { id: sessionId } } });

  await client.POST('/api/invoices', {
    body: {
      // @ts-expect-error a misspelt field: the body's title is missing
      titel: 'Wedding shoot',
    },
  });
  // @ts-expect-error an invoice's body has no amount_due (openapi-fetch only refuses it in a typed variable: its body is a generic)
  const withAmount: NewInvoice = { title: 'Wedding shoot', amount_due: 1200 };
  // @ts-expect-error invoices are written as DRAFT, then issued
  await client.POST('/api/invoices', { body: { ...withAmount, status: 'PAID' } });
  // @ts-expect-error the invoice's id is a path parameter, and it is missing
  await client.GET('/api/invoices/{id}', {});
  // @ts-expect-error there is no such path
  await client.GET('/api/invoice', {});
}

const [baseUrl, token] = [process.env.STUDIO_API_URL, process.env.STUDIO_TOKEN];
if (baseUrl && token) void contactRoundTrip(studioClient(baseUrl, token)).then((result) => console.log(JSON.stringify(result)));
`;
