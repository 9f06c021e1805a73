import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import type Stripe from 'stripe';
import { signalInvoiceReminders } from '../../lib/jobs/invoice-reminders-signal';
import { type createRouteKit } from '../http/route-kit';
import { type KeptPdfDeps } from '../../services/invoicing/kept-pdf';

/**
 * What the legal invoicing routers take (issue 20; docs/invoicing.md): issuing an invoice
 * (invoices-router.ts), deposit invoices of a quote's installments (deposits-router.ts), the
 * payments ledger (payments-router.ts), credit notes and their refunds (credit-notes-router.ts).
 */
export interface LegalInvoicingRouterDeps extends KeptPdfDeps {
  sequelize: Sequelize;
  cardProvider: Stripe;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}

/** A payment, its reversal or a credit note moves what is owed: the invoice's reminders look again at once. */
export function reminderWaker(
  deps: Pick<LegalInvoicingRouterDeps, 'temporal' | 'logger'>,
): (invoiceId: string) => Promise<void> {
  const { temporal, logger } = deps;
  return (invoiceId: string) => signalInvoiceReminders(temporal, [invoiceId], logger);
}
