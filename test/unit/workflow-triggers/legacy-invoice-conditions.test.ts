import fc from 'fast-check';
import { type Condition, CONDITION_OPERATORS } from '../../../domain/workflow-triggers/conditions';
import { migrateInvoiceConditions } from '../../../db/migrations/frozen/2026.11.24T00.05.00.legacy-invoice-conditions';

const group = (...conditions: Condition[]) => ({ operator: 'AND' as const, conditions });

describe('migrateInvoiceConditions', () => {
  it('reads PAID as a payment status, SENT and OVERDUE as ISSUED, and leaves everything else', () => {
    expect(migrateInvoiceConditions(group({ field: 'status', operator: 'equals', value: 'PAID' }))).toEqual(
      group({ field: 'payment_status', operator: 'equals', value: 'PAID' }),
    );
    expect(migrateInvoiceConditions(group({ field: 'status', operator: 'equals', value: 'sent' }))).toEqual(
      group({ field: 'status', operator: 'equals', value: 'ISSUED' }),
    );
    expect(migrateInvoiceConditions(group({ field: 'status', operator: 'in', value: ['PAID'] }))).toEqual(
      group({ field: 'payment_status', operator: 'in', value: ['PAID'] }),
    );
    expect(
      migrateInvoiceConditions(group({ field: 'status', operator: 'in', value: ['SENT', 'OVERDUE', 'PAID'] })),
    ).toEqual(group({ field: 'status', operator: 'in', value: ['ISSUED'] }));
    const kept = group(
      { field: 'amount', operator: 'greater_than', value: 100 },
      { field: 'status', operator: 'equals', value: 'DRAFT' },
    );
    expect(migrateInvoiceConditions(kept)).toEqual(kept);
  });

  it('is idempotent and never leaves a legacy status behind', () => {
    const condition = fc.record({
      field: fc.constantFrom('status', 'amount', 'title', 'payment_status'),
      operator: fc.constantFrom(...CONDITION_OPERATORS),
      value: fc.oneof(
        fc.constantFrom('DRAFT', 'SENT', 'PAID', 'OVERDUE', 'paid', 'x'),
        fc.array(fc.constantFrom('DRAFT', 'SENT', 'PAID', 'OVERDUE')),
        fc.integer(),
      ),
    }) as fc.Arbitrary<Condition>;
    fc.assert(
      fc.property(fc.array(condition, { maxLength: 6 }), (conditions) => {
        const once = migrateInvoiceConditions(group(...conditions));
        expect(migrateInvoiceConditions(once)).toEqual(once);
        for (const c of once.conditions.filter((c) => c.field === 'status')) {
          const values = Array.isArray(c.value) ? c.value : [c.value];
          expect(
            values.some((v) => typeof v === 'string' && ['SENT', 'OVERDUE', 'PAID'].includes(v.toUpperCase())),
          ).toBe(false);
        }
      }),
    );
  });
});
