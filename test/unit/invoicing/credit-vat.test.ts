import fc from 'fast-check';
import {
  type CreditNoteAmounts,
  creditableByRate,
  creditNoteVat,
  creditOverrun,
  type CreditVatPart,
  splitCreditByVat,
  splitWithTax,
} from '../../../domain/invoicing/credit-vat';
import { roundDiv } from '../../../domain/invoicing/money';

const RATES = [0, 550, 1000, 2000];

describe('splitCreditByVat', () => {
  it('splits 100.00 over an invoice of 20 % and 5.5 % in proportion', () => {
    const parts = splitCreditByVat(10_000n, [
      { vatBasisPoints: 2000, withTaxCents: 120_000n },
      { vatBasisPoints: 550, withTaxCents: 42_200n },
    ]);
    expect(parts).toEqual([
      { vatBasisPoints: 550, withTaxCents: 2602n, baseCents: 2466n, vatCents: 136n },
      { vatBasisPoints: 2000, withTaxCents: 7398n, baseCents: 6165n, vatCents: 1233n },
    ]);
  });

  it('gives credited lines back exactly per rate, and everything at 0 % without a positive weight', () => {
    expect(
      splitCreditByVat(3599n, [
        { vatBasisPoints: 2000, withTaxCents: 2399n },
        { vatBasisPoints: 550, withTaxCents: 1200n },
      ]).map((p) => p.withTaxCents),
    ).toEqual([1200n, 2399n]);
    expect(splitCreditByVat(500n, [])).toEqual([
      { vatBasisPoints: 0, withTaxCents: 500n, baseCents: 500n, vatCents: 0n },
    ]);
  });

  it('parts add up exactly to the amount, each part is base + VAT, none is negative (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        fc.array(
          fc.record({
            vatBasisPoints: fc.constantFrom(...RATES),
            withTaxCents: fc.bigInt({ min: -50_000n, max: 9_999_999_999n }),
          }),
          { maxLength: 6 },
        ),
        (amount, weights) => {
          const parts = splitCreditByVat(amount, weights);
          expect(parts.reduce((sum, p) => sum + p.withTaxCents, 0n)).toBe(amount);
          for (const p of parts) {
            expect(p.baseCents + p.vatCents).toBe(p.withTaxCents);
            expect(p.withTaxCents > 0n && p.baseCents >= 0n && p.vatCents >= 0n).toBe(true);
          }
          expect(new Set(parts.map((p) => p.vatBasisPoints)).size).toBe(parts.length);
        },
      ),
    );
  });
});

/** The bases at which `withTax` cents at `bp` have VAT = round(base × rate): searched wide, independently of splitWithTax. */
const fittingBases = (bp: number, withTax: bigint): bigint[] => {
  const around = (withTax * 10_000n) / (10_000n + BigInt(bp));
  const found: bigint[] = [];
  for (let base = around - 3n; base <= around + 3n; base += 1n)
    if (base >= 0n && base + roundDiv(base * BigInt(bp), 10_000n) === withTax) found.push(base);
  return found;
};

describe('splitWithTax', () => {
  it('takes a base whose VAT is round(base × rate) when there is one (BR-CO-17), else the rounded base and the rest (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RATES, 210, 850),
        fc.bigInt({ min: -9_999_999n, max: 9_999_999n }),
        (bp, withTax) => {
          const part = splitWithTax(bp, withTax);
          expect(part.baseCents + part.vatCents).toBe(withTax);
          const abs = withTax < 0n ? -withTax : withTax;
          const fitting = fittingBases(bp, abs);
          const base = withTax < 0n ? -part.baseCents : part.baseCents;
          if (fitting.length > 0) expect(fitting).toContain(base);
          else expect(base).toBe(roundDiv(abs * 10_000n, 10_000n + BigInt(bp)));
        },
      ),
    );
  });

  it('keeps the rounded base, a cent of VAT off, for an amount no base reaches (0.03 at 20 %: 0.02 + 0.00, then 0.03 + 0.01)', () => {
    expect(fittingBases(2000, 3n)).toEqual([]);
    expect(splitWithTax(2000, 3n)).toEqual({ vatBasisPoints: 2000, withTaxCents: 3n, baseCents: 3n, vatCents: 0n });
    expect(splitWithTax(2000, 120_000n)).toEqual({
      vatBasisPoints: 2000,
      withTaxCents: 120_000n,
      baseCents: 100_000n,
      vatCents: 20_000n,
    });
  });
});

