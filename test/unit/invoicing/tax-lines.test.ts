import fc from 'fast-check';
import { DISCOUNT_TYPES, ITEM_TYPES } from '../../../domain/invoicing/item-types';
import { taxedLineOf } from '../../../domain/invoicing/legacy-tax-line';
import { centsToDecimal, roundDiv, toHundredths } from '../../../domain/invoicing/money';
import { computeTaxTotals, shareOut, type TaxedLineInput } from '../../../domain/invoicing/tax-lines';
import { type TaxRate } from '../../../domain/invoicing/tax-rates';
import { computeTotals, type LineInput } from '../../../domain/invoicing/totals';

// A fixed number of generated cases per property; the seed is printed so a failure replays with FC_SEED=<seed>.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const runs = (numRuns: number) => ({ numRuns, seed, endOnFailure: true });
beforeAll(() => process.stdout.write(`tax-lines properties: seed ${seed}\n`));

const GST: TaxRate = { name: 'GST', milliPercent: 5000 };
const PST_BC: TaxRate = { name: 'PST', milliPercent: 7000 };
const QST: TaxRate = { name: 'QST', milliPercent: 9975 };
const HST_ON: TaxRate = { name: 'HST', milliPercent: 13000 };
const NYC: TaxRate = { name: 'Sales tax', milliPercent: 8875 };
const line = (over: Partial<TaxedLineInput>): TaxedLineInput => ({ item_type: 'SESSION_TYPE', quantity: 1, ...over });
const money = centsToDecimal;
const summary = (t: ReturnType<typeof computeTaxTotals>) =>
  t.taxes.map((s) => [s.name, s.milliPercent, money(s.baseCents), money(s.amountCents)]);

describe('computeTaxTotals: worked examples', () => {
  it('Québec: GST 5 % and QST 9.975 %, each on the price without tax (Revenu Québec’s $100 example)', () => {
    const totals = computeTaxTotals([line({ price_without_tax: '100.00', taxes: [GST, QST] })]);
    expect(summary(totals)).toEqual([
      ['GST', 5000, '100.00', '5.00'],
      ['QST', 9975, '100.00', '9.98'],
    ]);
    expect(money(totals.totalWithTaxCents)).toBe('114.98');
    expect(totals.lines[0].taxes.map((t) => money(t.amountCents))).toEqual(['5.00', '9.98']);
  });

  it('the same $114.98 priced with tax gives back $100.00, GST 5.00 and QST 9.98', () => {
    const totals = computeTaxTotals([line({ price_with_tax: '114.98', taxes: [QST, GST] })]);
    expect(summary(totals)).toEqual([
      ['GST', 5000, '100.00', '5.00'],
      ['QST', 9975, '100.00', '9.98'],
    ]);
    expect(money(totals.totalWithTaxCents)).toBe('114.98');
  });

  it('British Columbia GST + PST, Ontario HST as one tax, New York City 8.875 % on a wedding', () => {
    const bc = computeTaxTotals([line({ price_without_tax: '1250.00', taxes: [GST, PST_BC] })]);
    expect(summary(bc)).toEqual([
      ['GST', 5000, '1250.00', '62.50'],
      ['PST', 7000, '1250.00', '87.50'],
    ]);
    expect(money(bc.totalWithTaxCents)).toBe('1400.00');
    const on = computeTaxTotals([line({ price_without_tax: '1250.00', taxes: [HST_ON] })]);
    expect(money(on.totalWithTaxCents)).toBe('1412.50');
    const nyc = computeTaxTotals([line({ price_without_tax: '2500.00', taxes: [NYC] })]);
    expect(summary(nyc)).toEqual([['Sales tax', 8875, '2500.00', '221.88']]); // 221.875, half away from zero
    expect(money(nyc.totalWithTaxCents)).toBe('2721.88');
  });

  it('a line without tax, a text line and a 10 % document discount', () => {
    const totals = computeTaxTotals([
      line({ price_without_tax: '200.00', taxes: [GST, QST] }),
      { item_type: 'TEXT' },
      line({ price_without_tax: '50.00', taxes: [] }),
      { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: 10 },
    ]);
    expect(money(totals.totalWithoutTaxCents)).toBe('225.00');
    expect(summary(totals)).toEqual([
      ['GST', 5000, '180.00', '9.00'],
      ['QST', 9975, '180.00', '17.96'],
    ]);
    expect(money(totals.totalWithTaxCents)).toBe('251.96');
    expect(money(totals.lines[3].totalCents)).toBe('-27.99'); // 279.95 before, 251.96 after
  });

  it('a deposit taken off with the GST and QST it declared', () => {
    const totals = computeTaxTotals([
      line({ price_without_tax: '1000.00', taxes: [GST, QST] }),
      {
        item_type: 'DEPOSIT',
        price_without_tax: '-300.00',
        price_with_tax: '-344.93',
        deposit_taxes: [
          { ...GST, amountCents: -1500n },
          { ...QST, amountCents: -2993n },
        ],
      },
    ]);
    expect(summary(totals)).toEqual([
      ['GST', 5000, '700.00', '35.00'],
      ['QST', 9975, '700.00', '69.82'],
    ]);
    expect(money(totals.totalWithTaxCents)).toBe('804.82'); // 1149.75 − 344.93
  });
});

