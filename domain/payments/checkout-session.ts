import { type UserLocale } from '../accounts/users';

/**
 * What the hosted checkout page is told besides the money (issue 31 §3): the language it speaks to
 * the client and where it sends the client back. Pure.
 */

/** The hosted page's languages this service asks for (a subset of Stripe Checkout's `locale`). */
export type CheckoutLocale = 'fr' | 'fr-CA' | 'en' | 'en-GB';

/**
 * The checkout page's language for the client's locale: French or English, with the Canadian
 * French and British English the page has (en-IE, en-AU read British spelling too; en-CA and
 * en-US read `en`).
 */
export function checkoutLocale(locale: UserLocale): CheckoutLocale {
  if (locale === 'fr-CA') return 'fr-CA';
  if (locale.startsWith('fr')) return 'fr';
  if (locale === 'en-GB' || locale === 'en-IE' || locale === 'en-AU') return 'en-GB';
  return 'en';
}

/**
 * Where the checkout sends the client back: the invoice's portal page, `?paid=1` after paying,
 * `?cancelled=1` when the client turns back. `base` is the studio's client link base
 * (domain/accounts/portal-host.ts), without a trailing slash.
 */
export function checkoutReturnUrls(base: string, invoiceId: string): { success: string; cancel: string } {
  const page = `${base.replace(/\/$/, '')}/portal/invoices/${encodeURIComponent(invoiceId)}`;
  return { success: `${page}?paid=1`, cancel: `${page}?cancelled=1` };
}
