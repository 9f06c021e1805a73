import fc from 'fast-check';
import { nextRecord } from '../../../domain/ledger/chain-hash';
import { type LedgerSource } from '../../../domain/ledger/record-content';
import { type LedgerRecord } from '../../../domain/ledger/record-types';

/** Shared by the ledger's unit tests: random source rows of every type, and chains built from them. */
export const OWNER = '11111111-1111-4111-8111-111111111111';

const decimal = fc
  .integer({ min: 1, max: 10_000_000 })
  .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
const text = fc.string({ minLength: 1, maxLength: 12 });
const instant = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) })
  .map((ms) => new Date(ms).toISOString().replace('Z', '000Z'));

const invoice = fc.record({
  id: fc.uuid(),
  number: text,
  issued_at: instant,
  due_date: fc.constant('2026-12-31'),
  currency: fc.constantFrom('EUR', 'CAD'),
  amount: decimal,
  title: text,
  description: fc.option(text, { nil: null }),
  buyer: fc.record({ name: text, city: text }),
  seller: fc.record({ company_name: text, siren: text }),
  vat_amounts: fc.constant([{ vat_percentage: '20.00', base: '100.00', vat: '20.00' }]),
  tax_amounts: fc.constant(null),
  service_date: fc.constant('2026-11-20'),
  service_end_date: fc.constant(null),
  deposit_installment: fc.constant(null),
  lines: fc.array(
    fc.record({
      id: fc.uuid(),
      item_type: fc.constant('SESSION_TYPE'),
      description: text,
      quantity: decimal,
      price_without_tax: decimal,
      price_with_tax: decimal,
      price_includes_tax: fc.boolean(),
      vat_percentage: fc.constant('20.00'),
      discount_percentage: fc.constant('0.00'),
      discount_amount: fc.constant(null),
      discount_type: fc.constant(null),
      total: decimal,
      taxes: fc.constant(null),
      deposit_invoice_id: fc.constant(null),
      display_order: fc.nat(20),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const creditNote = fc.record({
  id: fc.uuid(),
  number: text,
  issued_at: instant,
  invoice_id: fc.uuid(),
  reason: text,
  amount: decimal,
  currency: fc.constantFrom('EUR', 'CAD'),
  items: fc.constant([]),
  vat_parts: fc.constant([{ vat_percentage: '20.00', base: '10.00', vat: '2.00', total: '12.00' }]),
  tax_parts: fc.constant(null),
  seller: fc.record({ company_name: text }),
});

const payment = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom('payment' as const, 'refund' as const, 'reversal' as const),
  invoice_id: fc.uuid(),
  amount: decimal,
  currency: fc.constantFrom('EUR', 'CAD'),
  method: fc.constantFrom('cash', 'card', 'bank_transfer'),
  received_at: instant,
  reference: fc.option(text, { nil: null }),
  provider_reference: fc.option(text, { nil: null }),
  note: fc.option(text, { nil: null }),
  is_overpayment: fc.boolean(),
  reverses_id: fc.option(fc.uuid(), { nil: null }),
  credit_note_id: fc.option(fc.uuid(), { nil: null }),
  receipt_number: fc.option(text, { nil: null }),
  receipt_balance_after: fc.option(decimal, { nil: null }),
});

/** One source row of any type. */
export const ledgerSource: fc.Arbitrary<LedgerSource> = fc.oneof(
  invoice.map((row): LedgerSource => ({ type: 'INVOICE_ISSUED', row })),
  creditNote.map((row): LedgerSource => ({ type: 'CREDIT_NOTE_ISSUED', row })),
  payment.map(
    (row): LedgerSource => ({
      type: row.kind === 'payment' ? 'PAYMENT' : row.kind === 'refund' ? 'REFUND' : 'REVERSAL',
      row,
    }),
  ),
);

/** Distinct source rows (by id), 1 to `max`. */
export const ledgerSources = (max = 12) =>
  fc.uniqueArray(ledgerSource, { minLength: 1, maxLength: max, selector: (s) => s.row.id });

/** The chain of `sources`, in order, recorded a second apart. */
export function chainOf(sources: readonly LedgerSource[], ownerId = OWNER): LedgerRecord[] {
  const records: LedgerRecord[] = [];
  for (const [i, source] of sources.entries()) {
    const head = records.at(-1);
    const at = new Date(Date.UTC(2026, 10, 27, 9, 0, i)).toISOString().replace('Z', '000Z');
    records.push(nextRecord(ownerId, head ? { seq: head.seq, hash: head.chainHash } : null, source, at));
  }
  return records;
}

/** A lookup of sources by the record that names them. */
export const lookup = (sources: readonly LedgerSource[]) => {
  const byId = new Map(sources.map((s) => [s.row.id, s]));
  return (record: LedgerRecord) => byId.get(record.recordId) ?? null;
};

/** Every path to a scalar field of a value (object keys and array indexes). */
export function scalarPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      scalarPaths(v, [...prefix, Array.isArray(value) ? Number(k) : k]),
    );
  return [prefix];
}

/** A copy of `value` with the scalar at `path` changed to something else of a kind the column could hold. */
export function changedAt<T>(value: T, path: (string | number)[]): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const old = parent[last];
  parent[last] =
    old === null ? 'x' : typeof old === 'boolean' ? !old : typeof old === 'number' ? old + 1 : `${String(old)}0`;
  return copy as T;
}
