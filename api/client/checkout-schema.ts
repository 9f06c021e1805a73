import { z } from 'zod';
import { PAYMENT_METHODS } from '../../domain/invoicing/statuses';

/** :id of one of the client's invoices or receipts. */
export const IdParams = z.object({ id: z.uuid() });

/** POST /api/client-accounts/me/invoices/:id/checkout: how to pay, and what (the balance, or one installment). */
export const CheckoutBody = z
  .object({
    method: z.enum(['card', 'wallet']).default('card'),
    /** 1-based number of an installment of the invoice's payment schedule (at most 12). */
    installment: z.number().int().min(1).max(12).optional(),
  })
  .strict();
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** A checkout started: the page to send the client to, and what it charges. */
export const CheckoutStarted = z.object({
  url: z.string(),
  method: z.enum(['card', 'wallet']),
  amount: z.string(),
  currency: z.string(),
  installment: z.number().int().nullable(),
  checkout_session_id: z.string().nullable(),
  order_id: z.string().nullable(),
});

/** One receipt of the client's payments. */
export const ReceiptView = z.object({
  id: z.uuid(),
  number: z.string(),
  invoice_id: z.uuid(),
  invoice_number: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  received_at: z.string(),
  /** What the invoice still asked right after this payment. */
  balance_after: z.string(),
  pdf_ready: z.boolean(),
});

/** A time-limited link to a receipt's kept pdf. */
export const ReceiptPdfLink = z.object({
  url: z.string(),
  filename: z.string(),
  expiration: z.number().int(),
  sha256: z.string(),
});
