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

/** The language of an account that did not say: French in France and for no country (as before), English elsewhere. */
export function registrationLocale(
  locale: UserLocale | null | undefined,
  country: string | null | undefined,
): UserLocale {
  return locale ?? (!country || country === 'FR' ? 'fr-FR' : 'en-US');
}
