import fc from 'fast-check';
import { addDays } from '../../../domain/invoicing/calendar-date';
import { termsAgreeWithDueDate } from '../../../domain/invoicing/payment-terms';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("the studio's payment terms beside a due date", () => {
  it('agree with a due date exactly that many days after the invoice, and with none', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 120 }), fc.integer({ min: -30, max: 120 }), (issued, terms, due) => {
        expect(termsAgreeWithDueDate(issued, addDays(issued, due), terms)).toBe(due === terms);
        expect(termsAgreeWithDueDate(issued, null, terms)).toBe(true);
      }),
    );
  });

  it('stand as written when the dates cannot be compared', () => {
    expect(termsAgreeWithDueDate('29/11/2026', '2026-12-29', 30)).toBe(true);
    expect(termsAgreeWithDueDate('2026-11-29', '2026-12-29', 1.5)).toBe(true);
  });
});
