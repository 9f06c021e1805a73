import fc from 'fast-check';
import { creditedLines, type InvoiceLineForCredit } from '../../../domain/invoicing/credit-note-lines';
import { toHundredths } from '../../../domain/invoicing/money';

const line = (id: string, quantity: string, total: string, item_type = 'SESSION_TYPE'): InvoiceLineForCredit => ({
  id,
  item_type,
  description: id,
  quantity,
  vat_percentage: '20.00',
  total,
});
const lines = [line('a', '3.00', '59.97'), line('b', '1.00', '180.00'), line('d', '1.00', '-24.00', 'DISCOUNT')];

describe('creditedLines', () => {
  it('credits whole lines, or part of a quantity pro rata, to the cent', () => {
    expect(creditedLines(lines, [{ invoice_item_id: 'a' }, { invoice_item_id: 'b', quantity: 0.5 }])).toEqual({
      ok: true,
      amountCents: 5997n + 9000n,
      lines: [
        { invoice_item_id: 'a', description: 'a', quantity: '3.00', vat_percentage: '20.00', total: '59.97' },
        { invoice_item_id: 'b', description: 'b', quantity: '0.50', vat_percentage: '20.00', total: '90.00' },
      ],
    });
    expect(creditedLines(lines, [{ invoice_item_id: 'a', quantity: 1 }])).toMatchObject({
      ok: true,
      amountCents: 1999n,
    });
  });

  it('refuses unknown, repeated, discount lines and quantities beyond the line', () => {
    const problems = (r: ReturnType<typeof creditedLines>) => (r.ok ? [] : r.problems.map((p) => p.path));
    expect(problems(creditedLines(lines, [{ invoice_item_id: 'z' }]))).toEqual(['items.0.invoice_item_id']);
    expect(problems(creditedLines(lines, [{ invoice_item_id: 'a' }, { invoice_item_id: 'a' }]))).toEqual([
      'items.1.invoice_item_id',
    ]);
    expect(problems(creditedLines(lines, [{ invoice_item_id: 'd' }]))).toEqual(['items.0']);
    expect(problems(creditedLines(lines, [{ invoice_item_id: 'a', quantity: 4 }]))).toEqual(['items.0.quantity']);
    expect(problems(creditedLines(lines, []))).toEqual(['items']);
  });

  it('never credits more than the line, and crediting every unit in parts adds up to about the line (within a cent per part)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        (units, totalCents, taken) => {
          const l = line('x', `${units}.00`, (totalCents / 100).toFixed(2));
          const part = Math.min(taken, units);
          const result = creditedLines([l], [{ invoice_item_id: 'x', quantity: part }]);
          if (!result.ok) return; // a part worth less than a cent
          expect(result.amountCents).toBeLessThanOrEqual(toHundredths(l.total));
          const exact = (totalCents * part) / units;
          expect(Math.abs(Number(result.amountCents) - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
