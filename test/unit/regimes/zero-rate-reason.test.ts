import fc from 'fast-check';
import { type ReasonedLine, zeroRateReasonOf } from '../../../domain/regimes/zero-rate-reason';

const line = fc.record({
  vatBasisPoints: fc.constantFrom(0, 500, 2000),
  netCents: fc.bigInt({ min: -10_000n, max: 100_000n }),
  zeroRateReason: fc.option(fc.constantFrom('Zero-rated: printed books', 'Exempt', '  Zero-rated:   printed books '), {
    nil: null,
  }),
});
const zero = (l: ReasonedLine) => l.netCents !== 0n && l.vatBasisPoints === 0;

describe('the reason of a document’s zero-rated lines (issue 40 §5)', () => {
  it('is each zero-rated line’s reason once, in order; null when one lacks it or none is zero-rated', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const reason = zeroRateReasonOf(lines);
        const zeroLines = lines.filter(zero);
        if (zeroLines.length === 0 || zeroLines.some((l) => !l.zeroRateReason?.trim())) expect(reason).toBeNull();
        else {
          const reasons = [...new Set(zeroLines.map((l) => l.zeroRateReason!.replace(/\s+/g, ' ').trim()))];
          expect(reason).toBe(reasons.join('; '));
        }
      }),
    );
  });

  it('reads a line with tax lines by its taxes, and ignores a taxed line’s reason', () => {
    expect(
      zeroRateReasonOf([
        { vatBasisPoints: 0, taxes: [{ milliPercent: 5000 }], netCents: 100n, zeroRateReason: null },
        { vatBasisPoints: 0, taxes: [{ milliPercent: 0 }], netCents: 100n, zeroRateReason: 'Exempt' },
      ]),
    ).toBe('Exempt');
    expect(zeroRateReasonOf([{ vatBasisPoints: 2000, netCents: 100n, zeroRateReason: 'x' }])).toBeNull();
  });
});
