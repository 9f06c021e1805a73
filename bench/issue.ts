// Benchmark: issuing invoices through the api against the bare statement pair sent straight to
// PostgreSQL (issue 20).
//
//   npx tsx bench/issue.ts [N] [--concurrency C] [--processes P]   (or: npm run bench:issue -- N)
//
// N drafts of one studio issued by `POST /api/invoices/:id/issue` at a fixed concurrency (default
// 16, or BENCH_CONCURRENCY), then, as the baseline of the same run, N drafts of a second studio
// issued through a `pg.Pool` of the same size at the same concurrency by the two statements that
// make a number (the counter row's upsert, which locks it, and the UPDATE of the draft), each pair
// in its own transaction. At the end each studio's numbers must be exactly 1..N (plus the
// warm-up's) with no gap and no duplicate, or the run fails. Prints issues/s, p50 and p99 of
// both, the CPU each process spent per issue and, last, `ratio: N.NN` (api / baseline). The
// target is at least 0.3. Results: docs/performance.md.
//
// BENCH_ISSUE_STUDIO=quebec issues a Québec studio's invoices instead (issue 30): GST + QST lines,
// through its jurisdiction's rules (domain/regimes/ca/) rather than the French gate.
//
// With BASE_URL set it measures that running api (DATABASE_URL is then required). Otherwise it
// brings up a throw-away stack under .data/bench-issue and starts the api itself.
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { type Pool } from 'pg';
import { FRENCH_STUDIO } from '../test/factories/invoices';
import { GST_QST, QUEBEC_STUDIO } from '../test/fixtures/studios-abroad';
import { cpuPerOperation, cpuSnapshot } from './cpu-usage';
import {
  benchPool,
  parseBenchArgs,
  httpSend,
  line,
  runAtConcurrency,
  runBench,
  summarise,
  runApiComparison,
} from './harness';

const WARM_UP = 20;
const quebec = process.env.BENCH_ISSUE_STUDIO === 'quebec';

/** The studio whose drafts the api issues, its client and its one line: French (the default) or Québec's GST + QST. */
const STUDIOS = {
  france: {
    profile: FRENCH_STUDIO,
    client: {
      first_name: 'Chloé',
      last_name: 'Dubois',
      email: 'chloe@bench.example',
      street: '27 quai Saint-Antoine',
      zipcode: '69002',
      city: 'Lyon',
      country: 'France',
    },
    line: { item_type: 'SESSION_TYPE', description: 'Séance', price_without_tax: '250.00', vat_percentage: 20 },
  },
  quebec: {
    profile: { ...QUEBEC_STUDIO, company_city: 'Montréal', company_region: 'QC' },
    client: {
      first_name: 'Élise',
      last_name: 'Tremblay',
      email: 'elise@bench.example',
      street: '1000 rue De La Gauchetière',
      zipcode: 'H3B 4W5',
      city: 'Montréal',
      region: 'QC',
      country: 'CA',
    },
    line: {
      item_type: 'SESSION_TYPE',
      description: 'Session',
      price_without_tax: '250.00',
      taxes: GST_QST,
    },
  },
};
const NUMBER = /^F-(\d{4})-(\d{5})$/;

