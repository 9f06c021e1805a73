import fc from 'fast-check';
import {
  documentTotal,
  legacyTaxName,
  taxAmountTaxes,
  type TaxedDocument,
  taxPartTaxes,
  vatTaxes,
} from '../../../domain/accounting/tax-documents';
import { netBase, netTax, taxSubtotals, taxSubtotalsCsv } from '../../../domain/accounting/tax-subtotals';
import { CSV_DIALECT_RULES } from '../../../domain/exports/csv-dialect';

const doc = (over: Partial<TaxedDocument>): TaxedDocument => ({
  kind: 'invoice',
  number: 'INV-1',
  date: '2026-03-10',
  currency: 'CAD',
  clientName: 'Ada',
  clientCode: null,
  sales: [],
  taxes: [],
  ...over,
});

describe('tax documents from what their issue kept', () => {
  it('names a vat_percentage document after the country (TAX_NAMES), VAT elsewhere', () => {
    expect(legacyTaxName('CA')).toBe('GST');
    expect(legacyTaxName('US')).toBe('Sales tax');
    expect(legacyTaxName('GB')).toBe('VAT');
    expect(legacyTaxName(null)).toBe('VAT');
    const taxes = vatTaxes([{ vat_percentage: '20.00', base: '1000.00', vat: '200.00' }], 'VAT');
    expect(taxes).toEqual({
      sales: [{ taxLabel: 'VAT 20 %', cents: 100_000n }],
      taxes: [{ name: 'VAT', milliPercent: 20_000, baseCents: 100_000n, amountCents: 20_000n }],
    });
  });

  it('reads a Québec invoice: its net is the total less GST and QST, each on its base', () => {
    const taxes = taxAmountTaxes('1149.75', [
      { name: 'GST', rate: '5', base: '1000.00', amount: '50.00' },
      { name: 'QST', rate: '9.975', base: '1000.00', amount: '99.75' },
    ]);
    expect(taxes.sales).toEqual([{ taxLabel: null, cents: 100_000n }]);
    expect(taxes.taxes.map((t) => [t.name, t.milliPercent, t.amountCents])).toEqual([
      ['GST', 5000, 5000n],
      ['QST', 9975, 9975n],
    ]);
    expect(documentTotal(taxes)).toBe(114_975n);
  });

  it('reads a credit note per set of taxes: each part once in the net, in each of its taxes', () => {
    const taxes = taxPartTaxes([
      {
        taxes: [
          { name: 'GST', rate: '5', amount: '10.00' },
          { name: 'QST', rate: '9.975', amount: '19.95' },
        ],
        base: '200.00',
        total: '229.95',
      },
      { taxes: [{ name: 'GST', rate: '5', amount: '5.00' }], base: '100.00', total: '105.00' },
      { taxes: [], base: '10.00', total: '10.00' },
    ]);
    expect(taxes.sales).toEqual([{ taxLabel: null, cents: 31_000n }]);
    expect(taxes.taxes).toEqual([
      { name: 'GST', milliPercent: 5000, baseCents: 30_000n, amountCents: 1500n },
      { name: 'QST', milliPercent: 9975, baseCents: 20_000n, amountCents: 1995n },
    ]);
    expect(documentTotal(taxes)).toBe(34_495n);
  });
});