// Lines as the app sends them today (totals.test.ts's generator, with deposits): any rate of two decimals.
const decimal = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((h) => (h / 100).toFixed(2));
const legacyLine: fc.Arbitrary<LineInput> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record({
      item_type: fc.constantFrom(...ITEM_TYPES),
      quantity: fc.option(decimal(1000), { nil: undefined }),
      price_with_tax: fc.option(decimal(100_000), { nil: undefined }),
      price_without_tax: fc.option(decimal(100_000), { nil: undefined }),
      vat_percentage: fc.option(fc.oneof(fc.constantFrom('0', '2.1', '5.5', '10', '20', '100'), decimal(100)), {
        nil: undefined,
      }),
      discount_percentage: fc.option(decimal(100), { nil: undefined }),
      discount_amount: fc.option(decimal(100_000), { nil: undefined }),
      discount_type: fc.option(fc.constantFrom(...DISCOUNT_TYPES), { nil: undefined }),
      price_includes_tax: fc.option(fc.boolean(), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ net: fc.integer({ min: 0, max: 1_000_000 }), vat: fc.constantFrom('5.5', '10', '20') })
      .map(({ net, vat }) => ({
        item_type: 'DEPOSIT' as const,
        price_without_tax: centsToDecimal(-BigInt(net)),
        price_with_tax: centsToDecimal(-(BigInt(net) + roundDiv(BigInt(net) * toHundredths(vat), 10_000n))),
        vat_percentage: vat,
      })),
  },
);

describe('computeTaxTotals: one tax of two decimals is exactly today’s computeTotals', () => {
  it('same line amounts, same amounts per rate, same totals (French behaviour unchanged)', () => {
    fc.assert(
      fc.property(fc.array(legacyLine, { maxLength: 15 }), (items) => {
        const today = computeTotals(items);
        const taxed = computeTaxTotals(items.map((l) => taxedLineOf(l)));
        expect(
          taxed.lines.map(({ priceWithTaxCents, priceWithoutTaxCents, totalCents, priceIncludesTax }) => ({
            priceWithTaxCents,
            priceWithoutTaxCents,
            totalCents,
            priceIncludesTax,
          })),
        ).toEqual(today.lines);
        expect(
          taxed.taxes.map((t) => ({
            vatBasisPoints: t.milliPercent / 10,
            baseCents: t.baseCents,
            vatCents: t.amountCents,
          })),
        ).toEqual(today.vat);
        expect(taxed.totalWithoutTaxCents).toBe(today.totalWithoutTaxCents);
        expect(taxed.totalTaxCents).toBe(today.totalVatCents);
        expect(taxed.totalWithTaxCents).toBe(today.totalWithTaxCents);
      }),
      runs(500),
    );
  });
});

// Multi-tax documents: up to three taxes per line, rates of up to three decimals.
const taxRate = fc.record({
  name: fc.constantFrom('GST', 'PST', 'QST', 'HST', 'Sales tax', 'City tax'),
  milliPercent: fc.oneof(fc.constantFrom(0, 5000, 7000, 9975, 13000, 8875, 20000), fc.integer({ min: 0, max: 30_000 })),
});
const taxes = fc.uniqueArray(taxRate, { maxLength: 3, selector: (t) => t.name });
const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => centsToDecimal(BigInt(c)));
const pricedLine = (withTax: fc.Arbitrary<boolean>) =>
  fc.record({
    item_type: fc.constant('SESSION_TYPE' as const),
    quantity: fc.integer({ min: 1, max: 2000 }).map((h) => centsToDecimal(BigInt(h))),
    price_with_tax: cents(500_000),
    price_without_tax: cents(500_000),
    discount_percentage: fc.option(cents(10_000), { nil: undefined }),
    price_includes_tax: withTax,
    taxes,
  });
const discountLine = fc.record({
  item_type: fc.constant('DISCOUNT' as const),
  discount_type: fc.constantFrom(...DISCOUNT_TYPES),
  discount_percentage: cents(10_000),
  discount_amount: cents(200_000),
});
const document = fc.array(fc.oneof({ weight: 6, arbitrary: pricedLine(fc.boolean()) }, discountLine), {
  maxLength: 12,
});

