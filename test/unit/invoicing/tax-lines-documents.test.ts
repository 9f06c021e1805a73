import fc from 'fast-check';
import { DISCOUNT_TYPES } from '../../../domain/invoicing/item-types';
import {
  creditNoteTaxes,
  creditableBySet,
  splitTaxSet,
  type TaxPart,
  taxSetOverrun,
  type TaxSetAmount,
} from '../../../domain/invoicing/credit-taxes';
import { remainingTaxDeposit, splitTaxDeposit, taxSetLabel, taxSetParts } from '../../../domain/invoicing/tax-deposits';
import { grossOf, isPriced, itemDocumentLines, lessDiscount } from '../../../domain/invoicing/document-lines';
import {
  lineTaxProblems,
  linesTotals,
  storedVatPercentage,
  taxedItems,
  type TaxableLine,
} from '../../../domain/invoicing/line-taxes';
import { centsToDecimal } from '../../../domain/invoicing/money';
import { computeTaxTotals } from '../../../domain/invoicing/tax-lines';
import { computeTotals } from '../../../domain/invoicing/totals';

// Documents whose lines carry their own taxes (issue 30 §2): what the pdf prints of them and how a
// credit note shares an amount over their sets of taxes. Generated cases; the seed is printed and
// a failure replays with FC_SEED=<seed>.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const runs = (numRuns: number) => ({ numRuns, seed, endOnFailure: true });
beforeAll(() => process.stdout.write(`tax-lines-documents properties: seed ${seed}\n`));

const tax = fc.record({
  name: fc.constantFrom('GST', 'PST', 'QST', 'HST', 'Sales tax', 'VAT'),
  rate: fc.oneof(
    fc.constantFrom('0', '5', '7', '9.975', '13', '8.875', '20'),
    fc.integer({ min: 0, max: 30_000 }).map((m) => String(m / 1000)),
  ),
});
const taxes = fc.uniqueArray(tax, { maxLength: 3, selector: (t) => t.name });
const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => centsToDecimal(BigInt(c)));
const priced = fc.record({
  item_type: fc.constant('SESSION_TYPE' as const),
  description: fc.constant('Session'),
  quantity: fc.integer({ min: 1, max: 2000 }).map((h) => centsToDecimal(BigInt(h))),
  price_with_tax: cents(500_000),
  price_without_tax: cents(500_000),
  price_includes_tax: fc.boolean(),
  discount_percentage: fc.option(cents(10_000), { nil: undefined }),
  taxes,
});
const discount = fc.record({
  item_type: fc.constant('DISCOUNT' as const),
  discount_type: fc.constantFrom(...DISCOUNT_TYPES),
  discount_amount: cents(50_000),
});
const note = fc.record({ item_type: fc.constantFrom('TEXT' as const, 'BLANK' as const), description: fc.string() });
// At least one line with taxes: what makes a document one with tax lines.
const document = fc
  .tuple(priced, fc.array(fc.oneof({ weight: 6, arbitrary: priced }, discount, note), { maxLength: 9 }), fc.nat())
  .map(([first, rest, at]): TaxableLine[] => [
    ...rest.slice(0, at % (rest.length + 1)),
    first,
    ...rest.slice(at % (rest.length + 1)),
  ]);

describe('the lines a document with tax lines prints', () => {
  it('reconcile: each line is quantity × unit price less its discount, the lines less the discounts are the total before tax, the summary is computeTaxTotals', () => {
    fc.assert(
      fc.property(document, (items: TaxableLine[]) => {
        const body = itemDocumentLines(items);
        const totals = computeTaxTotals(taxedItems(items));
        const lines = body.lines.filter(isPriced);
        for (const l of lines) {
          expect(lessDiscount(grossOf(l.quantityHundredths, l.unitPrice), l.discountBasisPoints)).toBe(l.netCents);
          expect(l.taxes).toBeDefined();
        }
        expect(body.lineTotalCents - body.allowanceTotalCents).toBe(totals.totalWithoutTaxCents);
        expect(body.discounts.reduce((s, d) => s + d.netCents, 0n)).toBe(
          items.some((i) => i.item_type === 'DISCOUNT') ? body.allowanceTotalCents : 0n,
        );
        expect(body.taxes).toEqual(totals.taxes);
        expect(body.totalWithTaxCents).toBe(body.totalWithoutTaxCents + body.totalVatCents);
        expect(body.vat).toEqual([]);
      }),
      runs(400),
    );
  });

  it('a document without tax lines is printed exactly as before (computeTotals, per VAT rate)', () => {
    const items: TaxableLine[] = [
      { item_type: 'SESSION_TYPE', quantity: '12', price_with_tax: '35.00', vat_percentage: '20' },
      { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: '10' },
    ];
    const body = itemDocumentLines(items);
    expect(body.taxes).toBeUndefined();
    expect(body.vat).toEqual(computeTotals(items).vat);
    expect(centsToDecimal(body.totalWithTaxCents)).toBe('378.00');
    expect(linesTotals(items).legacy).toEqual(computeTotals(items));
  });
});

