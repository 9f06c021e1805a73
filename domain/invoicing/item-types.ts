/** Value sets of quote and invoice lines. */
export const ITEM_TYPES = ['BLANK', 'TEXT', 'SESSION_TYPE', 'DISCOUNT'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const DISCOUNT_TYPES = ['PERCENTAGE_OF_TOTAL', 'FIXED_WITH_TAX', 'FIXED_WITHOUT_TAX'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
