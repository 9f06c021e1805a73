import fc from 'fast-check';
import { billingFrameworkCode, type OperationCategory } from '../../../domain/invoicing/billing-framework';

describe('the French billing framework code (BT-23)', () => {
  it('names what is sold and the case', () => {
    const of = (cats: OperationCategory[], deductsDeposits = false, paidAtIssue = false) =>
      billingFrameworkCode({ categories: new Set(cats), deductsDeposits, paidAtIssue });
    expect(of(['SERVICES'])).toBe('S1');
    expect(of(['GOODS'])).toBe('B1');
    expect(of(['GOODS', 'SERVICES'])).toBe('M1');
    expect(of([])).toBe('S1');
    expect(of(['SERVICES'], false, true)).toBe('S2');
    expect(of(['GOODS', 'SERVICES'], true, true)).toBe('M4');
  });

  it('is always one of the nine codes, a final invoice after deposits always a 4', () => {
    fc.assert(
      fc.property(
        fc.subarray<OperationCategory>(['SERVICES', 'GOODS']),
        fc.boolean(),
        fc.boolean(),
        (cats, deducts, paid) => {
          const code = billingFrameworkCode({ categories: new Set(cats), deductsDeposits: deducts, paidAtIssue: paid });
          expect(code).toMatch(/^[BSM][124]$/);
          if (deducts) expect(code[1]).toBe('4');
          expect(code[0] === 'M').toBe(cats.length === 2);
        },
      ),
    );
  });
});
