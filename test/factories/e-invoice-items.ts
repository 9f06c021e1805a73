import fc from 'fast-check';
import { type EInvoiceItem } from '../../domain/invoicing/e-invoice';

/** The VAT rates of the generated lines, in basis points. */
const RATES = [0, 550, 1000, 2000];

const money = (max: number) => fc.integer({ min: 1, max }).map((c) => (c / 100).toFixed(2));
const sessionLine: fc.Arbitrary<EInvoiceItem> = fc.record({
  item_type: fc.constant('SESSION_TYPE' as const),
  description: fc.constantFrom('Mariage', 'Tirages', 'Livre'),
  quantity: fc.integer({ min: 1, max: 1000 }).map((q) => (q / 100).toFixed(2)),
  vat_percentage: fc.constantFrom(...RATES.filter((r) => r > 0)).map((bp) => bp / 100),
  price_includes_tax: fc.boolean(),
  price_without_tax: money(500_000),
  price_with_tax: money(500_000),
  discount_percentage: fc.option(
    fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
    { nil: null },
  ),
});
const discountLine: fc.Arbitrary<EInvoiceItem> = fc.record({
  item_type: fc.constant('DISCOUNT' as const),
  discount_type: fc.constantFrom(
    'PERCENTAGE_OF_TOTAL' as const,
    'FIXED_WITH_TAX' as const,
    'FIXED_WITHOUT_TAX' as const,
  ),
  discount_percentage: fc.integer({ min: 0, max: 5_000 }).map((bp) => bp / 100),
  discount_amount: money(100_000),
});
/** An invoice's items as the studio types them: one to eight lines at any VAT rate, up to two discounts. */
export const documentItems = fc
  .tuple(fc.array(sessionLine, { minLength: 1, maxLength: 8 }), fc.array(discountLine, { maxLength: 2 }))
  .map(([lines, discounts]) => [...lines, ...discounts]);
