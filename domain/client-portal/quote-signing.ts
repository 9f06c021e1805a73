import { type UserLocale } from '../accounts/users';
import { formatDay } from '../invoicing/document-html';
import { type QuoteStatus } from '../invoicing/statuses';
import { portalMessage } from './portal-messages';

/** What of a quote decides whether its client may sign or decline it now. */
export interface SignableQuote {
  status: QuoteStatus;
  valid_until: string | null;
  signed_at: Date | null;
  declined_at: Date | null;
  updated_at: Date;
}

/** Why a quote cannot be signed or declined: a code the app can act on and a sentence for the client. */
export interface QuoteRefusal {
  code: 'quote_not_sent' | 'quote_signed' | 'quote_accepted' | 'quote_declined' | 'quote_expired' | 'quote_changed';
  message: string;
}

/** The version of a quote a client read and signs: its last change, to the millisecond. */
export const quoteVersion = (quote: Pick<SignableQuote, 'updated_at'>): string => quote.updated_at.toISOString();

/** A refusal worded for the client (domain/client-portal/portal-messages.ts). */
const refusal = (code: QuoteRefusal['code'], locale: UserLocale, date?: string): QuoteRefusal => ({
  code,
  message: portalMessage(code, locale, date ? { date } : {}),
});

/** A quote's state but its version and validity: the refusals signing and declining share. */
function stateRefusal(quote: SignableQuote, locale: UserLocale): QuoteRefusal | null {
  if (quote.signed_at) return refusal('quote_signed', locale);
  if (quote.declined_at || quote.status === 'REJECTED') return refusal('quote_declined', locale);
  if (quote.status === 'ACCEPTED') return refusal('quote_accepted', locale);
  if (quote.status !== 'SENT') return refusal('quote_not_sent', locale);
  return null;
}

/**
 * Whether the client may sign this quote now (issue 31 §2): a quote sent and not answered yet,
 * still valid on `today` (the studio's calendar day: it is valid through its last day), and the
 * very version the client read (a quote changed since needs reading, and signing, again). The
 * reason is worded in the client's `locale`, its date in that locale (issue 40 §11).
 */
export function signingRefusal(
  quote: SignableQuote,
  readVersion: string,
  today: string,
  locale: UserLocale = 'en-US',
): QuoteRefusal | null {
  const state = stateRefusal(quote, locale);
  if (state) return state;
  if (quote.valid_until !== null && quote.valid_until < today)
    return refusal('quote_expired', locale, formatDay(quote.valid_until, locale));
  if (readVersion !== quoteVersion(quote)) return refusal('quote_changed', locale);
  return null;
}

/** Whether the client may decline this quote: any sent quote not answered yet, expired or not. */
export function decliningRefusal(quote: SignableQuote, locale: UserLocale = 'en-US'): QuoteRefusal | null {
  return stateRefusal(quote, locale);
}

/**
 * The name a client typed to sign, as kept: spaces trimmed and collapsed, control and invisible
 * formatting characters refused (null), at most 200 characters, at least one letter.
 */
export function signerNameOf(typed: string): string | null {
  if (/[\p{Cc}\p{Cf}]/u.test(typed.replace(/[\t\n\r]/g, ' '))) return null;
  const name = typed.replace(/\s+/gu, ' ').trim();
  if (name.length === 0 || name.length > 200 || !/\p{L}/u.test(name)) return null;
  return name;
}
