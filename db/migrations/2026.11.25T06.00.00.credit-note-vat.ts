import { QueryTypes } from 'sequelize';
import {
  computeTotals,
  creditNoteVat,
  type LineInput,
  storedVatParts,
  toHundredths,
} from './frozen/2026.11.25T06.00.00.vat';
import { type Migration } from '../migrator';

/**
 * Each credit note's VAT breakdown, stored with it (credit_notes.vat_parts): fixed at issue by
 * domain/invoicing/credit-vat.ts (an amount split over what is still creditable at each rate once
 * the invoice's earlier credit notes are taken off), so its pdf, its Factur-X XML, the accounting
 * export and the deposits it lowers all read the same parts. A check keeps the parts adding up to
 * the amount.
 *
 * Existing credit notes are filled in with the split their kept documents already show (what the
 * client received): whole lines at their rates, an amount pro rata over the invoice's rates
 * without regard to earlier credit notes, as the documents were made before this migration. An
 * issued document is never restated; one whose split was wrong is corrected by a new credit note,
 * and the accounting export then agrees with the documents it lists. The append-only trigger is switched off for that one
 * UPDATE inside this migration's transaction (ALTER TABLE holds the table's exclusive lock until
 * commit, so no other session writes meanwhile), and is on again before the commit; the app's
 * inserts carry their breakdown and never update it. The rules this backfill applies are frozen as
 * they stood (./frozen/2026.11.25T06.00.00.vat.ts): a migration imports no live code.
 */
export const up: Migration['up'] = async ({ context }) => {
  const sequelize = context.sequelize;
  await sequelize.transaction(async (transaction) => {
    const run = (sql: string, bind?: unknown[]) => sequelize.query(sql, { bind, transaction });
    await run(`ALTER TABLE credit_notes ADD COLUMN vat_parts jsonb CHECK (jsonb_typeof(vat_parts) = 'array')`);
    const notes = await sequelize.query<{
      id: string;
      invoice_id: string;
      amount: string;
      items: { vat_percentage: string; total: string }[];
    }>(
      'SELECT id, invoice_id, amount::text AS amount, items FROM credit_notes ORDER BY invoice_id, issued_at, created_at, id',
      { type: QueryTypes.SELECT, transaction },
    );
    if (notes.length > 0) {
      const lines = await sequelize.query<LineInput & { invoice_id: string }>(
        `SELECT invoice_id, item_type, quantity::text AS quantity, price_with_tax::text AS price_with_tax, price_without_tax::text AS price_without_tax,
                vat_percentage::text AS vat_percentage, discount_percentage::text AS discount_percentage, discount_amount::text AS discount_amount,
                discount_type, price_includes_tax
         FROM invoice_items WHERE invoice_id = ANY($1::uuid[]) ORDER BY invoice_id, display_order, id`,
        { bind: [[...new Set(notes.map((n) => n.invoice_id))]], type: QueryTypes.SELECT, transaction },
      );
      const filled = notes.map((n) => {
        const invoiceVat = computeTotals(lines.filter((l) => l.invoice_id === n.invoice_id)).vat.map((v) => ({
          vatBasisPoints: v.vatBasisPoints,
          withTaxCents: v.baseCents + v.vatCents,
        }));
        const credited = n.items.map((l) => ({
          vatBasisPoints: Number(toHundredths(l.vat_percentage)),
          withTaxCents: toHundredths(l.total),
        }));
        // No earlier parts: the split these notes' documents were made with.
        return {
          id: n.id,
          parts: storedVatParts(
            creditNoteVat({ amountCents: toHundredths(n.amount), lines: credited }, invoiceVat, []),
          ),
        };
      });
      await run('ALTER TABLE credit_notes DISABLE TRIGGER credit_notes_append_only');
      await run(
        'UPDATE credit_notes c SET vat_parts = f.parts FROM jsonb_to_recordset($1::jsonb) AS f(id uuid, parts jsonb) WHERE c.id = f.id',
        [JSON.stringify(filled)],
      );
      await run('ALTER TABLE credit_notes ENABLE TRIGGER credit_notes_append_only');
    }
    await run(`
CREATE FUNCTION credit_note_vat_parts_total(parts jsonb) RETURNS numeric LANGUAGE sql IMMUTABLE AS
  $$ SELECT coalesce(sum((p ->> 'total')::numeric), 0) FROM jsonb_array_elements(parts) p $$;
ALTER TABLE credit_notes ALTER COLUMN vat_parts SET NOT NULL;
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_vat_parts_add_up CHECK (credit_note_vat_parts_total(vat_parts) = amount);
`);
  });
};

export const down: Migration['down'] = async ({ context }) => {
  await context.sequelize.transaction(async (transaction) => {
    await context.sequelize.query(
      'ALTER TABLE credit_notes DROP COLUMN vat_parts; DROP FUNCTION credit_note_vat_parts_total(jsonb);',
      { transaction },
    );
  });
};