interface Options {
  drafts: number;
  concurrency: number;
  processes: number;
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Options {
  const {
    count: drafts,
    concurrency,
    processes,
  } = parseBenchArgs(argv, env, 'issue.ts', Number(env.BENCH_ISSUE_N ?? 500));
  if (!Number.isInteger(drafts) || drafts < 1 || drafts > 99_999 - WARM_UP)
    throw new Error('N must be an integer from 1 to 99 979 (five-digit numbers)');
  return { drafts, concurrency, processes };
}

/** The year on the Paris calendar (a new studio's time zone), as the api's counter uses it. */
const parisYear = () =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

/** Takes the drafts one at a time, in the order given, whatever the lane. */
function queueOf(ids: string[]): () => string {
  let next = 0;
  return () => {
    if (next >= ids.length) throw new Error('no draft left to issue');
    return ids[next++];
  };
}

type Send = (
  method: string,
  url: string,
  authorization: string | undefined,
  json: unknown,
  expected: number,
) => Promise<Record<string, unknown>>;
type BenchStudio = { id: string; authorization: string; email: string };

/** The api's calls: one answered with `expected` or thrown, and a studio's registration. */
function apiClient(baseUrl: string, agent: http.Agent) {
  const send: Send = async (method, url, authorization, json, expected) => {
    const { status, body } = await httpSend(
      method,
      `${baseUrl}${url}`,
      authorization ? { authorization } : {},
      agent,
      json,
    );
    if (status !== expected)
      throw new Error(`${method} ${url} answered ${status}: ${body.toString('utf8').slice(0, 300)}`);
    return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  };
  const register = async (label: string): Promise<BenchStudio> => {
    const email = `bench-issue-${label}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}@bench.example`;
    const body = (await send(
      'POST',
      '/api/auth/register',
      undefined,
      { email, password: `Bench-${crypto.randomBytes(12).toString('hex')}`, name: `Bench ${label}` },
      201,
    )) as {
      user: { id: string };
      accessToken: string;
    };
    return { id: body.user.id, authorization: `Bearer ${body.accessToken}`, email };
  };
  return { send, register };
}

/** Studio A's client and its `total` drafts, created through the api (unmeasured). */
async function apiDrafts(
  send: Send,
  studioA: BenchStudio,
  {
    studio,
    total,
    concurrency,
  }: { studio: (typeof STUDIOS)[keyof typeof STUDIOS]; total: number; concurrency: number },
): Promise<string[]> {
  const contact = await send('POST', '/api/contacts', studioA.authorization, studio.client, 201);
  console.log(`Creating ${total} drafts for ${studioA.email} through the api...`);
  const draftsA: string[] = new Array<string>(total);
  let created = 0;
  await runAtConcurrency(total, concurrency, async () => {
    const draft = await send(
      'POST',
      '/api/invoices',
      studioA.authorization,
      {
        title: 'Séance famille',
        contact_id: contact.id,
        items: [studio.line],
      },
      201,
    );
    draftsA[created++] = draft.id as string;
  });
  return draftsA;
}

/**
 * The bare pair: the counter row's upsert (which locks it until COMMIT, as the api's
 * drawDocumentNumber does) and the UPDATE that numbers the draft, in one transaction.
 */
async function issueDirectly(pool: Pool, ownerId: string, year: number, id: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ last_value: number }>(
      `INSERT INTO document_counters (owner_id, series, period, last_value) VALUES ($1, 'invoice', $2, 1)
     ON CONFLICT (owner_id, series, period) DO UPDATE SET last_value = document_counters.last_value + 1
     RETURNING last_value`,
      [ownerId, year],
    );
    const number = `F-${year}-${String(rows[0].last_value).padStart(5, '0')}`;
    const updated = await client.query(
      `UPDATE invoices SET status = 'ISSUED', number = $2, issued_at = now(), payment_status = 'UNPAID', balance_due = amount WHERE id = $1 AND status = 'DRAFT'`,
      [id, number],
    );
    if (updated.rowCount !== 1) throw new Error(`draft ${id} was not updated`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** 5. Gapless: the studio's numbers are exactly 1..total, once each, and its counter says total. */
async function checkGapless(
  pool: Pool,
  label: string,
  ownerId: string,
  { total, drafts }: { total: number; drafts: number },
): Promise<void> {
  const numbers = (
    await pool.query<{ number: string | null }>(
      `SELECT number FROM invoices WHERE owner_id = $1 AND status = 'ISSUED'`,
      [ownerId],
    )
  ).rows.map((r) => r.number ?? '');
  const seqs = numbers.map((n) => NUMBER.exec(n)).map((m) => (m ? Number(m[2]) : NaN));
  const years = new Set(numbers.map((n) => NUMBER.exec(n)?.[1]));
  const sorted = [...seqs].sort((a, b) => a - b);
  const gapless = sorted.length === total && sorted.every((seq, i) => seq === i + 1);
  const [counter] = (
    await pool.query<{ last_value: number }>(
      `SELECT last_value FROM document_counters WHERE owner_id = $1 AND series = 'invoice'`,
      [ownerId],
    )
  ).rows;
  if (!gapless || years.size !== 1 || counter?.last_value !== total) {
    const firstBad = sorted.findIndex((seq, i) => seq !== i + 1);
    throw new Error(
      `${label}: ${numbers.length} issued numbers over ${years.size} year(s), counter ${counter?.last_value}; expected 1..${total}` +
        (firstBad >= 0 ? `, first wrong at position ${firstBad + 1}: ${sorted[firstBad]}` : ''),
    );
  }
  console.log(
    `Checked: ${label} studio's numbers are F-${[...years][0]}-00001..${String(total).padStart(5, '0')}, no gap, no duplicate (${WARM_UP} warm-up + ${drafts}).`,
  );
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2), process.env);
  // 1. Where the api and the database are.
  await runApiComparison(
    { dataDirName: 'bench-issue', concurrency: opts.concurrency, processes: opts.processes },
    'baseline and checks',
    async ({ baseUrl, databaseUrl }, cleanup) => {
      const pool = benchPool(databaseUrl, opts.concurrency, cleanup);
      const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
      cleanup.add('the HTTP client', async () => agent.destroy());
      const { send, register } = apiClient(baseUrl, agent);

      // 2. Studio A, issued through the api: a complete company profile, a client with an address,
      // and its drafts (created through the api, unmeasured).
      const total = opts.drafts + WARM_UP;
      const studioA = await register('api');
      const studio = STUDIOS[quebec ? 'quebec' : 'france'];
      await send('PUT', '/api/users/me/company', studioA.authorization, studio.profile, 200);
      const draftsA = await apiDrafts(send, studioA, { studio, total, concurrency: opts.concurrency });

      // 3. Studio B, the baseline's: the same number of drafts, inserted directly.
      const studioB = await register('baseline');
      const draftsB = (
        await pool.query<{ id: string }>(
          `INSERT INTO invoices (owner_id, title, amount, status) SELECT $1, 'Séance famille ' || g, 300.00, 'DRAFT' FROM generate_series(1, $2::int) AS g RETURNING id`,
          [studioB.id, total],
        )
      ).rows.map((r) => r.id);
      await pool.query('ANALYZE invoices');

      // 4. The two sides. The api's answer is checked on every issue.
      const nextA = queueOf(draftsA);
      const viaApi = async () => {
        const id = nextA();
        const body = await send('POST', `/api/invoices/${id}/issue`, studioA.authorization, undefined, 200);
        if (body.status !== 'ISSUED' || typeof body.number !== 'string' || !NUMBER.test(body.number))
          throw new Error(`POST /api/invoices/${id}/issue answered ${JSON.stringify(body).slice(0, 300)}`);
      };
      // The bare pair, in one transaction (issueDirectly).
      const year = parisYear();
      const nextB = queueOf(draftsB);
      const viaPg = async () => issueDirectly(pool, studioB.id, year, nextB());

      console.log(`Warming up (${WARM_UP} issues each)...`);
      await runAtConcurrency(WARM_UP, opts.concurrency, viaApi);
      await runAtConcurrency(WARM_UP, opts.concurrency, viaPg);

      console.log(`Measuring N=${opts.drafts} at concurrency ${opts.concurrency}...`);
      const measure = async (op: () => Promise<void>) => {
        const before = cpuSnapshot();
        const summary = summarise(await runAtConcurrency(opts.drafts, opts.concurrency, op));
        return { summary, cpu: cpuPerOperation(before, cpuSnapshot(), opts.drafts) };
      };
      const apiRun = await measure(viaApi);
      const directRun = await measure(viaPg);
      const api = apiRun.summary;
      const direct = directRun.summary;

      // 5. Gapless, each studio's numbers.
      await checkGapless(pool, 'api', studioA.id, { total, drafts: opts.drafts });
      await checkGapless(pool, 'baseline', studioB.id, { total, drafts: opts.drafts });

      console.log('');
      console.log(
        `bench:issue  N=${opts.drafts}  concurrency=${opts.concurrency}  api processes=${process.env.BASE_URL ? '?' : opts.processes}  node ${process.version}  ${os.availableParallelism()} CPUs`,
      );
      console.log(line('api    POST /api/invoices/:id/issue', api, 'iss/s'));
      console.log(line('direct pg (counter upsert + UPDATE, 1 tx)', direct, 'iss/s'));
      if (apiRun.cpu) {
        console.log('CPU per issue, by process:');
        console.log(`  api:       ${apiRun.cpu}`);
        console.log(`  direct pg: ${directRun.cpu}`);
      }
      return { api, direct };
    },
  );
}

runBench(main);
