// The legal-invoicing migration (issue 20) on a database holding invoices in each old status: a
// scratch database on the test stack's PostgreSQL, migrated up to the migration before it, filled
// with plain SQL as the old schema allowed, then migrated the rest of the way (and down and up
// again). The test stack's own database is never touched.
import { drawDocumentNumber } from '../../../db/commands/document-numbers';
import { createMigrator } from '../../../db/migrator';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { sqlOn } from '../../helpers/sql';

const BEFORE = '2026.11.23T22.10.00.session-type-questionnaire';
const LEGAL_INVOICING = '2026.11.24T00.00.00.legal-invoicing';
const CREDIT_NOTE_VAT = '2026.11.25T06.00.00.credit-note-vat';

const scratch = useScratchDatabase('invoice_migration');

const sql = sqlOn(() => scratch.sequelize());

/** Old-schema rows: two Paris studios, invoices in DRAFT, SENT, PAID (card, wallet, neither) and OVERDUE. */
async function insertOldInvoices(): Promise<{ a: string; b: string; ids: Record<string, string> }> {
  const [{ id: org }] = await sql<{ id: string }>(
    `INSERT INTO organizations (name) VALUES ('Migration org') RETURNING id`,
  );
  const user = async (email: string) =>
    (
      await sql<{ id: string }>(
        `INSERT INTO users (org_id, email, password_hash, time_zone) VALUES ($1, $2, 'x', 'Europe/Paris') RETURNING id`,
        [org, email],
      )
    )[0].id;
  const a = await user('studio-a@migration.test');
  const b = await user('studio-b@migration.test');
  const ids: Record<string, string> = {};
  // Inserted out of creation order: numbers follow created_at, not the insert.
  const invoice = async (
    key: string,
    owner: string,
    status: string,
    createdAt: string,
    amount: string,
    paidAt: string | null = null,
  ) => {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO invoices (owner_id, title, amount, status, paid_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [owner, `Facture ${key}`, amount, status, paidAt, createdAt],
    );
    ids[key] = row.id;
  };
  await invoice('aWallet', a, 'PAID', '2026-02-01T09:00:00Z', '80.00', '2026-02-03T10:00:00Z');
  await invoice('aSent', a, 'SENT', '2025-03-01T10:00:00Z', '100.00');
  await invoice('aDraft', a, 'DRAFT', '2025-06-01T10:00:00Z', '50.00');
  // 23:30 in Paris on 31 December: still 2025.
  await invoice('aCard', a, 'PAID', '2025-12-31T22:30:00Z', '120.00', '2026-01-05T08:00:00Z');
  // 00:30 in Paris on 1 January: 2026, though it is 2025 in UTC.
  await invoice('aOverdue', a, 'OVERDUE', '2025-12-31T23:30:00Z', '90.00');
  await invoice('aOther', a, 'PAID', '2026-02-15T09:00:00Z', '70.00', '2026-03-01T12:00:00Z');
  await invoice('bCard', b, 'PAID', '2026-01-10T09:00:00Z', '200.00', '2026-01-11T09:00:00Z');
  await invoice('bSent', b, 'SENT', '2025-12-31T23:30:00Z', '60.00');
  await invoice('bDraft', b, 'DRAFT', '2026-01-01T12:00:00Z', '10.00');

  await sql(
    `INSERT INTO cardprovider_payments (invoice_id, payment_intent_id, amount, currency, status) VALUES ($1, 'pi_mig_a', 120.00, 'eur', 'succeeded')`,
    [ids.aCard],
  );
  await sql(
    `INSERT INTO cardprovider_payments (invoice_id, payment_intent_id, amount, currency, status) VALUES ($1, 'pi_mig_a_failed', 120.00, 'eur', 'failed')`,
    [ids.aCard],
  );
  await sql(
    `INSERT INTO cardprovider_payments (invoice_id, payment_intent_id, amount, currency, status) VALUES ($1, 'pi_mig_b', 200.00, 'eur', 'succeeded')`,
    [ids.bCard],
  );
  await sql(
    `INSERT INTO walletprovider_payments (invoice_id, order_id, amount, currency, status) VALUES ($1, 'WALLET-MIG-A', 80.00, 'EUR', 'COMPLETED')`,
    [ids.aWallet],
  );
  // A failed card attempt on the invoice paid otherwise: it gives no ledger row.
  await sql(
    `INSERT INTO cardprovider_payments (invoice_id, payment_intent_id, amount, currency, status) VALUES ($1, 'pi_mig_other_failed', 70.00, 'eur', 'failed')`,
    [ids.aOther],
  );
  return { a, b, ids };
}