describe('creditNoteVat: a credit note given its invoice and the invoice’s earlier credit notes', () => {
  const invoice = [
    { vatBasisPoints: 2000, withTaxCents: 120_000n },
    { vatBasisPoints: 550, withTaxCents: 10_550n },
  ];

  it('credits the rest by amount at the rate the earlier credit of whole lines left (the 20 % line, then 105.50)', () => {
    const first = creditNoteVat(
      { amountCents: 120_000n, lines: [{ vatBasisPoints: 2000, withTaxCents: 120_000n }] },
      invoice,
      [],
    );
    expect(first).toEqual([{ vatBasisPoints: 2000, withTaxCents: 120_000n, baseCents: 100_000n, vatCents: 20_000n }]);
    expect(creditNoteVat({ amountCents: 10_550n, lines: [] }, invoice, [first])).toEqual([
      { vatBasisPoints: 550, withTaxCents: 10_550n, baseCents: 10_000n, vatCents: 550n },
    ]);
    expect(creditableByRate(invoice, [first])).toEqual([{ vatBasisPoints: 550, withTaxCents: 10_550n }]);
  });

  it('splits a first amount over the invoice rates, and refuses lines beyond what a rate has left', () => {
    expect(creditNoteVat({ amountCents: 13_055n, lines: [] }, invoice, []).map((p) => p.withTaxCents)).toEqual([
      1055n,
      12_000n,
    ]);
    const byAmount = creditNoteVat({ amountCents: 120_000n, lines: [] }, invoice, []);
    const line = [{ vatBasisPoints: 550, withTaxCents: 10_550n }];
    expect(
      creditOverrun(creditNoteVat({ amountCents: 10_550n, lines: line }, invoice, [byAmount]), invoice, [byAmount]),
    ).toEqual({ vatBasisPoints: 550, creditableCents: 10_550n - byAmount[0].withTaxCents });
    expect(creditOverrun(line, invoice, [])).toBeNull();
  });

  const invoiceArb = fc.uniqueArray(
    fc.record({ vatBasisPoints: fc.constantFrom(...RATES), withTaxCents: fc.bigInt({ min: 1n, max: 99_999_999n }) }),
    { minLength: 1, maxLength: 4, selector: (w) => w.vatBasisPoints },
  );
  // Each note: an amount, or whole lines at one rate; a share (per 10 000) of what is left, so a sequence stays within the invoice.
  const noteArb = fc.record({ byLines: fc.boolean(), share: fc.integer({ min: 1, max: 10_000 }), rateIndex: fc.nat() });

  it('no rate is ever credited more than it was invoiced, parts add up to the amount, base + VAT = part, and crediting everything credits each rate exactly (property)', () => {
    fc.assert(
      fc.property(invoiceArb, fc.array(noteArb, { maxLength: 8 }), fc.boolean(), (invoiceVat, notes, finish) => {
        const invoiced = new Map(invoiceVat.map((w) => [w.vatBasisPoints, w.withTaxCents]));
        const total = invoiceVat.reduce((s, w) => s + w.withTaxCents, 0n);
        const earlier: CreditVatPart[][] = [];
        const credited = () => earlier.flat().reduce((s, p) => s + p.withTaxCents, 0n);
        const plan = finish ? [...notes, { byLines: false, share: 10_000, rateIndex: 0 }] : notes;
        for (const n of plan) {
          const left = creditableByRate(invoiceVat, earlier);
          if (left.length === 0) break;
          let note: CreditNoteAmounts;
          if (n.byLines) {
            const rate = left[n.rateIndex % left.length];
            const cents = (rate.withTaxCents * BigInt(n.share)) / 10_000n;
            if (cents === 0n) continue;
            note = { amountCents: cents, lines: [{ vatBasisPoints: rate.vatBasisPoints, withTaxCents: cents }] };
          } else {
            const cents = ((total - credited()) * BigInt(n.share)) / 10_000n;
            if (cents === 0n) continue;
            note = { amountCents: cents, lines: [] };
          }
          const parts = creditNoteVat(note, invoiceVat, earlier);
          expect(creditOverrun(parts, invoiceVat, earlier)).toBeNull();
          expect(parts.reduce((s, p) => s + p.withTaxCents, 0n)).toBe(note.amountCents);
          for (const p of parts) {
            expect(p.baseCents + p.vatCents).toBe(p.withTaxCents);
            expect(p.withTaxCents > 0n && p.baseCents >= 0n && p.vatCents >= 0n).toBe(true);
            if (fittingBases(p.vatBasisPoints, p.withTaxCents).length > 0)
              expect(p.vatCents).toBe(roundDiv(p.baseCents * BigInt(p.vatBasisPoints), 10_000n));
          }
          earlier.push(parts);
          for (const [bp, cents] of sumCredited(earlier)) expect(cents <= (invoiced.get(bp) ?? 0n)).toBe(true);
        }
        if (credited() === total) for (const [bp, cents] of sumCredited(earlier)) expect(cents).toBe(invoiced.get(bp));
      }),
    );
  });
});

const sumCredited = (notes: readonly (readonly CreditVatPart[])[]): Map<number, bigint> => {
  const byRate = new Map<number, bigint>();
  for (const p of notes.flat()) byRate.set(p.vatBasisPoints, (byRate.get(p.vatBasisPoints) ?? 0n) + p.withTaxCents);
  return byRate;
};
