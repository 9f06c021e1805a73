// Issue 44: the migration that makes each studio its organisation, run on a copy of a database
// holding every kind of record. A studio is made through the api with contacts, sessions, quotes,
// issued invoices with their ledger chain, payments, credit notes, templates and automations; then
// the whole test database (every studio of every test so far) is copied, in one consistent
// snapshot, into a scratch database, put back in the shape it had before teams (the migration
// undone, each organisation under an id of its own, as registration made them), and migrated
// again. Every row of every table must come out the same, and every ledger chain must check as it
// did before.
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import request from 'supertest';
import { createMigrator } from '../../../db/migrator';
import { checkLedgerIntegrity } from '../../../db/queries/ledger-integrity';
import { buildContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';

const TEAMS = '2026.11.28T12.00.00.studios-are-organisations';
const BEFORE_TEAMS = '2026.11.28T09.00.00.country-names';
/** The last migration of issue 44 §1: the ones after it add tables and columns of their own, compared apart. */
const TEAMS_DONE = '2026.11.28T12.10.00.team-invitations';

let t: TestApp;
const scratch = useScratchDatabase('studios_migration');
const copy = sqlOn(() => scratch.sequelize());

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A studio with a record of each kind the api makes. */
async function busyStudio(): Promise<TestUser> {
  const studio = await buildUser(t.app, { name: 'Studio Migration' });
  const contact = await buildContact(t.app, studio, { first_name: 'Inès', last_name: 'Durand' });
  await buildSession(t.app, studio, { title: 'Mariage', contact_id: contact.id });
  await buildQuote(t.app, studio, { accepted: true });
  const invoice = await buildInvoice(t.app, studio, { issued: true });
  await request(t.app)
    .post(`/api/invoices/${invoice.id}/payments`)
    .set(as(studio))
    .send({ amount: '100.00', method: 'bank_transfer' })
    .expect(201);
  await buildCreditNote(t.app, studio);
  await request(t.app).post('/api/sms-templates/create-defaults').set(as(studio)).expect(200);
  await request(t.app).post('/api/session-types/create-defaults').set(as(studio));
  const workflow = await request(t.app).post('/api/workflows').set(as(studio)).send({ name: 'Accueil' }).expect(201);
  await request(t.app)
    .post(`/api/workflows/${workflow.body.id}/triggers`)
    .set(as(studio))
    .send({ name: 'Nouveau contact', trigger_event: 'CONTACT_CREATED' });
  return studio;
}

const TABLES = `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations' ORDER BY c.relname`;

/** Every row of every table of the test database, read in one snapshot. */
async function snapshotOfTestDatabase(): Promise<Map<string, unknown[]>> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = (await client.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
    const rows = new Map<string, unknown[]>();
    for (const name of tables)
      rows.set(
        name,
        (await client.query(`SELECT to_jsonb(t) AS row FROM "${name}" t`)).rows.map((r) => r.row),
      );
    await client.query('COMMIT');
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * The copy less the studios whose founder's account was deleted (a test deletes one): since teams
 * their records outlive the account, which the pre-teams shape cannot hold (every owner_id then
 * referenced an account), so the migration's way down would refuse them. Everything else stays.
 */
function beforeTeamsCanHold(source: Map<string, unknown[]>): Map<string, unknown[]> {
  const accounts = new Set((source.get('users') ?? []).map((u) => (u as { id: string }).id));
  const gone = new Set(
    (source.get('organizations') ?? []).map((o) => (o as { id: string }).id).filter((id) => !accounts.has(id)),
  );
  if (gone.size === 0) return source;
  const studioOf = (name: string, row: Record<string, unknown>) =>
    name === 'organizations' ? row.id : name === 'user_company' ? row.user_id : (row.owner_id ?? row.org_id);
  return new Map(
    [...source].map(([name, rows]) => [
      name,
      name === 'users'
        ? rows
        : rows.filter((row) => !gone.has(studioOf(name, row as Record<string, unknown>) as string)),
    ]),
  );
}

type Run = (statement: string, bind?: unknown[]) => Promise<unknown[]>;

/** Statements on one connection of the copy, in one transaction, foreign keys and triggers off (replica). */
async function unchecked(run: (q: Run) => Promise<void>): Promise<void> {
  const db = scratch.sequelize();
  await db.transaction(async (transaction) => {
    const q: Run = (statement, bind = []) =>
      db.query(statement, { bind, transaction, type: QueryTypes.SELECT }).catch((err: unknown) => {
        const original = (err as { original?: Error }).original;
        throw new Error(`${statement.slice(0, 80)}: ${original?.message ?? String(err)}`);
      });
    await q('SET LOCAL session_replication_role = replica');
    await run(q);
  });
}

/** The organisation ids, which the migration moves; every other value must stay. */
const MOVED = new Set(['organizations.id', 'users.org_id', 'file_objects.org_id', 'job_runs.org_id']);

/** Each table's rows as text, sorted, with the columns holding an organisation id left out. */
async function contents(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { name } of await copy<{ name: string }>(TABLES)) {
    if (name === 'memberships' || name === 'team_invitations') continue;
    const rows = await copy<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM "${name}" t`);
    out[name] = rows
      .map(({ row }) => JSON.stringify(Object.entries(row).filter(([column]) => !MOVED.has(`${name}.${column}`))))
      .sort();
  }
  return out;
}

/** Every studio's ledger check, by studio. */
async function ledgerChecks(): Promise<Record<string, unknown>> {
  const owners = await copy<{ owner_id: string }>('SELECT DISTINCT owner_id FROM ledger_records ORDER BY 1');
  const checks: Record<string, unknown> = {};
  for (const { owner_id } of owners) checks[owner_id] = await checkLedgerIntegrity(scratch.sequelize(), owner_id);
  return checks;
}

describe('the studios become organisations (issue 44)', () => {
  it('keeps every row of a copy of the test database, and every ledger chain checks as before', async () => {
    const studio = await busyStudio();
    // A studio whose founder's account is deleted (as a test of the guard does): its records stay.
    const founderGone = await buildUser(t.app, { name: 'Studio sans compte' });
    await t.sequelize.query('DELETE FROM users WHERE id = $1', { bind: [founderGone.id] });
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up();
    const source = beforeTeamsCanHold(await snapshotOfTestDatabase());
    // The copy: every row as it is, foreign keys checked when the migration adds them back.
    await unchecked(async (q) => {
      // What the migrations themselves wrote (system templates) is in the copy too.
      const here = new Set((await q(TABLES)).map((r) => (r as { name: string }).name));
      await q(`TRUNCATE ${[...here].map((name) => `"${name}"`).join(', ')}`);
      for (const [name, rows] of source)
        if (here.has(name))
          for (let i = 0; i < rows.length; i += 500)
            await q(`INSERT INTO "${name}" SELECT * FROM jsonb_populate_recordset(null::"${name}", $1::jsonb)`, [
              JSON.stringify(rows.slice(i, i + 500)),
            ]);
    });
    const empty = [...source].filter(([, rows]) => rows.length === 0).map(([name]) => name);

    // Back to before teams: the migration undone, each organisation under an id of its own.
    await migrator.down({ to: TEAMS });
    expect((await migrator.executed()).at(-1)?.name).toBe(BEFORE_TEAMS);
    await unchecked(async (q) => {
      // Before teams every account was a studio of its own: the members other tests made go back to theirs.
      await q(`INSERT INTO organizations (id, name) SELECT u.id, coalesce(u.name, u.email) FROM users u
                WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = u.id)`);
      await q(`UPDATE users SET org_id = id WHERE org_id <> id`);
      await q(
        `CREATE TEMP TABLE moved ON COMMIT DROP AS SELECT id AS old_id, gen_random_uuid() AS new_id FROM organizations`,
      );
      await q(`UPDATE organizations o SET id = m.new_id FROM moved m WHERE o.id = m.old_id`);
      for (const [table, column] of [
        ['users', 'org_id'],
        ['file_objects', 'org_id'],
        ['job_runs', 'org_id'],
      ])
        await q(`UPDATE ${table} t SET ${column} = m.new_id FROM moved m WHERE t.${column} = m.old_id`);
    });
    expect(await copy(`SELECT 1 FROM users WHERE id = org_id`)).toEqual([]);

    const before = await contents();
    const ledgerBefore = await ledgerChecks();
    await migrator.up({ to: TEAMS_DONE });
    expect(await contents()).toEqual(before);
    expect(await ledgerChecks()).toEqual(ledgerBefore);
    await migrator.up();
    expect(await ledgerChecks()).toEqual(ledgerBefore);
    expect(ledgerBefore[studio.id]).toMatchObject({ ok: true });

    // Every account founds the organisation under its id and owns it; the studio's tables point at it.
    expect(
      await copy(
        `SELECT id FROM users WHERE org_id <> id OR NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = users.id)`,
      ),
    ).toEqual([]);
    const owners = await copy<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN memberships m ON m.user_id = u.id AND m.org_id = u.id AND m.role = 'owner'`,
    );
    expect(owners[0].n).toBe((await copy<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0].n);
    const toUsers = await copy<{ t: string }>(
      `SELECT c.conrelid::regclass::text AS t FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND a.attname = 'owner_id'`,
    );
    expect(toUsers).toEqual([]);
    // The kinds of record the busy studio made are in the copy, whatever ran before.
    const made = [
      'contacts',
      'sessions',
      'quotes',
      'invoices',
      'invoice_payments',
      'credit_notes',
      'ledger_records',
      'sms_templates',
      'workflows',
      'workflow_triggers',
      'user_company',
      'document_counters',
      'audit_logs',
      'outbox_events',
    ];
    expect(made.filter((name) => empty.includes(name))).toEqual([]);
  }, 300_000);
});
