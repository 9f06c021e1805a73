// Benchmark: the api's contact list against the same SQL sent straight to PostgreSQL.
//
//   npx tsx bench/api.ts [N] [--concurrency C] [--processes P]   (or: npm run bench:api -- N)
//
// N authenticated `GET /api/contacts?limit=50` requests at a fixed concurrency (default 16, or
// BENCH_CONCURRENCY), then, as the baseline of the same run, the statement the api runs for that
// page (the count and the page together) N times through a `pg.Pool` of the same size at the same
// concurrency, then an HTTP-only reference (bench/static-json-server.ts). Prints req/s, p50 and
// p99 of each, the CPU each process spent per operation and, last, `ratio: N.NN` (api req/s
// divided by direct query/s). The target is a ratio of at least 0.5.
//
// With BASE_URL set it measures that running api (DATABASE_URL is then required for the
// baseline and for the test data). Otherwise it brings up a throw-away stack under .data/bench,
// applies the migrations and starts the api itself, as P processes (API_PROCESSES, default 1, or
// BENCH_API_PROCESSES) sharing the database connections of the baseline. See docs/performance.md.
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Contact } from '../db/models/Contact';
import { type ModelCtor } from 'sequelize-typescript';
import { type ListFilter } from '../db/queries/owned';
import { pageOffset, type PageRequest } from '../domain/pagination';
import { createSequelize } from '../db/sequelize';
import { cpuPerOperation, cpuSnapshot } from './cpu-usage';
import {
  benchPool,
  type Cleanup,
  type Summary,
  parseBenchArgs,
  httpGet,
  line,
  runAtConcurrency,
  runBench,
  spawnScript,
  summarise,
  runApiComparison,
} from './harness';
import { freePort, waitFor } from '../scripts/stack/wait';

const PAGE_SIZE = 50;
const CONTACTS = 1000;
const WARM_UP = 50;

interface Options {
  requests: number;
  concurrency: number;
  /** api processes (API_PROCESSES) when the bench starts the api itself. */
  processes: number;
}

const selectLists = new WeakMap<object, string>();

/** `"field" AS "attribute", ...` for every column of the model, built once per model. */
function selectList(model: ModelCtor): string {
  let list = selectLists.get(model);
  if (!list) {
    list = Object.entries(model.getAttributes())
      .map(([name, attribute]) => {
        const field = attribute.field ?? name;
        return field === name ? `"${field}"` : `"${field}" AS "${name}"`;
      })
      .join(', ');
    selectLists.set(model, list);
  }
  return list;
}

/** Column that carries the total on every row of a list query; no table has a column of that name. */
const TOTAL_COLUMN = 'list_total__';

/**
 * The baseline: the one statement of a list page the api sent until issue 43 (it now has PostgreSQL
 * write the page's JSON, db/queries/owned.ts#listOwnedJson): the count, then the page's rows joined
 * to it. Kept here as it was, so the ratio is measured against the same statement as before.
 */
function listStatement(
  model: ModelCtor,
  ownerId: string,
  page: PageRequest,
  filters: ListFilter[] = [],
): { sql: string; values: unknown[] } {
  const values: unknown[] = [ownerId];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const where = ['owner_id = $1', ...filters.map((filter) => `(${filter(bind)})`)].join(' AND ');
  const table = `"${model.getTableName() as string}"`;
  const sql =
    `SELECT counted.${TOTAL_COLUMN}, listed.* FROM (SELECT count(*)::int AS ${TOTAL_COLUMN} FROM ${table} WHERE ${where}) counted ` +
    `LEFT JOIN LATERAL (SELECT ${selectList(model)} FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${bind(page.limit)} OFFSET ${bind(pageOffset(page))}) listed ON true`;
  return { sql, values };
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Options {
  const { count: requests, concurrency, processes } = parseBenchArgs(argv, env, 'api.ts', 2000);
  if (!Number.isInteger(requests) || requests < 1) throw new Error('N must be a positive integer');
  return { requests, concurrency, processes };
}

type Pool = ReturnType<typeof benchPool>;
type Op = () => Promise<void>;
type Run = { summary: Summary; cpu: ReturnType<typeof cpuPerOperation> };

/** 2a. A user of its own, registered through the api: its id and its bearer token. */
async function registerBenchUser(baseUrl: string): Promise<{ email: string; ownerId: string; authorization: string }> {
  const email = `bench-${Date.now()}-${crypto.randomBytes(4).toString('hex')}@bench.example`;
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: `Bench-${crypto.randomBytes(12).toString('hex')}`,
      name: 'Bench User',
    }),
  });
  const registerBody = (await registered.json().catch(() => ({}))) as {
    user?: { id?: string };
    accessToken?: string;
  };
  if (registered.status !== 201 || !registerBody.user?.id || !registerBody.accessToken) {
    throw new Error(
      `POST /api/auth/register answered ${registered.status}: ${JSON.stringify(registerBody).slice(0, 300)}`,
    );
  }
  return { email, ownerId: registerBody.user.id, authorization: `Bearer ${registerBody.accessToken}` };
}

