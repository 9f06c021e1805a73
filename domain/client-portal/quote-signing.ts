import { type QuoteStatus } from '../invoicing/statuses';

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

/** A quote's state but its version and validity: the refusals signing and declining share. */
function stateRefusal(quote: SignableQuote): QuoteRefusal | null {
  if (quote.signed_at) return { code: 'quote_signed', message: 'This quote is already signed' };
  if (quote.declined_at || quote.status === 'REJECTED')
    return { code: 'quote_declined', message: 'This quote was declined: ask the studio for a new one' };
  if (quote.status === 'ACCEPTED')
    return { code: 'quote_accepted', message: 'The studio already recorded this quote as accepted' };
  if (quote.status !== 'SENT') return { code: 'quote_not_sent', message: 'This quote has not been sent to you' };
  return null;
}

/**
 * Whether the client may sign this quote now (issue 31 §2): a quote sent and not answered yet,
 * still valid on `today` (the studio's calendar day: it is valid through its last day), and the
 * very version the client read (a quote changed since needs reading, and signing, again).
 */
export function signingRefusal(quote: SignableQuote, readVersion: string, today: string): QuoteRefusal | null {
  const state = stateRefusal(quote);
  if (state) return state;
  if (quote.valid_until !== null && quote.valid_until < today)
    return {
      code: 'quote_expired',
      message: `This quote was valid until ${quote.valid_until}: ask the studio for a new one`,
    };
  if (readVersion !== quoteVersion(quote))
    return {
      code: 'quote_changed',
      message: 'The studio changed this quote since you opened it: read it again before signing',
    };
  return null;
}

/** Whether the client may decline this quote: any sent quote not answered yet, expired or not. */
export function decliningRefusal(quote: SignableQuote): QuoteRefusal | null {
  return stateRefusal(quote);
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
