/** Value sets of quote and invoice lines. */
export const ITEM_TYPES = ['BLANK', 'TEXT', 'SESSION_TYPE', 'DISCOUNT'] as const;

/**
 * A final invoice's deduction of a deposit invoice (issue 21 §1): one line per deposit and VAT
 * rate, negative, its net and VAT fixed as the deposit declared them. Invoice lines only, and only
 * ever written by the server (db/commands/invoice-from-quote.ts), never typed by the studio.
 */
export const DEPOSIT_LINE = 'DEPOSIT';
export type ItemType = (typeof ITEM_TYPES)[number] | typeof DEPOSIT_LINE;

export const DISCOUNT_TYPES = ['PERCENTAGE_OF_TOTAL', 'FIXED_WITH_TAX', 'FIXED_WITHOUT_TAX'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
