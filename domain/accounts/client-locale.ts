import { USER_LOCALES, type UserLocale, WORD_LOCALES } from './users';

/** The language every studio falls back to (the service's first market). */
export const DEFAULT_LOCALE: UserLocale = 'fr-FR';

/**
 * One of the supported locales for a stored or typed value: an exact match (`en-GB`, `fr-CA` stay
 * themselves, issue 30 §4), else its language's (`en`, `en-NZ` → `en-US`; `fr`, `fr-BE` → `fr-FR`),
 * case-insensitively; null otherwise.
 */
export function supportedLocale(value: string | null | undefined): UserLocale | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().replace('_', '-').toLowerCase();
  if (!wanted) return null;
  const exact = USER_LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return WORD_LOCALES.find((l) => l.slice(0, 2).toLowerCase() === language) ?? null;
}

/**
 * The language a studio's client reads (issue 19, part 4): the contact's own locale, else the
 * studio's, else French. Everything the client reads goes through it: the session-info
 * invitation, the portal pages, SMS and email tasks, quotes and invoices sent to them.
 */
export function clientLocale(
  contact: { locale?: string | null } | null | undefined,
  studio: { locale?: string | null } | null | undefined,
): UserLocale {
  return supportedLocale(contact?.locale) ?? supportedLocale(studio?.locale) ?? DEFAULT_LOCALE;
}
