import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { DEMO_CONTACTS, DEMO_EMAIL, DEMO_INVOICES, DEMO_QUOTES, DEMO_SESSIONS } from '../../../db/seed/demo-data';
import { repoRoot } from '../../setup/paths';
import { within } from '../../helpers/stack-launcher';

/** Runs `npm run demo`'s script against the test stack's database; resolves with its exit code and output. */
function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'demo.ts')], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return within(
    'the demo script',
    new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr }))),
    50_000,
  );
}

/** How many outbox events of each type the demo user's data has. */
async function demoCounts(db: Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ kind: string; n: string }>(
    `SELECT 'event:' || e.event_type AS kind, count(*) AS n FROM outbox_events e JOIN users u ON u.id = e.owner_id
      -- The overdue scan (a Temporal Schedule of the workers) may mark the demo's late invoice at any moment: not the demo's doing.
      WHERE lower(u.email) = $1 AND e.payload->>'is_overdue' IS DISTINCT FROM 'true' GROUP BY e.event_type
     UNION ALL SELECT 'users', count(*) FROM users WHERE lower(email) = $1
     UNION ALL SELECT 'contacts', count(*) FROM contacts c JOIN users u ON u.id = c.owner_id WHERE lower(u.email) = $1
     UNION ALL SELECT 'sessions', count(*) FROM sessions s JOIN users u ON u.id = s.owner_id WHERE lower(u.email) = $1
     UNION ALL SELECT 'typed sessions', count(*) FROM sessions s JOIN users u ON u.id = s.owner_id
      WHERE lower(u.email) = $1 AND s.user_session_type_id IS NOT NULL
     UNION ALL SELECT 'sessions of its own types', count(*) FROM sessions s JOIN users u ON u.id = s.owner_id
       JOIN user_session_types ty ON ty.id = s.user_session_type_id AND ty.owner_id = u.id WHERE lower(u.email) = $1
     UNION ALL SELECT 'session contacts', count(*) FROM session_contacts sc JOIN sessions s ON s.id = sc.session_id JOIN users u ON u.id = s.owner_id WHERE lower(u.email) = $1
     UNION ALL SELECT 'quotes', count(*) FROM quotes q JOIN users u ON u.id = q.owner_id WHERE lower(u.email) = $1
     UNION ALL SELECT 'invoices', count(*) FROM invoices i JOIN users u ON u.id = i.owner_id WHERE lower(u.email) = $1
     UNION ALL SELECT 'invoices ' || i.payment_status, count(*) FROM invoices i JOIN users u ON u.id = i.owner_id WHERE lower(u.email) = $1 AND i.status <> 'DRAFT' GROUP BY i.payment_status
     UNION ALL SELECT 'bank transfers', count(*) FROM invoice_payments p JOIN users u ON u.id = p.owner_id WHERE lower(u.email) = $1 AND p.method = 'bank_transfer'
     UNION ALL SELECT 'credit notes', count(*) FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id JOIN users u ON u.id = i.owner_id WHERE lower(u.email) = $1`,
    [DEMO_EMAIL],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

describe('npm run demo', () => {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  it('creates the demo studio through the commands, with their domain events, and a second run changes nothing', async () => {
    const first = await runDemo();
    expect(first.stderr).not.toMatch(/Demo failed/);
    expect(first.code).toBe(0);
    // Every session starts PENDING and is moved to its status one step at a time, as a studio would.
    const steps = { PENDING: 0, VALIDATED: 1, COMPLETED: 2, CANCELLED: 1 };
    const expected = {
      users: 1,
      contacts: DEMO_CONTACTS.length,
      sessions: DEMO_SESSIONS.length,
      'typed sessions': DEMO_SESSIONS.length,
      // The studio's own copies of the system types, as a new account has; attached contacts through their command.
      'sessions of its own types': DEMO_SESSIONS.length,
      'session contacts': DEMO_SESSIONS.reduce((n, s) => n + (s.others?.length ?? 0), 0),
      quotes: DEMO_QUOTES.length,
      invoices: DEMO_INVOICES.length,
      // The ledger: provider payments to PAID, a bank transfer leaving a balance, a partial credit note.
      'invoices PAID': DEMO_INVOICES.filter((i) => i.paid).length,
      'invoices PARTIALLY_PAID': DEMO_INVOICES.filter((i) => i.transfer).length,
      'invoices UNPAID': DEMO_INVOICES.filter((i) => i.status === 'ISSUED' && !i.paid && !i.transfer).length,
      'bank transfers': DEMO_INVOICES.filter((i) => i.transfer).length,
      'credit notes': DEMO_INVOICES.filter((i) => i.creditNote).length,
      'event:CONTACT_CREATED': DEMO_CONTACTS.length,
      'event:SESSION_CREATED': DEMO_SESSIONS.length,
      'event:SESSION_STATUS_CHANGED': DEMO_SESSIONS.reduce((n, s) => n + steps[s.status], 0),
      // An issued invoice is issued (one event), and a paid one then paid by its provider's event (another), as in real use;
      // a transfer moves its invoice to PARTIALLY_PAID (another); a partial credit note leaves the payment status as it was.
      'event:INVOICE_STATUS_CHANGED':
        DEMO_INVOICES.filter((i) => i.status === 'ISSUED').length +
        DEMO_INVOICES.filter((i) => i.paid || i.transfer).length,
      'event:PAYMENT_RECEIVED': DEMO_INVOICES.filter((i) => i.paid || i.transfer).length,
    };
    expect(await demoCounts(db)).toEqual(expected);
    const { rows } = await db.query<{ status: string; n: string }>(
      'SELECT s.status, count(*) AS n FROM sessions s JOIN users u ON u.id = s.owner_id WHERE lower(u.email) = $1 GROUP BY s.status',
      [DEMO_EMAIL],
    );
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    for (const status of Object.keys(steps)) {
      expect([status, byStatus[status] ?? 0]).toEqual([
        status,
        DEMO_SESSIONS.filter((s) => s.status === status).length,
      ]);
    }

    const second = await runDemo();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('nothing changed');
    expect(await demoCounts(db)).toEqual(expected);
  });
});