describe('a credit note of an invoice with tax lines', () => {
  const QUEBEC = [
    { name: 'GST', milliPercent: 5000 },
    { name: 'QST', milliPercent: 9975 },
  ];
  it('splits a part into its net and each tax: $114.98 is $100.00, GST $5.00 and QST $9.98', () => {
    const part = splitTaxSet(QUEBEC, 11_498n);
    expect(part.baseCents).toBe(10_000n);
    expect(part.taxes.map((t) => [t.name, t.amountCents])).toEqual([
      ['GST', 500n],
      ['QST', 998n],
    ]);
  });

  const sets = fc.uniqueArray(
    fc.record({
      taxes: fc.uniqueArray(
        fc.record({
          name: fc.constantFrom('GST', 'PST', 'QST', 'HST'),
          milliPercent: fc.integer({ min: 0, max: 20_000 }),
        }),
        { maxLength: 2, selector: (t) => t.name },
      ),
      withTaxCents: fc.bigInt({ min: 1n, max: 10_000_000n }),
    }),
    { minLength: 1, maxLength: 4, selector: (s) => s.taxes.map((t) => `${t.name}${t.milliPercent}`).join() },
  );

  it('an amount is shared so the parts add up to it, base + taxes is each part, and no set is credited past what is left in it', () => {
    fc.assert(
      fc.property(
        sets,
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 5 }),
        (invoice, cuts) => {
          const whole = invoice.reduce((s, x) => s + x.withTaxCents, 0n);
          const earlier: TaxSetAmount[][] = [];
          let left = whole;
          for (const cut of cuts) {
            const amount = (whole * BigInt(cut)) / 5000n;
            if (amount <= 0n || amount > left) continue;
            const parts = creditNoteTaxes(amount, [], invoice, earlier);
            expect(parts.reduce((s, p) => s + p.withTaxCents, 0n)).toBe(amount);
            for (const p of parts)
              expect(p.baseCents + p.taxes.reduce((s, x) => s + x.amountCents, 0n)).toBe(p.withTaxCents);
            expect(taxSetOverrun(parts, invoice, earlier)).toBeNull();
            earlier.push(parts);
            left -= amount;
          }
          // What is left to credit is exactly the invoice less the credit notes, set by set.
          const rest = creditableBySet(invoice, earlier).reduce((s, x) => s + x.withTaxCents, 0n);
          expect(rest).toBe(left);
          // The last credit note takes exactly what is left in each set.
          if (left > 0n) {
            const last = creditNoteTaxes(left, [], invoice, earlier);
            expect(creditableBySet(invoice, [...earlier, last])).toEqual([]);
          }
        },
      ),
      runs(300),
    );
  });

  it('an invoice credited in several notes, the last for all that is left, is credited tax by tax exactly what it charged (issue 40 §2)', () => {
    const total = (parts: readonly TaxPart[], key: string) =>
      parts
        .flatMap((p) => p.taxes)
        .filter((t) => `${t.name}@${t.milliPercent}` === key)
        .reduce((s, t) => s + t.amountCents, 0n);
    fc.assert(
      fc.property(document, fc.array(fc.integer({ min: 1, max: 2000 }), { maxLength: 4 }), (items, cuts) => {
        const invoice = taxSetParts(items);
        const whole = invoice.reduce((s, x) => s + x.withTaxCents, 0n);
        if (whole <= 0n) return;
        const notes: TaxPart[][] = [];
        let left = whole;
        for (const cut of cuts) {
          const amount = (whole * BigInt(cut)) / 5000n;
          if (amount <= 0n || amount >= left) continue;
          notes.push(creditNoteTaxes(amount, [], invoice, notes));
          left -= amount;
        }
        notes.push(creditNoteTaxes(left, [], invoice, notes));
        const charged = invoice.flatMap((p) => p.taxes.map((t) => `${t.name}@${t.milliPercent}`));
        for (const key of new Set(charged))
          expect({ key, credited: total(notes.flat(), key) }).toEqual({ key, credited: total(invoice, key) });
        expect(notes.flat().reduce((s, p) => s + p.baseCents, 0n)).toBe(invoice.reduce((s, p) => s + p.baseCents, 0n));
      }),
      runs(300),
    );
  });

  it('whole lines credit their own set, and more than is left in a set is named', () => {
    const invoice = [{ taxes: QUEBEC, withTaxCents: 11_498n }];
    const lines = [{ taxes: QUEBEC, withTaxCents: 11_498n }];
    expect(creditNoteTaxes(11_498n, lines, invoice, [])).toEqual([splitTaxSet(QUEBEC, 11_498n)]);
    const over = taxSetOverrun(lines, invoice, [[{ taxes: QUEBEC, withTaxCents: 100n }]]);
    expect(over).toEqual({ taxes: QUEBEC, creditableCents: 11_398n });
  });
});

