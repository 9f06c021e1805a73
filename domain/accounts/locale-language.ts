import { type UserLocale, type WordLocale } from './users';

/**
 * The locale whose words a locale reads (issue 30 §4): French for fr-*, English (the en-US tables)
 * for en-*. Word tables stay keyed by these two; dates and amounts keep the locale itself, and the
 * country's own English (GST, tax invoice) comes from the studio's jurisdiction
 * (regimes/document-words.ts), not from here.
 */
export function languageOf(locale: UserLocale): WordLocale {
  return locale.startsWith('fr') ? 'fr-FR' : 'en-US';
}

/** Whether a locale reads French (typography such as the space before a colon goes with it). */
export const isFrench = (locale: UserLocale): boolean => languageOf(locale) === 'fr-FR';

/**
 * The locales whose stored texts (base session-info templates, seeded email and SMS templates)
 * serve a reader of `locale`, best first: its own, then its language's (en-GB → en-GB, en-US).
 */
export function readableLocales(locale: UserLocale): UserLocale[] {
  const language = languageOf(locale);
  return language === locale ? [locale] : [locale, language];
}

/**
 * How well a text stored in locale `stored` suits a reader of `wanted`: 0 the same locale, 1 the
 * same language (an en-US template for an en-GB studio), 2 another language. Case-insensitive.
 */
export function localeDistance(stored: string, wanted: string): 0 | 1 | 2 {
  const a = stored.toLowerCase();
  const b = wanted.toLowerCase();
  if (a === b) return 0;
  return a.split('-')[0] === b.split('-')[0] ? 1 : 2;
}