interface InvoiceRow {
  id: string;
  status: string;
  number: string | null;
  issued_at: Date | null;
  created_at: Date;
  payment_status: string;
  amount: string;
  amount_paid: string;
  balance_due: string;
  paid_at: Date | null;
}

interface LedgerRow {
  id: string;
  invoice_id: string;
  kind: string;
  method: string;
  amount: string;
  currency: string;
  provider_reference: string | null;
  received_at: Date;
}

const invoicesById = async () =>
  new Map(
    (
      await sql<InvoiceRow>(
        'SELECT id, status, number, issued_at, created_at, payment_status, amount, amount_paid, balance_due, paid_at FROM invoices',
      )
    ).map((r) => [r.id, r]),
  );
const ledger = () =>
  sql<LedgerRow>(
    'SELECT id, invoice_id, kind, method, amount, currency, provider_reference, received_at FROM invoice_payments ORDER BY invoice_id',
  );

/** Everything the migration promises about these rows; run after each `up`. */
async function expectMigrated({ a, b, ids }: Awaited<ReturnType<typeof insertOldInvoices>>): Promise<void> {
  const rows = await invoicesById();
  const of = (key: string) => rows.get(ids[key])!;

  for (const key of ['aDraft', 'bDraft'])
    expect(of(key)).toMatchObject({ status: 'DRAFT', number: null, issued_at: null, payment_status: 'UNPAID' });

  const numbers = Object.fromEntries(Object.keys(ids).map((key) => [key, of(key).number]));
  expect(numbers).toEqual({
    aSent: 'F-2025-00001',
    aCard: 'F-2025-00002',
    aOverdue: 'F-2026-00001',
    aWallet: 'F-2026-00002',
    aOther: 'F-2026-00003',
    bSent: 'F-2026-00001',
    bCard: 'F-2026-00002',
    aDraft: null,
    bDraft: null,
  });
  for (const key of ['aSent', 'aCard', 'aOverdue', 'aWallet', 'aOther', 'bSent', 'bCard']) {
    expect(of(key).status).toBe('ISSUED');
    expect(of(key).issued_at?.toISOString()).toBe(of(key).created_at.toISOString());
  }
  for (const key of ['aSent', 'aOverdue', 'bSent']) {
    expect(of(key)).toMatchObject({
      payment_status: 'UNPAID',
      amount_paid: '0.00',
      balance_due: of(key).amount,
      paid_at: null,
    });
  }
  for (const key of ['aCard', 'aWallet', 'aOther', 'bCard']) {
    expect(of(key)).toMatchObject({ payment_status: 'PAID', amount_paid: of(key).amount, balance_due: '0.00' });
  }

  const payments = await ledger();
  expect(payments).toHaveLength(4);
  const paymentOf = (key: string) => {
    const found = payments.filter((p) => p.invoice_id === ids[key]);
    expect(found).toHaveLength(1);
    return found[0];
  };
  expect(paymentOf('aCard')).toMatchObject({
    kind: 'payment',
    method: 'card',
    amount: '120.00',
    currency: 'EUR',
    provider_reference: 'pi_mig_a',
  });
  expect(paymentOf('aCard').received_at.toISOString()).toBe('2026-01-05T08:00:00.000Z');
  expect(paymentOf('bCard')).toMatchObject({ method: 'card', amount: '200.00', provider_reference: 'pi_mig_b' });
  expect(paymentOf('aWallet')).toMatchObject({
    kind: 'payment',
    method: 'wallet',
    amount: '80.00',
    currency: 'EUR',
    provider_reference: 'WALLET-MIG-A',
  });
  expect(paymentOf('aOther')).toMatchObject({
    kind: 'payment',
    method: 'other',
    amount: '70.00',
    provider_reference: null,
  });
  expect(paymentOf('aOther').received_at.toISOString()).toBe('2026-03-01T12:00:00.000Z');

  // The provider rows point to their ledger payment; failed attempts to none.
  const cards = await sql<{ payment_intent_id: string; ledger_entry_id: string | null }>(
    'SELECT payment_intent_id, ledger_entry_id FROM cardprovider_payments ORDER BY payment_intent_id',
  );
  expect(cards).toEqual([
    { payment_intent_id: 'pi_mig_a', ledger_entry_id: paymentOf('aCard').id },
    { payment_intent_id: 'pi_mig_a_failed', ledger_entry_id: null },
    { payment_intent_id: 'pi_mig_b', ledger_entry_id: paymentOf('bCard').id },
    { payment_intent_id: 'pi_mig_other_failed', ledger_entry_id: null },
  ]);
  const wallets = await sql<{ order_id: string; ledger_entry_id: string | null }>(
    'SELECT order_id, ledger_entry_id FROM walletprovider_payments',
  );
  expect(wallets).toEqual([{ order_id: 'WALLET-MIG-A', ledger_entry_id: paymentOf('aWallet').id }]);

  const counters = await sql<{ owner_id: string; series: string; period: number; last_value: number }>(
    'SELECT owner_id, series, period, last_value FROM document_counters ORDER BY owner_id = $1 DESC, period',
    [a],
  );
  expect(counters).toEqual([
    { owner_id: a, series: 'invoice', period: 2025, last_value: 2 },
    { owner_id: a, series: 'invoice', period: 2026, last_value: 3 },
    { owner_id: b, series: 'invoice', period: 2026, last_value: 2 },
  ]);
}

