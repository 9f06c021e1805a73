// Benchmark: a month of free slots of one session type (issue 45, Speed), against the same data
// read by one SQL statement.
//
//   npx tsx bench/availability.ts [N] [--concurrency C]   (or: npm run bench:availability -- N)
//
// A studio in Paris, its owner working Monday to Friday 09:00–18:00, a session type of one hour
// with 15-minute buffers on a 30-minute grid, and 2 000 of the studio's sessions over the last two
// years, one every nine hours until seven weeks ahead (the busy time). N public `GET /api/book/{slug}/session-types/{id}/slots` for the next 31
// days at a fixed concurrency (default 1: the latency a client sees), then, as the baseline of the
// same run, the statement that reads the busy time of that month (the studio's sessions and
// bookings of the member, as db/queries/booking.ts#findBusyTimes reads them) N times through a
// `pg.Pool`. Prints req/s, p50, p95 and p99 of each and, last, `ratio: N.NN` (api req/s divided by
// direct query/s). The target: p95 under 50 ms. Since 2026-11-29 the owner also has three
// connected CalDAV calendars (issue 45 §3) of 500 events each over the next 400 days, as a sync
// stores them (external_busy_times), and the baseline's statement reads them too: a changed
// baseline, said in the output. See docs/performance.md.
import http from 'node:http';
import crypto from 'node:crypto';
import os from 'node:os';
import {
  benchPool,
  type Cleanup,
  httpGet,
  httpSend,
  parseBenchArgs,
  percentile,
  runAtConcurrency,
  runApiComparison,
  runBench,
  type Sample,
} from './harness';

const SESSIONS = 2000;
/** External calendars and the busy times a sync keeps of each (issue 45 §3). */
const CALENDARS = 3;
const EVENTS_PER_CALENDAR = 500;
const WARM_UP = 20;
const DAY_MS = 24 * 3600 * 1000;

type Pool = ReturnType<typeof benchPool>;

interface Studio {
  ownerId: string;
  slug: string;
  typeId: string;
}

/**
 * Three connected calendars, their events one to three hours long scattered over 400 days, as a
 * sync stores them (the calendars themselves are not called: no worker runs in this bench).
 */
async function seedCalendars(pool: Pool, ownerId: string): Promise<void> {
  await pool.query(
    `WITH c AS (
       INSERT INTO calendar_connections (owner_id, member_id, url, username, secret_encrypted)
       SELECT $1, $1, 'https://calendar.bench.example/' || g || '/', 'bench', 'v1.none'
         FROM generate_series(1, $2::int) AS g RETURNING id)
     INSERT INTO external_busy_times (owner_id, connection_id, member_id, href, etag, busy)
     SELECT $1, c.id, $1, 'https://calendar.bench.example/' || c.id || '/' || e || '.ics', '"' || e || '"',
            tstzrange(s, s + ((1 + e % 3) * interval '1 hour'))
       FROM c CROSS JOIN LATERAL (
         SELECT e, date_trunc('hour', now()) + abs((e * 7919 + hashtext(c.id::text)) % (400 * 24)) * interval '1 hour' AS s
           FROM generate_series(1, $3::int) AS e) AS ev`,
    [ownerId, CALENDARS, EVENTS_PER_CALENDAR],
  );
}