/** 2b. The user's 1000 contacts, so the page query has real work to do (deleted at cleanup); answers how many it has. */
async function seedContacts(pool: Pool, ownerId: string, cleanup: Cleanup): Promise<number> {
  await pool.query(
    `INSERT INTO contacts (owner_id, first_name, last_name, email, city, created_at, updated_at)
   SELECT $1, 'First' || g, 'Last' || g, 'contact' || g || '@bench.example',
          (ARRAY['Paris', 'Lyon', 'Nantes', 'Lille', 'Bordeaux'])[1 + g % 5],
          now() - g * interval '17 minutes', now() - g * interval '17 minutes'
   FROM generate_series(1, $2::int) AS g`,
    [ownerId, CONTACTS],
  );
  // Vacuumed as a studio's table is once autovacuum has passed (its pages marked all-visible, so
  // either side's count may read an index alone); until 2026-11-29 it was analyzed only.
  await pool.query('VACUUM ANALYZE contacts');
  const expectedTotal = (
    await pool.query<{ total: number }>('SELECT count(*)::int AS total FROM contacts WHERE owner_id = $1', [ownerId])
  ).rows[0].total;
  if (expectedTotal < CONTACTS)
    throw new Error(`expected at least ${CONTACTS} contacts for the bench user, found ${expectedTotal}`);
  cleanup.add(
    'the bench data',
    async () => {
      await pool.query('DELETE FROM contacts WHERE owner_id = $1', [ownerId]);
    },
    null,
  );
  return expectedTotal;
}

/**
 * 3. The two sides, each checked on every iteration. The page does not change during the run, so
 * every answer must be byte for byte the one checked in full here: a full check of each response
 * for the cost of a memcmp, which keeps the client's share of the 2 cores small (JSON.parse of 18 KB is not).
 */