describe('the legal-invoicing migration on invoices in every old status', () => {
  it('numbers SENT, PAID and OVERDUE per studio and Paris year in creation order, records the PAID ones in the ledger, and keeps the counters; down and up again give the same', async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up({ to: BEFORE });
    expect((await migrator.pending()).map((m) => m.name)).toContain(LEGAL_INVOICING);
    const old = await insertOldInvoices();

    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    await expectMigrated(old);

    // The next issue continues each studio's sequence of the year.
    const next = await scratch
      .sequelize()
      .transaction((transaction) =>
        drawDocumentNumber(
          scratch.sequelize(),
          old.a,
          'invoice',
          new Date('2026-06-01T10:00:00Z'),
          'Europe/Paris',
          transaction,
        ),
      );
    expect(next).toBe('F-2026-00004');
    const firstOfB2025 = await scratch
      .sequelize()
      .transaction((transaction) =>
        drawDocumentNumber(
          scratch.sequelize(),
          old.b,
          'invoice',
          new Date('2025-12-31T22:00:00Z'),
          'Europe/Paris',
          transaction,
        ),
      );
    expect(firstOfB2025).toBe('F-2025-00001');

    // Down: issued invoices go back to SENT or PAID (OVERDUE was never stored apart from SENT's data).
    await migrator.down({ to: LEGAL_INVOICING });
    const back = await sql<{ id: string; status: string }>('SELECT id, status FROM invoices');
    const statusOf = (key: string) => back.find((r) => r.id === old.ids[key])!.status;
    expect(Object.fromEntries(Object.keys(old.ids).map((key) => [key, statusOf(key)]))).toEqual({
      aWallet: 'PAID',
      aSent: 'SENT',
      aDraft: 'DRAFT',
      aCard: 'PAID',
      aOverdue: 'SENT',
      aOther: 'PAID',
      bCard: 'PAID',
      bSent: 'SENT',
      bDraft: 'DRAFT',
    });

    // Up again: the same numbers, ledger and counters (the draws above are gone with the table).
    await migrator.up();
    await expectMigrated(old);
  });

  it('fills in the VAT breakdown of existing credit notes as their documents show it (an amount pro rata over the invoice, as before); the trigger is on again after', async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.down({ to: CREDIT_NOTE_VAT });
    const [{ id: owner }] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = 'studio-a@migration.test'`);
    // 1 000.00 at 20 % and 100.00 at 5.5 %: 1 305.50; drafted with its lines, then issued.
    const [{ id: invoiceId }] = await sql<{ id: string }>(
      `INSERT INTO invoices (owner_id, title, amount, status) VALUES ($1, 'Séance et livre', 1305.50, 'DRAFT') RETURNING id`,
      [owner],
    );
    await sql(
      `INSERT INTO invoice_items (invoice_id, item_type, description, quantity, price_without_tax, price_with_tax, vat_percentage, total, display_order)
       VALUES ($1, 'SESSION_TYPE', 'Séance', 1, 1000.00, 1200.00, 20.00, 1200.00, 0), ($1, 'SESSION_TYPE', 'Livre', 1, 100.00, 105.50, 5.50, 105.50, 1)`,
      [invoiceId],
    );
    await sql(
      `UPDATE invoices SET status = 'ISSUED', number = 'F-2026-00090', issued_at = now(), buyer = jsonb_build_object('name', 'Chloé Dubois') WHERE id = $1`,
      [invoiceId],
    );
    // Inserted out of issue order: the 20 % line credited whole first, then the rest by amount.
    const note = async (number: string, amount: string, items: unknown[], issuedAt: string) =>
      (
        await sql<{ id: string }>(
          `INSERT INTO credit_notes (owner_id, invoice_id, number, reason, amount, items, issued_at) VALUES ($1, $2, $3, 'Annulation', $4, $5::jsonb, $6) RETURNING id`,
          [owner, invoiceId, number, amount, JSON.stringify(items), issuedAt],
        )
      )[0].id;
    const rest = await note('AV-2026-00002', '105.50', [], '2026-06-02T10:00:00Z');
    const line = await note(
      'AV-2026-00001',
      '1200.00',
      [{ invoice_item_id: null, description: 'Séance', quantity: '1.00', vat_percentage: '20.00', total: '1200.00' }],
      '2026-06-01T10:00:00Z',
    );

    await migrator.up();
    const parts = new Map(
      (
        await sql<{ id: string; vat_parts: unknown }>('SELECT id, vat_parts FROM credit_notes WHERE invoice_id = $1', [
          invoiceId,
        ])
      ).map((r) => [r.id, r.vat_parts]),
    );
    expect(parts.get(line)).toEqual([{ vat_percentage: '20.00', base: '1000.00', vat: '200.00', total: '1200.00' }]);
    // What its pdf shows: 105.50 over 1 200.00 at 20 % and 105.50 at 5.5 %, 96.97 and 8.53 (the cent
    // left to the larger remainder), each split into a base and VAT = round(base × rate).
    expect(parts.get(rest)).toEqual([
      { vat_percentage: '5.50', base: '8.09', vat: '0.44', total: '8.53' },
      { vat_percentage: '20.00', base: '80.81', vat: '16.16', total: '96.97' },
    ]);
    // Still append-only, a breakdown that does not add up is refused, and a new note must carry one.
    await expect(sql(`UPDATE credit_notes SET vat_parts = '[]' WHERE id = $1`, [rest])).rejects.toThrow(
      /never changed/,
    );
    await expect(
      sql(
        `INSERT INTO credit_notes (owner_id, invoice_id, number, reason, amount, vat_parts) VALUES ($1, $2, 'AV-2026-00003', 'x', 1.00, '[{"vat_percentage":"5.50","base":"0.90","vat":"0.05","total":"0.95"}]')`,
        [owner, invoiceId],
      ),
    ).rejects.toThrow(/credit_notes_vat_parts_add_up/);
    await expect(
      sql(
        `INSERT INTO credit_notes (owner_id, invoice_id, number, reason, amount) VALUES ($1, $2, 'AV-2026-00003', 'x', 1.00)`,
        [owner, invoiceId],
      ),
    ).rejects.toThrow(/vat_parts/);
  });
});
