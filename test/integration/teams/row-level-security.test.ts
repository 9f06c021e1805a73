// Issue 44 §3: isolation the database enforces. Two studios registered through the api, each with
// data; a query written without the studio's filter, run as studio A, sees nothing of studio B.
// The service's role owns no table and cannot turn row-level security off.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { Client } from 'pg';
import { QueryTypes, Sequelize } from 'sequelize';
import request from 'supertest';
import { preparedRows, prepared } from '../../../db/pg-client';
import { reachedFilter, type ReachKind } from '../../../db/queries/session-assignments';
import { provideServiceLogin, UnsafeServiceLoginError } from '../../../db/service-login';
import { asPlatform, asStudio } from '../../../db/studio-context';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
let a: TestUser;
let b: TestUser;
const contactsOf: Record<string, string[]> = {};

beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('row-level-security');
  a = await buildUser(t.app, { name: 'Studio A' });
  b = await buildUser(t.app, { name: 'Studio B' });
  for (const studio of [a, b])
    contactsOf[studio.id] = [
      (await buildContact(t.app, studio)).id,
      (await buildContact(t.app, studio, { first_name: 'Inès' })).id,
    ];
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

/** Rows of `sql` on the app's own pool (the api's role), as whoever the caller runs it for. */
const select = <T extends object>(sql: string, bind: unknown[] = []) =>
  t.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

