import { type UserLocale } from './users';

/**
 * What a new account starts with when it does not say (issue 30 §4): the time zone the browser gave
 * wins; without one, the main zone of the studio's country (a studio elsewhere in a country of
 * several zones sets its own), and Europe/Paris for an account that gave no country (the service's
 * default before accounts told it). All of it is editable afterwards.
 */
const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
};

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

export function registrationTimeZone(timeZone: string | null | undefined, country: string | null | undefined): string {
  return timeZone ?? (country ? COUNTRY_ZONES[country] : undefined) ?? DEFAULT_TIME_ZONE;
}

/** The English of the countries that have a locale of their own (issue 30 §4); Canada's French studios say fr-CA. */
const COUNTRY_LOCALES: Readonly<Record<string, UserLocale>> = {
  GB: 'en-GB',
  IE: 'en-IE',
  AU: 'en-AU',
  CA: 'en-CA',
  US: 'en-US',
};

/**
 * The locale of a new account: the one it gave, kept as given (en-GB, fr-CA…); without one, French
 * in France and for no country (as before), its country's English where it has a locale
 * (en-GB in the UK), en-US elsewhere.
 */
export function registrationLocale(
  locale: UserLocale | null | undefined,
  country: string | null | undefined,
): UserLocale {
  return locale ?? (!country || country === 'FR' ? 'fr-FR' : (COUNTRY_LOCALES[country] ?? 'en-US'));
}
