import fc from 'fast-check';
import { DEFAULT_ACCOUNTING_ACCOUNTS } from '../../../domain/accounting/accounts';
import { buildJournal } from '../../../domain/accounting/entries';
import { fecDocument } from '../../../domain/accounting/fec';
import {
  fecChunks,
  fecOfSources,
  fecWriter,
  journalOrder,
  type MovementSource,
  type SalesSource,
} from '../../../domain/accounting/journal-text';
import { invoiceRates, rateCents, storedRateCents } from '../../../domain/accounting/sources';
import { invoiceVatAmounts } from '../../../domain/invoicing/stored-vat';

const day = fc.integer({ min: 1, max: 4 }).map((d) => `2026-03-0${d}`);
// Numbers that are prefixes of one another ("F-1", "F-10") and texts with tabs, line breaks and spaces at the ends.
const number = fc.constantFrom('F-1', 'F-10', 'F-2', 'F-2026-00001', 'AV-1', 'é-1', '\tF-3 ');
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' Ada ', 'Chloé\tDubois', 'a\r\nb', '=1+1', '😀 x'),
);
const cents = fc.integer({ min: -2_000_000, max: 50_000_000_000 });
const rates = fc.uniqueArray(
  fc.record({
    vatBasisPoints: fc.constantFrom(0, 550, 1000, 2000, 850),
    baseCents: fc.oneof(cents, fc.constant(0)),
    vatCents: fc.oneof(cents, fc.constant(0)),
  }),
  { selector: (r) => r.vatBasisPoints, maxLength: 4 },
);
const document: fc.Arbitrary<SalesSource> = fc.record({
  kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
  number,
  invoiceNumber: fc.option(number, { nil: undefined }),
  date: day,
  clientName: text,
  clientCode: fc.option(fc.constantFrom('C0001', 'C\tX'), { nil: null }),
  rates,
});
const movement: fc.Arbitrary<MovementSource> = fc.record({
  kind: fc.constantFrom('payment' as const, 'refund' as const, 'reversal' as const),
  method: fc.constantFrom('card', 'wallet', 'bank_transfer', 'cash', 'check', 'other', 'stripe'),
  amountCents: fc.oneof(cents, fc.constant(0)),
  date: day,
  invoiceNumber: number,
  clientName: text,
  clientCode: fc.option(fc.constant('C0001'), { nil: null }),
  reference: fc.option(text, { nil: null }),
  id: fc.oneof(fc.uuid(), fc.constantFrom('a', 'b|c')),
});
const accounts = fc
  .record({ client_sub_accounts: fc.boolean(), client: fc.constantFrom('411', '4110000') })
  .map((s) => ({ ...DEFAULT_ACCOUNTING_ACCOUNTS, ...s }));

/** The reference: the journal's entries (bigint) written by fecEntryText. */
const reference = (documents: SalesSource[], movements: MovementSource[], chart: typeof DEFAULT_ACCOUNTING_ACCOUNTS) =>
  fecDocument(
    buildJournal(
      documents.map((d) => ({
        ...d,
        rates: d.rates.map((r) => ({
          vatBasisPoints: r.vatBasisPoints,
          baseCents: BigInt(r.baseCents),
          vatCents: BigInt(r.vatCents),
        })),
      })),
      movements.map((m) => ({ ...m, amountCents: BigInt(m.amountCents) })),
      chart,
    ),
  );

describe('the FEC written from the sources', () => {
  it('is byte for byte the journal written entry by entry, whatever the order the sources come in (property)', () => {
    fc.assert(
      // Numbers and row ids are unique, as in the tables: no two sources tie.
      fc.property(
        fc.uniqueArray(document, { maxLength: 12, selector: (d) => `${d.kind}|${d.number}` }),
        fc.uniqueArray(movement, { maxLength: 12, selector: (m) => m.id }),
        accounts,
        (documents, movements, chart) => {
          const expected = reference(documents, movements, chart);
          expect(fecOfSources(documents, movements, chart)).toBe(expected);
          expect(fecOfSources([...documents].reverse(), [...movements].reverse(), chart)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts entries and lines, and cuts the file in chunks of whole entries', () => {
    const documents: SalesSource[] = [1, 2, 3].map((n) => ({
      kind: 'invoice',
      number: `F-${n}`,
      date: '2026-03-02',
      clientName: 'Ada',
      clientCode: null,
      rates: [{ vatBasisPoints: 2000, baseCents: 1000 * n, vatCents: 200 * n }],
    }));
    const empty: SalesSource = {
      kind: 'invoice',
      number: 'F-0',
      date: '2026-03-01',
      clientName: 'Zero',
      clientCode: null,
      rates: [],
    };
    const writer = fecWriter(DEFAULT_ACCOUNTING_ACCOUNTS);
    const chunks = [...fecChunks(journalOrder([empty, ...documents], []), writer, 2)];
    expect(chunks).toHaveLength(2);
    expect(chunks.join('')).toBe(reference([empty, ...documents], [], DEFAULT_ACCOUNTING_ACCOUNTS));
    expect([writer.entries, writer.lines]).toEqual([3, 9]);
    expect(chunks[1].split('\t')[2]).toBe('3');
  });

  it('keeps the VAT summary of an invoice as its rates, decimals as stored', () => {
    const lines = [
      {
        item_type: 'SESSION_TYPE' as const,
        quantity: '3',
        price_with_tax: '19.99',
        vat_percentage: '20.00',
        price_includes_tax: true,
      },
      { item_type: 'SESSION_TYPE' as const, quantity: '1', price_without_tax: '100.00', vat_percentage: '5.50' },
      { item_type: 'DISCOUNT' as const, discount_type: 'PERCENTAGE_OF_TOTAL' as const, discount_percentage: '10.00' },
    ];
    const stored = invoiceVatAmounts(lines);
    expect(stored.map((s) => s.vat_percentage)).toEqual(['5.50', '20.00']);
    expect(storedRateCents(stored)).toEqual(rateCents(invoiceRates(lines)));
    expect(invoiceVatAmounts([])).toEqual([]);
  });
});