describe('row-level security (issue 44 §3)', () => {
  it("shows a query written without the studio's filter only the studio's own rows", async () => {
    // Founders' accounts and their organisations share one id (docs/teams.md).
    const rows = await asStudio(a.id, () =>
      select<{ id: string; owner_id: string }>('SELECT id, owner_id FROM contacts'),
    );
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(contactsOf[a.id]));
    expect(rows.filter((r) => r.owner_id !== a.id)).toEqual([]);
    // Even naming the other studio finds nothing, through a named statement of pg-client.ts too.
    const named = prepared('rls_test_contacts_of', 'SELECT id FROM contacts WHERE owner_id = $1');
    expect(await asStudio(a.id, () => preparedRows(t.sequelize, named, [b.id]))).toEqual([]);
    expect(await asStudio(b.id, () => preparedRows(t.sequelize, named, [b.id]))).toHaveLength(2);
    // The platform's own work (no studio set) still reads across studios.
    const both = await asPlatform(() =>
      select<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE owner_id IN ($1, $2)', [a.id, b.id]),
    );
    expect(both[0].n).toBe(4);
  });

  it("refuses to write a row into another studio, and to change another studio's rows", async () => {
    await expect(
      asStudio(a.id, () =>
        t.sequelize.query(`INSERT INTO contacts (owner_id, first_name, last_name) VALUES ($1, 'Intruse', 'X')`, {
          bind: [b.id],
        }),
      ),
    ).rejects.toThrow(/row-level security/);
    const [, changed] = await asStudio(a.id, () =>
      t.sequelize.query(`UPDATE contacts SET first_name = 'Changée' WHERE owner_id = $1`, { bind: [b.id] }),
    );
    expect((changed as { rowCount: number }).rowCount).toBe(0);
  });

  it("lets every studio read the platform's shared rows (no owner), and none change them", async () => {
    const [shared] = await asStudio(a.id, () =>
      select<{ n: number }>('SELECT count(*)::int AS n FROM email_templates WHERE owner_id IS NULL'),
    );
    expect(shared.n).toBeGreaterThan(0);
    // Rolled back whatever happens: the shared templates are every test's.
    let deleted = -1;
    await asStudio(a.id, () =>
      t.sequelize.transaction(async (transaction) => {
        const [, result] = await t.sequelize.query('DELETE FROM email_templates WHERE owner_id IS NULL', {
          transaction,
        });
        deleted = (result as { rowCount: number }).rowCount;
        throw new Error('roll back');
      }),
    ).catch(() => undefined);
    expect(deleted).toBe(0);
  });

  it('acts as a role that owns no table, has no BYPASSRLS and cannot turn row security off', async () => {
    const [role] = await select<{ name: string; super: boolean; bypass: boolean; owned: number }>(
      `SELECT current_user AS name, r.rolsuper AS super, r.rolbypassrls AS bypass,
              (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owned
         FROM pg_roles r WHERE r.rolname = current_user`,
    );
    expect(role).toEqual({ name: t.config.DATABASE_APP_ROLE, super: false, bypass: false, owned: 0 });
    await expect(
      asStudio(a.id, () =>
        t.sequelize.transaction(async (transaction) => {
          await t.sequelize.query('SET LOCAL row_security = off', { transaction });
          return t.sequelize.query('SELECT id FROM contacts', { transaction, type: QueryTypes.SELECT });
        }),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('gives the service a login of its own that no RESET ROLE frees, and refuses one that would see every studio', async () => {
    const ownerUrl = process.env.DATABASE_URL!;
    // Not createSequelize: a second instance of the service's would take its models from the app's.
    const owner = new Sequelize(ownerUrl, { logging: false, pool: { max: 1 } });
    const lane = process.env.JEST_WORKER_ID ?? '1';
    const user = `studio_login_probe_${lane}`;
    const loginUrl = (password: string) => {
      const url = new URL(ownerUrl);
      url.username = user;
      url.password = password;
      return url.toString();
    };
    const first = crypto.randomBytes(12).toString('base64url');
    const second = crypto.randomBytes(12).toString('base64url');
    const role = t.config.DATABASE_APP_ROLE;
    try {
      await owner.query(`DROP ROLE IF EXISTS ${user}`);
      // The migrator as itself: no login to give.
      expect(await provideServiceLogin(owner, ownerUrl, role)).toBeNull();
      expect(await provideServiceLogin(owner, loginUrl(first), role)).toEqual({ user, created: true });
      // Run again with another password (a rotation): the same role, the new password only.
      expect(await provideServiceLogin(owner, loginUrl(second), role)).toEqual({ user, created: false });
      const stale = new Client({ connectionString: loginUrl(first) });
      await expect(stale.connect()).rejects.toThrow(/password authentication failed/);

      // As the service logs in: whatever it resets, it is its own login, held by the policies.
      const service = new Client({ connectionString: loginUrl(second) });
      await service.connect();
      try {
        await service.query(`SET ROLE ${role}`);
        await service.query(`SELECT set_config('app.org_id', $1, false)`, [a.id]);
        await service.query('RESET ROLE');
        const who = await service.query('SELECT current_user AS current, session_user AS session');
        expect(who.rows[0]).toEqual({ current: user, session: user });
        const owners = await service.query('SELECT DISTINCT owner_id FROM contacts');
        expect(owners.rows).toEqual([{ owner_id: a.id }]);
        await expect(service.query('ALTER TABLE contacts DISABLE ROW LEVEL SECURITY')).rejects.toThrow(
          /must be (the )?owner/,
        );
        await expect(service.query('SET row_security = off; SELECT id FROM contacts')).rejects.toThrow(
          /row-level security/,
        );
      } finally {
        await service.end();
      }

      // A user that bypasses row-level security is refused as the service's login.
      await owner.query(`ALTER ROLE ${user} BYPASSRLS`);
      await expect(provideServiceLogin(owner, loginUrl(second), role)).rejects.toThrow(UnsafeServiceLoginError);
    } finally {
      await owner.query(`DROP ROLE IF EXISTS ${user}`);
      await owner.close();
    }
  });

  it('has a policy on every table that carries a studio', async () => {
    const unguarded = await select<{ table: string }>(
      `SELECT c.relname AS table
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        WHERE c.relkind IN ('r', 'p')
          AND (EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND NOT a.attisdropped
                         AND a.attname IN ('owner_id', 'org_id', 'resource_owner_id'))
               -- The company profile: keyed by the studio's id as user_id.
               OR c.relname = 'user_company')
          -- A person, not a studio's record: users.org_id is the studio they work in now, of several.
          AND c.relname <> 'users'
          AND NOT (c.relrowsecurity AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'studio_isolation'))`,
    );
    expect(unguarded).toEqual([]);
    // The children of a studio's records carry it too (issue 44 §3): none is left to its parent alone.
    const children = await select<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        WHERE c.relkind = 'r' AND c.relname IN ('invoice_items', 'quote_items', 'session_contacts', 'session_files',
          'contact_files', 'client_infos', 'session_workflow_task_runs', 'workflow_tasks', 'workflow_task_actions',
          'user_session_info_template_fields', 'cardprovider_payments', 'walletprovider_payments', 'audit_logs')
          AND c.relrowsecurity`,
    );
    expect(children).toHaveLength(13);
  });

  it("keeps a record's children to its studio: read by their own id, written under another's parent", async () => {
    const session = await buildSession(t.app, b, { title: 'Séance B', contact_id: contactsOf[b.id][0] });
    await request(t.app)
      .post(`/api/sessions/${session.id}/contacts`)
      .set(as(b))
      .send({ contact_id: contactsOf[b.id][1] })
      .expect(201);
    const quote = await buildQuote(t.app, b, { session_id: session.id, contact_id: contactsOf[b.id][0] });
    const [line] = await asPlatform(() =>
      select<{ id: string; owner_id: string }>('SELECT id, owner_id FROM quote_items WHERE quote_id = $1', [quote.id]),
    );
    // The studio is copied from the parent, whoever inserts.
    expect(line.owner_id).toBe(b.id);
    // A query of studio A naming B's child by its own id, no parent joined, finds nothing.
    expect(await asStudio(a.id, () => select('SELECT id FROM quote_items WHERE id = $1', [line.id]))).toEqual([]);
    expect(
      await asStudio(a.id, () => select('SELECT contact_id FROM session_contacts WHERE session_id = $1', [session.id])),
    ).toEqual([]);
    expect(await asStudio(b.id, () => select('SELECT id FROM quote_items WHERE id = $1', [line.id]))).toHaveLength(1);
    // Studio A cannot hang a row under B's session, nor move B's line to itself.
    await expect(
      asStudio(a.id, () =>
        t.sequelize.query('INSERT INTO session_contacts (session_id, contact_id) VALUES ($1, $2)', {
          bind: [session.id, contactsOf[a.id][0]],
        }),
      ),
    ).rejects.toThrow(/row-level security/);
    await asPlatform(() =>
      t.sequelize.query('UPDATE quote_items SET owner_id = $1 WHERE id = $2', { bind: [a.id, line.id] }),
    );
    const [still] = await asPlatform(() =>
      select<{ owner_id: string }>('SELECT owner_id FROM quote_items WHERE id = $1', [line.id]),
    );
    expect(still.owner_id).toBe(b.id);
  });

  it('gives a job the platform starts for a studio’s record to that studio: its run, and the file its route answers', async () => {
    // The pdf is rendered by a job the outbox's relay starts (the platform acting).
    const invoice = await buildInvoice(t.app, b, { issued: true });
    const run = await eventually(
      'the pdf job of the issued invoice recorded',
      async () =>
        (
          await asPlatform(() =>
            select<{ id: string; org_id: string | null; status: string }>(
              `SELECT id, org_id, status FROM job_runs WHERE job_name = 'billing.pdf' AND payload->>'documentId' = $1`,
              [invoice.id],
            ),
          )
        )[0],
      90_000,
    );
    expect(run.org_id).toBe(b.id);
    const visible = (studio: string) =>
      asStudio(studio, () => select<{ id: string }>('SELECT id FROM job_runs WHERE id = $1', [run.id]));
    expect(await visible(b.id)).toHaveLength(1);
    expect(await visible(a.id)).toEqual([]);
    // The studio's own route finds the run the platform started, and answers its pdf.
    const pdf = await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(b));
    expect(pdf.status).toBe(200);
    expect((await download(pdf.body.url as string)).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/pdf`).set(as(a))).status).toBe(404);
  }, 120_000);

  it("keeps a studio's api requests seeing their own data, and another studio's as not found", async () => {
    const list = await request(t.app).get('/api/contacts?limit=50').set(as(a));
    expect(list.status).toBe(200);
    const ids = (list.body.items as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(contactsOf[a.id]));
    expect(ids).not.toContain(contactsOf[b.id][0]);
    expect((await request(t.app).get(`/api/contacts/${contactsOf[b.id][0]}`).set(as(a))).status).toBe(404);
  });

  it('bounds a photographer’s work to the sessions they are on, as the lists’ filter says, whatever the assignments', async () => {
    const members = [
      await memberOf(t.app, t.sequelize, a, 'photographer'),
      await memberOf(t.app, t.sequelize, a, 'photographer'),
    ];
    const contacts = [...contactsOf[a.id], (await buildContact(t.app, a, { first_name: 'Zoé' })).id];
    const sessions: string[] = [];
    for (const contact of contacts) {
      const session = await buildSession(t.app, a, { title: 'Séance', contact_id: contact });
      sessions.push(session.id);
      await buildQuote(t.app, a, { session_id: session.id, contact_id: contact });
    }
    const KINDS: [ReachKind, string][] = [
      ['session', 'sessions'],
      ['contact', 'contacts'],
      ['quote', 'quotes'],
    ];
    const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    await fc.assert(
      fc.asyncProperty(
        // Who is on each session, and which contacts are its session contacts.
        fc.array(fc.subarray([0, 1]), { minLength: sessions.length, maxLength: sessions.length }),
        fc.array(fc.subarray([0, 1, 2]), { minLength: sessions.length, maxLength: sessions.length }),
        async (onSession, attached) => {
          await asPlatform(async () => {
            await t.sequelize.query('DELETE FROM session_assignments WHERE session_id = ANY($1::uuid[])', {
              bind: [sessions],
            });
            await t.sequelize.query('DELETE FROM session_contacts WHERE session_id = ANY($1::uuid[])', {
              bind: [sessions],
            });
            for (const [i, session] of sessions.entries()) {
              for (const m of onSession[i])
                await t.sequelize.query(
                  `INSERT INTO session_assignments (owner_id, session_id, user_id, role) VALUES ($1, $2, $3, 'assistant')`,
                  { bind: [a.id, session, members[m].id] },
                );
              for (const c of attached[i])
                await t.sequelize.query('INSERT INTO session_contacts (session_id, contact_id) VALUES ($1, $2)', {
                  bind: [session, contacts[c]],
                });
            }
          });
          for (const member of members)
            for (const [kind, table] of KINDS) {
              const bounded = await asStudio(a.id, () => select<{ id: string }>(`SELECT id FROM ${table}`), member.id);
              const filtered = await asStudio(a.id, () =>
                select<{ id: string }>(`SELECT id FROM ${table} t WHERE ${reachedFilter(kind, 't', '$1::uuid')}`, [
                  member.id,
                ]),
              );
              expect(idsOf(bounded)).toEqual(idsOf(filtered));
            }
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