describe('the taxes a line is sent with', () => {
  it('vat_percentage beside them must say the same one rate; several taxes or three decimals leave it out', () => {
    const line = (taxes: { name: string; rate: string }[], vat?: string): TaxableLine => ({
      item_type: 'SESSION_TYPE',
      taxes,
      vat_percentage: vat,
    });
    expect(lineTaxProblems(line([{ name: 'HST', rate: '13' }], '13.00'))).toEqual([]);
    expect(lineTaxProblems(line([{ name: 'HST', rate: '13' }], '15'))[0].path).toEqual(['vat_percentage']);
    expect(lineTaxProblems(line([{ name: 'Sales tax', rate: '8.875' }], '8.88'))[0].message).toMatch(/leave/);
    expect(
      lineTaxProblems(
        line([
          { name: 'GST', rate: '5' },
          { name: 'gst', rate: '5' },
        ]),
      )[0],
    ).toEqual({ path: ['taxes'], message: expect.stringMatching(/twice/) });
  });

  it('the column beside them keeps the one rate, or the combined rate rounded', () => {
    expect(storedVatPercentage([{ name: 'HST', milliPercent: 13_000 }])).toBe('13.00');
    expect(
      storedVatPercentage([
        { name: 'GST', milliPercent: 5000 },
        { name: 'QST', milliPercent: 9975 },
      ]),
    ).toBe('14.98');
    expect(storedVatPercentage([])).toBe('0.00');
  });
});

describe('deposits of a quote with tax lines', () => {
  const quoteDocument = fc.array(priced, { minLength: 1, maxLength: 6 });

  it('each deposit adds up to its installment, no set is billed past the quote, and a final deduction leaves each tax exact', () => {
    fc.assert(
      fc.property(
        quoteDocument,
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 3 }),
        (items, percents) => {
          const quote = taxSetParts(items);
          const total = quote.reduce((s, p) => s + p.withTaxCents, 0n);
          if (total <= 0n) return;
          const deposits: TaxPart[][] = [];
          let billed = 0n;
          for (const percent of percents) {
            const installment = (total * BigInt(percent)) / 100n;
            if (installment <= 0n || billed + installment > total) continue;
            const parts = splitTaxDeposit(installment, quote, deposits.flat());
            expect(parts.reduce((s, p) => s + p.withTaxCents, 0n)).toBe(installment);
            for (const p of parts)
              expect(p.baseCents + p.taxes.reduce((s, x) => s + x.amountCents, 0n)).toBe(p.withTaxCents);
            deposits.push(parts);
            billed += installment;
          }
          // No set of taxes billed past what the quote holds in it.
          expect(creditableBySet(quote, deposits).reduce((s, x) => s + x.withTaxCents, 0n)).toBe(total - billed);
          // What is left of each deposit, with no credit note, is the deposit itself.
          for (const parts of deposits)
            expect(remainingTaxDeposit(parts, [])).toEqual(parts.filter((p) => p.withTaxCents > 0n));
        },
      ),
      runs(200),
    );
  });

  it('a credit note on a deposit leaves its parts less the credit, each tax included', () => {
    const quebec = [
      { name: 'GST', milliPercent: 5000 },
      { name: 'QST', milliPercent: 9975 },
    ];
    const deposit = [splitTaxSet(quebec, 78_435n)];
    const credit = [splitTaxSet(quebec, 5_000n)];
    const [left] = remainingTaxDeposit(deposit, [credit]);
    expect(left.withTaxCents).toBe(73_435n);
    expect(left.baseCents).toBe(deposit[0].baseCents - credit[0].baseCents);
    expect(left.taxes.map((t) => t.amountCents)).toEqual(
      deposit[0].taxes.map((t, i) => t.amountCents - credit[0].taxes[i].amountCents),
    );
    expect(taxSetLabel(left)).toBe('GST 5 % + QST 9.975 %');
  });
});
