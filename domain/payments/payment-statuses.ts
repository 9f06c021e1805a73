/** Payment intent statuses as the card provider writes them (lower case), plus our `failed`. */
export const CARD_PAYMENT_STATUSES = [
  'pending',
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

/** Order statuses as the wallet provider writes them (upper case), plus our FAILED. */
export const WALLET_PAYMENT_STATUSES = [
  'CREATED',
  'SAVED',
  'APPROVED',
  'PAYER_ACTION_REQUIRED',
  'COMPLETED',
  'VOIDED',
  'FAILED',
] as const;
export type WalletPaymentStatus = (typeof WALLET_PAYMENT_STATUSES)[number];