describe('tax subtotals per month, currency, tax and rate', () => {
  it('keeps GST and QST apart, subtracts a credit note, and writes the csv', () => {
    const invoice = doc({
      ...taxAmountTaxes('1149.75', [
        { name: 'GST', rate: '5', base: '1000.00', amount: '50.00' },
        { name: 'QST', rate: '9.975', base: '1000.00', amount: '99.75' },
      ]),
    });
    const credit = doc({
      kind: 'credit_note',
      number: 'CN-1',
      date: '2026-03-20',
      ...taxPartTaxes([
        {
          taxes: [
            { name: 'GST', rate: '5', amount: '10.00' },
            { name: 'QST', rate: '9.975', amount: '19.95' },
          ],
          base: '200.00',
          total: '229.95',
        },
      ]),
    });
    const uk = doc({
      number: 'UK-1',
      date: '2026-04-02',
      currency: 'GBP',
      ...vatTaxes([{ vat_percentage: '20.00', base: '500.00', vat: '100.00' }], 'VAT'),
    });
    const rows = taxSubtotals([uk, credit, invoice], '2026-03-05', '2026-04-30');
    expect(rows.map((r) => [r.periodStart, r.periodEnd, r.currency, r.tax, netBase(r), netTax(r)])).toEqual([
      ['2026-03-05', '2026-03-31', 'CAD', 'GST', 80_000n, 4000n],
      ['2026-03-05', '2026-03-31', 'CAD', 'QST', 80_000n, 7980n],
      ['2026-04-01', '2026-04-30', 'GBP', 'VAT', 50_000n, 10_000n],
    ]);
    expect(taxSubtotalsCsv(rows, CSV_DIALECT_RULES['excel-fr']).split('\r\n')).toEqual([
      '\ufeffperiod_start;period_end;currency;tax;rate;invoiced_base;invoiced_tax;credited_base;credited_tax;base;tax_collected',
      '2026-03-05;2026-03-31;CAD;GST;5;1000,00;50,00;200,00;10,00;800,00;40,00',
      '2026-03-05;2026-03-31;CAD;QST;9,975;1000,00;99,75;200,00;19,95;800,00;79,80',
      '2026-04-01;2026-04-30;GBP;VAT;20;500,00;100,00;0,00;0,00;500,00;100,00',
      '',
    ]);
  });

  const taxOf = fc.record({
    name: fc.constantFrom('VAT', 'GST', 'QST', 'Sales tax'),
    milliPercent: fc.constantFrom(0, 5000, 8875, 9975, 20_000),
    baseCents: fc.bigInt({ min: -100_000n, max: 10_000_000n }),
    amountCents: fc.bigInt({ min: -20_000n, max: 2_000_000n }),
  });
  const anyDocument: fc.Arbitrary<TaxedDocument> = fc.record({
    kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
    number: fc.integer({ min: 1, max: 999 }).map((n) => `D-${n}`),
    date: fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .map(([m, d]) => `2026-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    currency: fc.constantFrom('CAD', 'GBP', 'EUR', 'USD'),
    clientName: fc.constant('Ada'),
    clientCode: fc.constant(null),
    sales: fc.constant([]),
    taxes: fc.uniqueArray(taxOf, { selector: (t) => `${t.name}@${t.milliPercent}`, maxLength: 4 }),
  });
  const signed = (d: TaxedDocument, cents: bigint) => (d.kind === 'invoice' ? cents : -cents);

  it('adds up, per currency, to the invoices’ taxes less the credit notes’ (never two currencies in a row)', () => {
    fc.assert(
      fc.property(fc.array(anyDocument, { maxLength: 30 }), (documents) => {
        const rows = taxSubtotals(documents, '2026-01-01', '2026-12-31');
        for (const currency of new Set(documents.map((d) => d.currency))) {
          const mine = documents.filter((d) => d.currency === currency);
          const expectedTax = mine.reduce((s, d) => s + d.taxes.reduce((t, x) => t + signed(d, x.amountCents), 0n), 0n);
          const expectedBase = mine.reduce((s, d) => s + d.taxes.reduce((t, x) => t + signed(d, x.baseCents), 0n), 0n);
          const inCurrency = rows.filter((r) => r.currency === currency);
          expect(inCurrency.reduce((s, r) => s + netTax(r), 0n)).toBe(expectedTax);
          expect(inCurrency.reduce((s, r) => s + netBase(r), 0n)).toBe(expectedBase);
          // The rows of one currency are the subtotals of its documents alone.
          expect(taxSubtotals(mine, '2026-01-01', '2026-12-31')).toEqual(inCurrency);
        }
        expect(new Set(rows.map((r) => `${r.periodStart}|${r.currency}|${r.tax}|${r.milliPercent}`)).size).toBe(
          rows.length,
        );
      }),
    );
  });

  it('a credit note takes off what its invoice added: the two together come to nothing', () => {
    fc.assert(
      fc.property(anyDocument, (d) => {
        const rows = taxSubtotals(
          [
            { ...d, kind: 'invoice' },
            { ...d, kind: 'credit_note', number: `CN-${d.number}` },
          ],
          '2026-01-01',
          '2026-12-31',
        );
        expect(rows).toHaveLength(d.taxes.length);
        for (const r of rows) {
          expect(netTax(r)).toBe(0n);
          expect(netBase(r)).toBe(0n);
          expect(r.periodStart.slice(0, 7)).toBe(d.date.slice(0, 7));
        }
      }),
    );
  });
});
