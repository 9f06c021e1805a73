import { DEFAULT_REGIME, knownRegimeOf, regimeOf } from '../regimes';
import { type UserLocale } from './users';

/**
 * The main zone of the countries that span several (the capital's, or the most populous one's),
 * where no single zone follows from the country and no regime gives one (`Regime.timeZone`: the
 * served countries'). Every other country has one zone, read from ICU (Intl.Locale#getTimeZones):
 * Japan is Asia/Tokyo, Switzerland Europe/Zurich.
 */
const MAIN_ZONES: Readonly<Record<string, string>> = {
  AQ: 'Antarctica/McMurdo',
  AR: 'America/Argentina/Buenos_Aires',
  BR: 'America/Sao_Paulo',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Hebron',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  UM: 'Pacific/Wake',
  UZ: 'Asia/Tashkent',
};

/** The zone of an account that gave no country: the default regime's (the service's zone before accounts told it). */
export const DEFAULT_TIME_ZONE = DEFAULT_REGIME.timeZone ?? 'UTC';

/** The zone ICU gives a country of one zone; none for a country of several or of none (Antarctica). */
function onlyZoneOf(country: string): string | undefined {
  try {
    const zones = (new Intl.Locale(`und-${country}`) as Intl.Locale & { getTimeZones?(): string[] }).getTimeZones?.();
    return zones?.length === 1 ? zones[0] : undefined;
  } catch {
    return undefined;
  }
}

/** A country's main time zone (ISO 3166-1 alpha-2), or undefined when it has none (Antarctica, Bouvet Island). */
export function countryMainZone(country: string): string | undefined {
  return knownRegimeOf(country)?.timeZone ?? MAIN_ZONES[country] ?? onlyZoneOf(country);
}

/**
 * What a new account starts with when it does not say (issue 30 §4, issue 40 §20): the time zone
 * the browser gave wins; without one, the main zone of the studio's country, whichever country it
 * is (a studio elsewhere in a country of several zones sets its own); Europe/Paris for an account
 * that gave no country (the service's default before accounts told it), UTC for a country of no
 * zone. All of it is editable afterwards.
 */
export function registrationTimeZone(timeZone: string | null | undefined, country: string | null | undefined): string {
  if (timeZone) return timeZone;
  if (!country) return DEFAULT_TIME_ZONE;
  return countryMainZone(country) ?? 'UTC';
}

/**
 * The locale of a new account: the one it gave, kept as given (en-GB, fr-CA…); without one, its
 * country's regime's (French in France and for no country, as before; the country's English where
 * it has a locale, en-GB in the UK; en-US elsewhere, the fallback's).
 */
export function registrationLocale(
  locale: UserLocale | null | undefined,
  country: string | null | undefined,
): UserLocale {
  return locale ?? (country ? regimeOf(country) : DEFAULT_REGIME).locale;
}