/** Every way a result must add up: per line, per tax, and for the document. */
function expectReconciled(t: ReturnType<typeof computeTaxTotals>) {
  expect(t.totalWithTaxCents).toBe(t.totalWithoutTaxCents + t.totalTaxCents);
  expect(t.taxes.reduce((s, x) => s + x.amountCents, 0n)).toBe(t.totalTaxCents);
  expect(t.totalWithoutTaxCents >= 0n && t.totalTaxCents >= 0n).toBe(true);
  for (const l of t.lines.filter((x) => x.taxes.length))
    expect(l.netCents + l.taxes.reduce((s, x) => s + x.amountCents, 0n)).toBe(l.totalCents);
}

describe('computeTaxTotals: properties of multi-tax documents', () => {
  it('sums reconcile to the cent: line, tax and document totals', () => {
    fc.assert(
      fc.property(document, (items) => expectReconciled(computeTaxTotals(items))),
      runs(1000),
    );
  });

  it('priced without tax, no discount: a tax’s base is its lines’ nets, its amount the rate on it, rounded once per set of taxes', () => {
    fc.assert(
      fc.property(fc.array(pricedLine(fc.constant(false)), { minLength: 1, maxLength: 10 }), (items) => {
        const t = computeTaxTotals(items);
        for (const s of t.taxes) {
          const carrying = t.lines.filter((l) =>
            l.taxes.some((x) => x.name === s.name && x.milliPercent === s.milliPercent),
          );
          expect(s.baseCents).toBe(carrying.reduce((sum, l) => sum + l.netCents, 0n));
          const sets = new Set(carrying.map((l) => l.taxes.map((x) => `${x.name}@${x.milliPercent}`).join())).size;
          const error = s.amountCents * 100_000n - s.baseCents * BigInt(s.milliPercent);
          expect((error < 0n ? -error : error) <= BigInt(sets) * 50_000n).toBe(true);
        }
        expectReconciled(t);
      }),
      runs(500),
    );
  });

  it('priced with tax, no document discount: the client pays Σ line totals exactly, each quantity × price less its discount', () => {
    fc.assert(
      fc.property(fc.array(pricedLine(fc.constant(true)), { minLength: 1, maxLength: 10 }), (items) => {
        const t = computeTaxTotals(items);
        const expected = items.map((l) =>
          roundDiv(
            toHundredths(l.quantity) * toHundredths(l.price_with_tax) * (10_000n - toHundredths(l.discount_percentage)),
            1_000_000n,
          ),
        );
        expect(t.lines.map((l) => l.totalCents)).toEqual(expected);
        expect(t.totalWithTaxCents).toBe(expected.reduce((a, b) => a + b, 0n));
      }),
      runs(500),
    );
  });

  it('a fixed discount with tax on a document priced with tax takes exactly that amount off', () => {
    fc.assert(
      fc.property(
        fc.array(pricedLine(fc.constant(true)), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000 }),
        (items, off) => {
          const before = computeTaxTotals(items).totalWithTaxCents;
          const after = computeTaxTotals([
            ...items,
            { item_type: 'DISCOUNT', discount_type: 'FIXED_WITH_TAX', discount_amount: centsToDecimal(BigInt(off)) },
          ]);
          expect(after.totalWithTaxCents).toBe(before > BigInt(off) ? before - BigInt(off) : 0n);
          expectReconciled(after);
        },
      ),
      runs(300),
    );
  });

  it('a 100 % discount gives 0, and the order of the lines or of a line’s taxes never matters', () => {
    fc.assert(
      fc.property(
        document.chain((items) =>
          fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length })),
        ),
        ([items, shuffled]) => {
          const a = computeTaxTotals(items);
          const b = computeTaxTotals(shuffled.map((l) => ('taxes' in l ? { ...l, taxes: [...l.taxes].reverse() } : l)));
          expect(b.taxes).toEqual(a.taxes);
          expect(b.totalWithTaxCents).toBe(a.totalWithTaxCents);
          const none = computeTaxTotals([...items, { item_type: 'DISCOUNT', discount_percentage: '100.00' }]);
          expect(none.totalWithTaxCents).toBe(0n);
        },
      ),
      runs(300),
    );
  });

  it('10 000 generated multi-tax documents (timing printed, not asserted)', () => {
    const documents = fc.sample(document, { numRuns: 10_000, seed });
    const start = process.hrtime.bigint();
    for (const items of documents) computeTaxTotals(items);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const lines = documents.reduce((n, d) => n + d.length, 0);
    process.stdout.write(`computeTaxTotals: 10000 documents, ${lines} lines in ${ms.toFixed(0)} ms\n`);
    expect(documents).toHaveLength(10_000);
  });
});

describe('shareOut', () => {
  it('splits exactly, leftover cents to the largest remainders, ties to the first', () => {
    expect(shareOut(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(shareOut(1498n, [5000n, 9975n])).toEqual([500n, 998n]);
    expect(shareOut(5n, [0n, 0n])).toEqual([0n, 0n]);
  });
});