async function theTwoSides(
  { baseUrl, databaseUrl }: { baseUrl: string; databaseUrl: string },
  {
    pool,
    agent,
    ownerId,
    authorization,
    expectedTotal,
  }: {
    pool: Pool;
    agent: http.Agent;
    ownerId: string;
    authorization: string;
    expectedTotal: number;
  },
): Promise<{ expectedBody: Buffer; viaApi: Op; viaPg: Op }> {
  const url = `${baseUrl}/api/contacts?limit=${PAGE_SIZE}`;
  const checkPage = (status: number, text: string): string => {
    if (status !== 200) throw new Error(`GET /api/contacts answered ${status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { items?: unknown[]; total?: unknown };
    if (!Array.isArray(body.items) || body.items.length !== PAGE_SIZE) {
      throw new Error(
        `GET /api/contacts returned ${Array.isArray(body.items) ? body.items.length : 'no'} items, expected ${PAGE_SIZE}`,
      );
    }
    if (body.total !== expectedTotal)
      throw new Error(`GET /api/contacts returned total ${String(body.total)}, expected ${expectedTotal}`);
    return text;
  };
  const first = await httpGet(url, { authorization }, agent);
  const expectedBody = Buffer.from(checkPage(first.status, first.body.toString('utf8')));
  const viaApi = async () => {
    const { status, body } = await httpGet(url, { authorization }, agent);
    if (status !== 200 || !body.equals(expectedBody)) checkPage(status, body.toString('utf8'));
  };
  // The statement the api sends for this page, built by the api's own code. Building it needs
  // the models registered; this Sequelize instance never connects.
  const models = createSequelize({ url: databaseUrl });
  const list = listStatement(Contact, ownerId, { page: 1, limit: PAGE_SIZE });
  await models.close();
  const viaPg = async () => {
    const { rows } = await pool.query<{ [TOTAL_COLUMN]: number }>(list.sql, list.values);
    if (rows.length !== PAGE_SIZE || rows[0][TOTAL_COLUMN] !== expectedTotal) {
      throw new Error(`direct query returned ${rows.length} rows and total ${rows[0]?.[TOTAL_COLUMN]}`);
    }
  };
  return { expectedBody, viaApi, viaPg };
}

/**
 * 4. The HTTP-only reference: a server that answers with a body the api just gave, and does
 * nothing else. Not part of the ratio; it shows what HTTP alone costs here.
 */
async function httpOnlyReference(
  expectedBody: Buffer,
  { agent, authorization, cleanup }: { agent: http.Agent; authorization: string; cleanup: Cleanup },
): Promise<Op> {
  const bodyFile = path.join(os.tmpdir(), `bench-contacts-page-${process.pid}.json`);
  fs.writeFileSync(bodyFile, expectedBody);
  cleanup.add('the sample body', async () => fs.rmSync(bodyFile, { force: true }));
  const httpOnlyPort = await freePort();
  const httpOnlyLog = path.join(os.tmpdir(), `bench-http-only-${process.pid}.log`);
  const httpOnlyServer = spawnScript(
    'bench/static-json-server.ts',
    [String(httpOnlyPort), bodyFile],
    process.env,
    httpOnlyLog,
  );
  cleanup.add('the http-only server', async () => {
    await httpOnlyServer.stop();
    fs.rmSync(httpOnlyLog, { force: true });
  });
  const httpOnlyUrl = `http://127.0.0.1:${httpOnlyPort}/`;
  await waitFor(
    'the http-only server',
    async () => (await httpGet(httpOnlyUrl, {}, agent).catch(() => ({ status: 0 }))).status === 200,
    30_000,
    100,
  );
  return async () => {
    const { status, body } = await httpGet(httpOnlyUrl, { authorization }, agent);
    if (status !== 200 || !body.equals(expectedBody))
      throw new Error(`the http-only server answered ${status} with another body`);
  };
}

/** 5. The three sides, warmed up, then measured one after another: their throughput and CPU per operation. */
async function measureSides(opts: Options, sides: { api: Op; direct: Op; httpOnly: Op }) {
  console.log(`Warming up (${WARM_UP} iterations each)...`);
  await runAtConcurrency(WARM_UP, opts.concurrency, sides.api);
  await runAtConcurrency(WARM_UP, opts.concurrency, sides.direct);
  await runAtConcurrency(WARM_UP, opts.concurrency, sides.httpOnly);

  console.log(`Measuring N=${opts.requests} at concurrency ${opts.concurrency}...`);
  const measure = async (op: Op): Promise<Run> => {
    const before = cpuSnapshot();
    const summary = summarise(await runAtConcurrency(opts.requests, opts.concurrency, op));
    return { summary, cpu: cpuPerOperation(before, cpuSnapshot(), opts.requests) };
  };
  const apiRun = await measure(sides.api);
  const directRun = await measure(sides.direct);
  const httpOnlyRun = await measure(sides.httpOnly);
  return { apiRun, directRun, httpOnlyRun };
}

function report(opts: Options, { apiRun, directRun, httpOnlyRun }: { apiRun: Run; directRun: Run; httpOnlyRun: Run }) {
  const api = apiRun.summary;
  const direct = directRun.summary;
  const httpOnly = httpOnlyRun.summary;
  console.log('');
  console.log(
    `bench:api  N=${opts.requests}  concurrency=${opts.concurrency}  api processes=${process.env.BASE_URL ? '?' : opts.processes}  node ${process.version}  ${os.availableParallelism()} CPUs`,
  );
  console.log(line(`api    GET /api/contacts?limit=${PAGE_SIZE}`, api, 'req/s'));
  console.log(line('direct pg (the same statement)', direct, 'q/s  '));
  console.log(line('http-only (same body, no work; reference)', httpOnly, 'req/s'));
  if (apiRun.cpu) {
    console.log('CPU per operation, by process:');
    console.log(`  api:       ${apiRun.cpu}`);
    console.log(`  direct pg: ${directRun.cpu}`);
    console.log(`  http-only: ${httpOnlyRun.cpu}`);
  }
  // When every process shares the same cores, the costs add up: an api with no work of its
  // own beyond HTTP and the statement would reach about 1 / (1/direct + 1/http-only).
  const ceiling = 1 / (1 / direct.perSecond + 1 / httpOnly.perSecond) / direct.perSecond;
  console.log(`ratio ceiling on this machine (HTTP + the statement, nothing else): ~${ceiling.toFixed(2)}`);
  return { api, direct };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2), process.env);
  // 1. Where the api and the database are.
  await runApiComparison(
    { dataDirName: 'bench', concurrency: opts.concurrency, processes: opts.processes },
    'baseline and test data',
    async (where, cleanup) => {
      // 2. A user with 1000 contacts, so the page query has real work to do.
      const pool = benchPool(where.databaseUrl, opts.concurrency, cleanup);
      const { email, ownerId, authorization } = await registerBenchUser(where.baseUrl);
      const expectedTotal = await seedContacts(pool, ownerId, cleanup);
      console.log(
        `Bench user ${email} with ${expectedTotal} contacts (vacuumed before measuring, since 2026-11-29; analyzed only before).`,
      );
      // node:http with keep-alive, not fetch: the client shares the 2 cores with the api and
      // PostgreSQL, and fetch (undici's WHATWG layer) costs several times more CPU per request.
      const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
      cleanup.add('the HTTP client', async () => agent.destroy());
      const sides = await theTwoSides(where, { pool, agent, ownerId, authorization, expectedTotal });
      const httpOnly = await httpOnlyReference(sides.expectedBody, { agent, authorization, cleanup });
      return report(opts, await measureSides(opts, { api: sides.viaApi, direct: sides.viaPg, httpOnly }));
    },
  );
}

runBench(main);
