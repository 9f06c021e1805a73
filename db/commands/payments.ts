import { type PaymentProvider } from '../models/ProcessedProviderEvent';

export interface PaymentEvent {
  provider: PaymentProvider;
  eventId: string;
  eventType: string;
  /** The payment intent id (card) or the order id (wallet). */
  reference: string;
}

export type PaymentEventOutcome = 'paid' | 'failed' | 'already_processed' | 'already_paid' | 'unknown_payment';
