import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import type Stripe from 'stripe';
import { recordCheckoutSession } from '../../db/commands/record-checkout-session';
import { recordCheckoutStarted } from '../../db/commands/record-checkout-started';
import { recordWalletPayment } from '../../db/commands/record-wallet-payment';
import { countCardPayments } from '../../db/queries/card-payments';
import { type ClientRef } from '../../db/queries/client-accounts';
import { findCheckoutInvoice } from '../../db/queries/checkout-invoices';
import { assertIssued } from '../../db/queries/invoice-ledger';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { portalMessage } from '../../domain/client-portal/portal-messages';
import { clientLinkBase } from '../../domain/accounts/portal-host';
import { ConflictError, UnavailableError, ValidationError } from '../../domain/errors';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { documentScheduleNow } from '../../domain/invoicing/stored-schedule';
import { fromStoredDecimal } from '../../domain/money/currency';
import { checkoutAmount } from '../../domain/payments/checkout-amount';
import { checkoutLocale, checkoutReturnUrls } from '../../domain/payments/checkout-session';
import { receiptWords } from '../../domain/payments/receipt-words';
import { type Config } from '../config';
import { signalInvoiceReminders } from '../jobs/invoice-reminders-signal';
import { callProvider } from './provider-call';
import { type WalletProvider } from './walletprovider';

/** What starting a checkout needs: the database, the providers, Temporal (reminders) and the client link hosts. */
export interface CheckoutDeps {
  sequelize: Sequelize;
  temporal: Client;
  cardProvider: Stripe;
  walletProvider: WalletProvider;
  logger: Logger;
  config: Pick<Config, 'APP_BASE_URL' | 'TENANT_BASE_URL'>;
}

export type CheckoutMethod = 'card' | 'wallet';

export interface CheckoutOptions {
  /** `card` (default): the card provider's hosted checkout page; `wallet`: the wallet provider's approval link. */
  method?: CheckoutMethod;
  /** 1-based number of an installment of the invoice's payment schedule; absent: the balance due. */
  installment?: number;
}

/** A checkout started: where to send the client, and what it charges. */
export interface StartedCheckout {
  method: CheckoutMethod;
  /** The hosted checkout page, or the wallet's approval link. */
  url: string;
  /** Decimal text ("250.00") in `currency`. */
  amount: string;
  /** ISO 4217, upper case (the invoice's). */
  currency: string;
  installment: number | null;
  /** The card provider's checkout session (card). */
  checkout_session_id: string | null;
  /** The wallet provider's order (wallet). */
  order_id: string | null;
}

/** A provider that did not answer, said in the client's language (issue 40 §11): still a 503. */
async function inClientLanguage<T>(locale: UserLocale, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof UnavailableError) throw new UnavailableError(portalMessage('unavailable', locale));
    throw err;
  }
}

type CheckoutFacts = Awaited<ReturnType<typeof findCheckoutInvoice>>;

/**
 * What the client may pay now, in cents: the balance due or one installment's unpaid part
 * (domain/payments/checkout-amount.ts). Refused, in the client's language, for a cancelled or
 * unissued invoice, one with nothing (or nothing of that installment) left to pay, or an
 * installment the invoice does not have.
 */
function chargeableCents(facts: CheckoutFacts, locale: UserLocale, installment: number | undefined): bigint {
  const { invoice } = facts;
  if (invoice.status === 'CANCELLED')
    throw new ConflictError('invoice_cancelled', portalMessage('invoice_cancelled', locale));
  assertIssued(invoice);
  const charge = checkoutAmount({
    balanceDueCents: toHundredths(invoice.balance_due),
    amountPaidCents: toHundredths(invoice.amount_paid),
    schedule: documentScheduleNow(invoice, facts.studio.time_zone),
    ...(installment !== undefined ? { installment } : {}),
    locale,
  });
  if ('refusal' in charge) {
    const { code, message } = charge.refusal;
    if (code === 'nothing_due' || code === 'installment_paid')
      throw new ConflictError(
        'nothing_due',
        invoice.payment_status === 'PAID' ? portalMessage('invoice_paid', locale) : message,
      );
    throw new ValidationError(message, [{ path: 'installment', message }]);
  }
  return charge.amountCents;
}

/**
 * A hosted card checkout session: mode payment, the amount in the invoice's currency and minor
 * units, the invoice in metadata, back to the invoice's portal page, in the client's language.
 */
