import { z } from 'zod';

/** POST /api/{card,wallet}provider/payments/invoices: the invoice to pay. */
export const PayInvoiceBody = z.object({ invoice_id: z.uuid() }).strict();

/** A webhook's answer: 200 once the event is taken (or ignored, naming its type). */
export const WebhookReceived = z.object({ received: z.literal(true), ignored: z.string().optional() });

/** The parts of a card provider event this service reads (after its signature is verified): a payment intent or a checkout session. */
export const CardEvent = z
  .object({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    data: z.object({
      object: z
        .object({
          id: z.string().min(1).max(255),
          /** A payment intent's: what the provider took, in the currency's minor unit. */
          amount_received: z.number().int().min(0).optional(),
          /** A checkout session's: its total, in the currency's minor unit. */
          amount_total: z.number().int().min(0).nullable().optional(),
          currency: z.string().min(3).max(3).nullable().optional(),
          /** A checkout session's: `paid`, `unpaid` (a delayed method: an async event follows) or `no_payment_required`. */
          payment_status: z.string().max(40).optional(),
          /** A checkout session's payment intent, once it has one. */
          payment_intent: z.string().min(1).max(255).nullable().optional(),
        })
        .passthrough(),
    }),
  })
  .passthrough();

/** The parts of a wallet provider event this service reads (after the provider verified it). */
export const WalletEvent = z
  .object({
    id: z.string().min(1).max(255),
    event_type: z.string().min(1).max(255),
    resource: z
      .object({
        id: z.string().max(255).optional(),
        supplementary_data: z
          .object({ related_ids: z.object({ order_id: z.string().min(1).max(255) }).passthrough() })
          .passthrough()
          .optional(),
      })
      .passthrough(),
  })
  .passthrough();