/** A studio registered through the api, its hours, a bookable type and its 2 000 sessions. */
async function seedStudio(baseUrl: string, pool: Pool, agent: http.Agent, cleanup: Cleanup): Promise<Studio> {
  const email = `bench-${Date.now()}-${crypto.randomBytes(4).toString('hex')}@bench.example`;
  const registered = await httpSend('POST', `${baseUrl}/api/auth/register`, {}, agent, {
    email,
    password: `Bench-${crypto.randomBytes(12).toString('hex')}`,
    name: 'Bench Studio',
    time_zone: 'Europe/Paris',
  });
  const body = JSON.parse(registered.body.toString('utf8')) as { user?: { id?: string }; accessToken?: string };
  if (registered.status !== 201 || !body.user?.id || !body.accessToken)
    throw new Error(`register answered ${registered.status}`);
  const auth = { authorization: `Bearer ${body.accessToken}` };
  const slug = `bench-${crypto.randomBytes(4).toString('hex')}`;
  const call = async (method: string, path: string, payload: unknown, expected: number) => {
    const res = await httpSend(method, `${baseUrl}${path}`, auth, agent, payload);
    if (res.status !== expected)
      throw new Error(`${method} ${path} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
    return JSON.parse(res.body.toString('utf8') || '{}') as Record<string, unknown>;
  };
  await call('PATCH', '/api/users/me/preferences', { tenant_slug: slug }, 200);
  await call(
    'PUT',
    '/api/users/me/availability',
    {
      time_zone: 'Europe/Paris',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
    },
    200,
  );
  const type = await call(
    'POST',
    '/api/session-types',
    { name: 'Portrait', default_price: '240.00', duration_minutes: 60 },
    201,
  );
  const typeId = String(type.id);
  await call(
    'PUT',
    `/api/session-types/${typeId}/booking`,
    {
      enabled: true,
      duration_minutes: 60,
      buffer_before_minutes: 15,
      buffer_after_minutes: 15,
      increment_minutes: 30,
      minimum_notice_minutes: 0,
      booking_window_days: 90,
    },
    200,
  );
  const ownerId = String(body.user.id);
  // 2 000 sessions of one to two hours, one every nine hours from two years ago to seven weeks
  // ahead (in working hours and outside them): a studio's history, and about one a day to come.
  await pool.query(
    `INSERT INTO sessions (owner_id, title, status, start_date, end_date, created_at, updated_at)
     SELECT $1, 'Session ' || g, 'VALIDATED', s, s + (60 + 60 * (g % 2)) * interval '1 minute', now(), now()
     FROM (SELECT g, date_trunc('hour', now()) - interval '700 days' + (g * 9) * interval '1 hour' AS s
           FROM generate_series(1, $2::int) AS g) AS t`,
    [ownerId, SESSIONS],
  );
  await seedCalendars(pool, ownerId);
  await pool.query('ANALYZE sessions');
  await pool.query('ANALYZE external_busy_times');
  cleanup.add(
    'the bench data',
    async () => {
      await pool.query('DELETE FROM sessions WHERE owner_id = $1', [ownerId]);
      await pool.query('DELETE FROM calendar_connections WHERE owner_id = $1', [ownerId]);
    },
    null,
  );
  return { ownerId, slug, typeId };
}

/** The month's busy time in one statement: what the api reads before it computes the slots. */
const BUSY_SQL = `SELECT member_id, lower(blocked) AS start, upper(blocked) AS end FROM bookings
   WHERE owner_id = $1 AND member_id = $1 AND blocked && tstzrange($2, $3)
     AND (status IN ('PENDING', 'CONFIRMED') OR (status = 'HELD' AND expires_at > now()))
 UNION ALL
 SELECT $1 AS member_id, s.start_date, coalesce(s.end_date, s.start_date + interval '1 hour')
   FROM sessions s LEFT JOIN session_assignments a ON a.session_id = s.id
   WHERE s.owner_id = $1 AND s.status <> 'CANCELLED' AND s.start_date < $3
     AND coalesce(s.end_date, s.start_date + interval '1 hour') > $2 AND a.user_id IS NULL
     AND NOT EXISTS (SELECT 1 FROM bookings k WHERE k.session_id = s.id)
 UNION ALL
 SELECT member_id, lower(busy), upper(busy) FROM external_busy_times b
   WHERE owner_id = $1 AND member_id = $1 AND busy && tstzrange($2, $3)
     AND NOT EXISTS (SELECT 1 FROM calendar_event_copies c WHERE c.connection_id = b.connection_id AND c.href = b.href)`;

function report(label: string, unit: string, s: Sample) {
  const sorted = [...s.latenciesMs].sort((a, b) => a - b);
  const perSecond = s.latenciesMs.length / (s.elapsedMs / 1000);
  console.log(
    `${label.padEnd(52)} ${perSecond.toFixed(1).padStart(8)} ${unit}   p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms`,
  );
  return { perSecond };
}

async function main(): Promise<void> {
  const args = parseBenchArgs(
    process.argv.slice(2),
    { BENCH_CONCURRENCY: '1', ...process.env },
    'availability.ts',
    300,
  );
  await runApiComparison(
    { dataDirName: 'bench-availability', concurrency: args.concurrency, processes: args.processes },
    'the sessions and the baseline',
    async ({ baseUrl, databaseUrl }, cleanup) => {
      const pool = benchPool(databaseUrl, args.concurrency, cleanup);
      const agent = new http.Agent({ keepAlive: true, maxSockets: args.concurrency });
      cleanup.add('the HTTP client', async () => agent.destroy());
      const studio = await seedStudio(baseUrl, pool, agent, cleanup);
      const from = new Date(Date.now() + 3600_000);
      const to = new Date(from.getTime() + 31 * DAY_MS);
      const url = `${baseUrl}/api/book/${studio.slug}/session-types/${studio.typeId}/slots?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&time_zone=America%2FNew_York`;
      const first = await httpGet(url, {}, agent);
      const slots = (JSON.parse(first.body.toString('utf8')) as { slots?: unknown[] }).slots;
      if (first.status !== 200 || !Array.isArray(slots) || slots.length === 0)
        throw new Error(`the slots answered ${first.status} with ${Array.isArray(slots) ? slots.length : 'no'} slots`);
      const viaApi = async () => {
        const { status, body } = await httpGet(url, {}, agent);
        if (status !== 200 || body.length !== first.body.length) throw new Error(`the slots answered ${status}`);
      };
      const wide = [studio.ownerId, new Date(from.getTime() - 8 * DAY_MS), new Date(to.getTime() + 8 * DAY_MS)];
      const busyRows = (await pool.query(BUSY_SQL, wide)).rowCount;
      const viaPg = async () => {
        const { rowCount } = await pool.query(BUSY_SQL, wide);
        if (rowCount !== busyRows)
          throw new Error(`the busy statement answered ${rowCount} rows, expected ${busyRows}`);
      };
      console.log(
        `A month of ${slots.length} free slots among ${busyRows} busy times (sessions, bookings and ${CALENDARS} external calendars: the baseline reads them too since 2026-11-29); warming up...`,
      );
      await runAtConcurrency(WARM_UP, args.concurrency, viaApi);
      await runAtConcurrency(WARM_UP, args.concurrency, viaPg);
      console.log(`Measuring N=${args.count} at concurrency ${args.concurrency}...`);
      const api = await runAtConcurrency(args.count, args.concurrency, viaApi);
      const direct = await runAtConcurrency(args.count, args.concurrency, viaPg);
      console.log('');
      console.log(
        `bench:availability  N=${args.count}  concurrency=${args.concurrency}  node ${process.version}  ${os.availableParallelism()} CPUs`,
      );
      const apiRun = report('api    GET /api/book/{slug}/.../slots (31 days)', 'req/s', api);
      const directRun = report('direct pg (the month’s busy time, one statement)', 'q/s  ', direct);
      console.log('target: the api’s p95 under 50 ms');
      return { api: apiRun, direct: directRun };
    },
  );
}

runBench(main);