async function cardCheckoutSession(
  deps: CheckoutDeps,
  facts: CheckoutFacts,
  locale: UserLocale,
  { amount, currency, urls }: { amount: string; currency: string; urls: ReturnType<typeof checkoutReturnUrls> },
) {
  const { sequelize, logger } = deps;
  const { invoice } = facts;
  const metadata = { invoice_id: invoice.id, owner_id: invoice.owner_id };
  // A retried request gets the same session; the next press (after this one is recorded) a new one.
  const attempt = await countCardPayments(sequelize, invoice.id);
  const session = await inClientLanguage(
    locale,
    callProvider(logger, 'card', () =>
      deps.cardProvider.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: {
                // The provider takes the currency's code in lower case and the amount in its minor unit.
                currency: currency.toLowerCase(),
                unit_amount: Number(fromStoredDecimal(amount, currency)),
                product_data: { name: `${receiptWords(locale).invoice} ${invoice.number ?? invoice.title}` },
              },
              quantity: 1,
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          success_url: urls.success,
          cancel_url: urls.cancel,
          ...(facts.contact?.email ? { customer_email: facts.contact.email } : {}),
          locale: checkoutLocale(locale),
        },
        { idempotencyKey: `checkout-${invoice.id}-${amount}-${attempt}` },
      ),
    ),
  );
  return session;
}

/**
 * "Pay" on one of the client's invoices (issue 31 §3), from the portal's JSON route or its pages:
 * the amount is the balance due or one installment's unpaid part, never more than the balance
 * (domain/payments/checkout-amount.ts). By card, a hosted checkout session (mode payment, the
 * amount in the invoice's currency and minor units, the invoice in metadata, back to the invoice's
 * portal page, in the client's language) recorded as a pending card payment, and the invoice's
 * reminders hold; by wallet, an order and its approval link. The money reaches the ledger through
 * the providers' signed webhooks (api/payments/router.ts). Provider calls go outside any
 * transaction; a provider failure is a 503.
 *
 * 404 for an invoice the client does not see; 409 `nothing_due` when nothing (or nothing of that
 * installment) is left to pay, `invoice_cancelled` for a cancelled one; 400 for an installment the
 * invoice does not have.
 */
export async function startInvoiceCheckout(
  deps: CheckoutDeps,
  account: ClientRef,
  invoiceId: string,
  options: CheckoutOptions = {},
): Promise<StartedCheckout> {
  const { sequelize, logger } = deps;
  const method = options.method ?? 'card';
  const facts = await findCheckoutInvoice(sequelize, account, invoiceId);
  const { invoice } = facts;
  // Every refusal in the client's language (issue 40 §11).
  const locale = clientLocale(facts.contact, facts.studio);
  const amount = centsToDecimal(chargeableCents(facts, locale, options.installment));
  const currency = invoice.currency.toUpperCase();
  const started = { amount, currency, installment: options.installment ?? null };

  const urls = checkoutReturnUrls(
    clientLinkBase(facts.studio, deps.config.APP_BASE_URL, deps.config.TENANT_BASE_URL),
    invoice.id,
  );

  if (method === 'wallet') {
    // Back to the portal's invoice page after approving (the capture follows from the provider's event).
    const order = await inClientLanguage(
      locale,
      callProvider(logger, 'wallet', () =>
        deps.walletProvider.createOrder({
          amount,
          currency,
          invoiceId: invoice.id,
          description: invoice.title,
          experience: { returnUrl: urls.success, cancelUrl: urls.cancel, locale },
        }),
      ),
    );
    await recordWalletPayment(sequelize, invoice, order.orderId, currency, order.status, amount);
    await recordCheckoutStarted(sequelize, invoice, { method, amount, currency });
    return { method, url: order.approvalUrl, ...started, checkout_session_id: null, order_id: order.orderId };
  }

  const session = await cardCheckoutSession(deps, facts, locale, { amount, currency, urls });
  if (!session.url) throw new UnavailableError(portalMessage('unavailable', locale));
  await recordCheckoutSession(sequelize, invoice.id, { checkoutSessionId: session.id, amount, currency });
  await recordCheckoutStarted(sequelize, invoice, { method, amount, currency });
  // The client is paying: the invoice's reminders hold at once (domain/invoicing/reminder-decision.ts).
  await signalInvoiceReminders(deps.temporal, [invoice.id], logger);
  return { method, url: session.url, ...started, checkout_session_id: session.id, order_id: null };
}
