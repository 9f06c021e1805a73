// The invoice-vat-amounts migration on a database holding issued, cancelled and draft invoices: a
// scratch database on the test stack's PostgreSQL, migrated up to the migration before it, filled
// with plain SQL, then migrated (and down and up again). The test stack's own database is never touched.
import { createMigrator } from '../../../db/migrator';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { invoiceVatAmounts } from '../../../domain/invoicing/stored-vat';
import { type LineInput } from '../../../domain/invoicing/totals';
import { sqlOn } from '../../helpers/sql';

const BEFORE = '2026.11.25T06.00.00.credit-note-vat';
const VAT_AMOUNTS = '2026.11.25T07.00.00.invoice-vat-amounts';

const scratch = useScratchDatabase('invoice_vat');

/** A statement on the scratch database; a failure says PostgreSQL's own message. */
const sql = sqlOn(() => scratch.sequelize());

type Line = Required<Pick<LineInput, 'item_type'>> & {
  quantity?: string;
  price_without_tax?: string;
  price_with_tax?: string;
  vat_percentage?: string;
  discount_percentage?: string;
  discount_type?: 'PERCENTAGE_OF_TOTAL';
  price_includes_tax?: boolean;
};

/** Invoices written as drafts with their lines, then issued (and one cancelled) as the issue would, without the summary. */
async function insertInvoices(): Promise<Record<string, { id: string; lines: Line[] }>> {
  const [{ id: org }] = await sql<{ id: string }>(`INSERT INTO organizations (name) VALUES ('VAT org') RETURNING id`);
  const [{ id: owner }] = await sql<{ id: string }>(
    `INSERT INTO users (org_id, email, password_hash, time_zone) VALUES ($1, 'vat@migration.test', 'x', 'Europe/Paris') RETURNING id`,
    [org],
  );
  const invoices: Record<string, { id: string; lines: Line[] }> = {};
  const invoice = async (key: string, lines: Line[], status: 'DRAFT' | 'ISSUED' | 'CANCELLED', n: number) => {
    const [{ id }] = await sql<{ id: string }>(
      `INSERT INTO invoices (owner_id, title, amount, status) VALUES ($1, $2, 0, 'DRAFT') RETURNING id`,
      [owner, `Facture ${key}`],
    );
    for (const [i, l] of lines.entries()) {
      await sql(
        `INSERT INTO invoice_items (invoice_id, item_type, description, quantity, price_without_tax, price_with_tax, vat_percentage, discount_percentage, discount_type, price_includes_tax, total, display_order)
         VALUES ($1, $2, 'Ligne', $3, $4, $5, $6, $7, $8, $9, 0, $10)`,
        [
          id,
          l.item_type,
          l.quantity ?? 1,
          l.price_without_tax ?? 0,
          l.price_with_tax ?? 0,
          l.vat_percentage ?? 0,
          l.discount_percentage ?? 0,
          l.discount_type ?? null,
          l.price_includes_tax ?? false,
          i,
        ],
      );
    }
    if (status !== 'DRAFT') {
      await sql(
        `UPDATE invoices SET status = 'ISSUED', number = $2, issued_at = now(), buyer = '{"name": "Ada"}'::jsonb WHERE id = $1`,
        [id, `F-2026-0000${n}`],
      );
      if (status === 'CANCELLED')
        await sql(`UPDATE invoices SET status = 'CANCELLED', cancelled_at = now() WHERE id = $1`, [id]);
    }
    invoices[key] = { id, lines };
  };
  await invoice(
    'simple',
    [
      { item_type: 'SESSION_TYPE', price_without_tax: '1000.00', price_with_tax: '1200.00', vat_percentage: '20.00' },
      { item_type: 'SESSION_TYPE', price_without_tax: '100.00', price_with_tax: '110.00', vat_percentage: '10.00' },
    ],
    'ISSUED',
    1,
  );
  await invoice(
    'discounted',
    [
      {
        item_type: 'SESSION_TYPE',
        quantity: '3',
        price_with_tax: '19.99',
        vat_percentage: '20.00',
        price_includes_tax: true,
      },
      { item_type: 'SESSION_TYPE', price_without_tax: '100.00', vat_percentage: '5.50' },
      { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: '10.00' },
    ],
    'CANCELLED',
    2,
  );
  await invoice('noLines', [], 'ISSUED', 3);
  await invoice(
    'draft',
    [{ item_type: 'SESSION_TYPE', price_without_tax: '50.00', vat_percentage: '20.00' }],
    'DRAFT',
    0,
  );
  return invoices;
}

async function expectKept(invoices: Awaited<ReturnType<typeof insertInvoices>>): Promise<void> {
  const kept = new Map(
    (await sql<{ id: string; vat_amounts: unknown }>('SELECT id, vat_amounts FROM invoices')).map((r) => [
      r.id,
      r.vat_amounts,
    ]),
  );
  expect(kept.get(invoices.simple.id)).toEqual([
    { vat_percentage: '10.00', base: '100.00', vat: '10.00' },
    { vat_percentage: '20.00', base: '1000.00', vat: '200.00' },
  ]);
  // The rule of the issue (computeTotals), from the stored lines.
  const stored = await sql<LineInput>(
    `SELECT item_type, quantity, price_with_tax, price_without_tax, vat_percentage, discount_percentage, discount_amount, discount_type, price_includes_tax FROM invoice_items WHERE invoice_id = $1 ORDER BY display_order, id`,
    [invoices.discounted.id],
  );
  expect(kept.get(invoices.discounted.id)).toEqual(invoiceVatAmounts(stored));
  expect(invoiceVatAmounts(stored).map((v) => v.vat_percentage)).toEqual(['5.50', '20.00']);
  expect(kept.get(invoices.noLines.id)).toEqual([]);
  expect(kept.get(invoices.draft.id)).toBeNull();
}

describe('the invoice-vat-amounts migration', () => {
  it("keeps each issued and cancelled invoice's VAT summary by the issue's rule, none on a draft; refused a change afterwards; down and up again give the same", async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up({ to: BEFORE });
    expect((await migrator.pending()).map((m) => m.name)).toContain(VAT_AMOUNTS);
    const invoices = await insertInvoices();

    await migrator.up({ to: VAT_AMOUNTS });
    await expectKept(invoices);
    await expect(sql(`UPDATE invoices SET vat_amounts = '[]' WHERE id = $1`, [invoices.simple.id])).rejects.toThrow(
      /is issued: it cannot be changed/,
    );

    await migrator.down({ to: VAT_AMOUNTS });
    expect(
      (
        await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'invoices' AND column_name = 'vat_amounts'`,
        )
      )[0].n,
    ).toBe(0);
    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    await expectKept(invoices);
  }, 120_000);
});
