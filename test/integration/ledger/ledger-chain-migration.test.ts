// The ledger-chain migration on a database holding documents and payments issued before it: a
// scratch database on the test stack's PostgreSQL, migrated up to the migration before it, filled
// with plain SQL, then migrated (and down and up again). The test stack's own database is never touched.
import { createMigrator } from '../../../db/migrator';
import { checkLedgerIntegrity } from '../../../db/queries/ledger-integrity';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { sqlOn } from '../../helpers/sql';

const BEFORE = '2026.11.27T08.00.00.checkout-sessions-receipts';
const CHAIN = '2026.11.27T09.00.00.ledger-chain';

const scratch = useScratchDatabase('ledger_chain');
const sql = sqlOn(() => scratch.sequelize());

/** A studio with an issued invoice (and its line), a draft, a credit note and a payment at given instants. */
async function insertStudio(email: string, at: (minutes: number) => string) {
  const [{ id: org }] = await sql<{ id: string }>(
    `INSERT INTO organizations (name) VALUES ('Ledger org') RETURNING id`,
  );
  const [{ id: owner }] = await sql<{ id: string }>(
    `INSERT INTO users (org_id, email, password_hash, time_zone) VALUES ($1, $2, 'x', 'Europe/Paris') RETURNING id`,
    [org, email],
  );
  const draft = async (title: string) =>
    (
      await sql<{ id: string }>(
        `INSERT INTO invoices (owner_id, title, amount, status) VALUES ($1, $2, 120.00, 'DRAFT') RETURNING id`,
        [owner, title],
      )
    )[0].id;
  const issued = await draft('Séance');
  await sql(
    `INSERT INTO invoice_items (invoice_id, item_type, description, quantity, price_without_tax, price_with_tax, vat_percentage, total, display_order)
     VALUES ($1, 'SESSION_TYPE', 'Séance', 1, 100.00, 120.00, 20.00, 120.00, 0)`,
    [issued],
  );
  await sql(
    `UPDATE invoices SET status = 'ISSUED', number = 'F-2026-00001', issued_at = $2, buyer = '{"name": "Ada"}'::jsonb,
       vat_amounts = '[{"vat_percentage": "20.00", "base": "100.00", "vat": "20.00"}]'::jsonb WHERE id = $1`,
    [issued, at(0)],
  );
  await draft('Brouillon');
  // The payment is recorded before the credit note: the chain follows the instants, not the tables.
  const [{ id: payment }] = await sql<{ id: string }>(
    `INSERT INTO invoice_payments (owner_id, invoice_id, amount, method, received_at, created_at) VALUES ($1, $2, 50.00, 'cash', $3, $3) RETURNING id`,
    [owner, issued, at(10)],
  );
  const [{ id: credit }] = await sql<{ id: string }>(
    `INSERT INTO credit_notes (owner_id, invoice_id, number, reason, amount, vat_parts, issued_at, created_at)
     VALUES ($1, $2, 'AV-2026-00001', 'Geste', 12.00, '[{"vat_percentage": "20.00", "base": "10.00", "vat": "2.00", "total": "12.00"}]'::jsonb, $3, $3)
     RETURNING id`,
    [owner, issued, at(20)],
  );
  return { owner, issued, payment, credit };
}

describe('migration 2026.11.27T09.00.00.ledger-chain', () => {
  it('chains what was issued and recorded before it, per studio in that order and at those instants; the chain checks out, and down then up gives the same hashes', async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up({ to: BEFORE });
    expect((await migrator.pending()).map((m) => m.name)).toContain(CHAIN);
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 9, minutes)).toISOString();
    const a = await insertStudio('a@ledger.test', at);
    const b = await insertStudio('b@ledger.test', (m) => at(m + 5));

    await migrator.up({ to: CHAIN });
    const records = (owner: string) =>
      sql<{ seq: string; record_type: string; record_id: string; recorded_at: Date; chain_hash: string }>(
        'SELECT seq, record_type, record_id, recorded_at, chain_hash FROM ledger_records WHERE owner_id = $1 ORDER BY seq',
        [owner],
      );
    const chainA = await records(a.owner);
    expect(chainA.map((r) => [Number(r.seq), r.record_type, r.record_id, r.recorded_at.toISOString()])).toEqual([
      [1, 'INVOICE_ISSUED', a.issued, at(0)],
      [2, 'PAYMENT', a.payment, at(10)],
      [3, 'CREDIT_NOTE_ISSUED', a.credit, at(20)],
    ]);
    expect((await records(b.owner)).map((r) => r.record_id)).toEqual([b.issued, b.payment, b.credit]);
    for (const owner of [a.owner, b.owner])
      expect(await checkLedgerIntegrity(scratch.sequelize(), owner)).toMatchObject({
        ok: true,
        recordsChecked: 3,
        firstBreak: null,
      });

    await migrator.down({ to: CHAIN });
    expect(await sql(`SELECT to_regclass('ledger_records') AS t`)).toEqual([{ t: null }]);
    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    expect((await records(a.owner)).map((r) => r.chain_hash)).toEqual(chainA.map((r) => r.chain_hash));
  });
});
