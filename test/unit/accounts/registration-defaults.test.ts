import { ISO_COUNTRY_CODES } from '../../../domain/countries';
import {
  countryMainZone,
  registrationLocale,
  registrationTimeZone,
} from '../../../domain/accounts/registration-defaults';
import { isTimeZone } from '../../../domain/time-zone';

/** How Intl spells a zone (Europe/Kyiv and Europe/Kiev are one). */
const resolved = (zone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
const zonesOf = (country: string): string[] =>
  (new Intl.Locale(`und-${country}`) as Intl.Locale & { getTimeZones(): string[] }).getTimeZones();

describe("a new account's defaults", () => {
  it("takes the browser's zone first, then its country's, then Paris", () => {
    expect(registrationTimeZone('America/Denver', 'US')).toBe('America/Denver');
    expect(registrationTimeZone(undefined, 'US')).toBe('America/New_York');
    expect(registrationTimeZone(undefined, 'AU')).toBe('Australia/Sydney');
    expect(registrationTimeZone(undefined, 'DE')).toBe('Europe/Berlin');
    expect(registrationTimeZone(undefined, 'JP')).toBe('Asia/Tokyo');
    expect(registrationTimeZone(undefined, 'CH')).toBe('Europe/Zurich');
    expect(registrationTimeZone(undefined, 'NZ')).toBe('Pacific/Auckland');
    expect(registrationTimeZone(undefined, 'BV')).toBe('UTC');
    expect(registrationTimeZone(undefined, null)).toBe('Europe/Paris');
  });

  it('gives every country with a time zone one of its own zones', () => {
    for (const country of ISO_COUNTRY_CODES) {
      const zones = zonesOf(country).map(resolved);
      const main = countryMainZone(country);
      if (zones.length === 0) {
        expect(main).toBeUndefined();
        continue;
      }
      expect(main).toBeDefined();
      expect(isTimeZone(main!)).toBe(true);
      expect({ country, zone: zones.includes(resolved(main!)) }).toEqual({ country, zone: true });
    }
  });

  it("keeps the locale it asked for, else French in France or nowhere, its country's English elsewhere", () => {
    expect(registrationLocale('fr-FR', 'CA')).toBe('fr-FR');
    expect(registrationLocale('fr-CA', 'CA')).toBe('fr-CA');
    expect(registrationLocale('en-GB', 'FR')).toBe('en-GB');
    expect(registrationLocale(undefined, 'FR')).toBe('fr-FR');
    expect(registrationLocale(undefined, null)).toBe('fr-FR');
    expect(registrationLocale(undefined, 'IE')).toBe('en-IE');
    expect(registrationLocale(undefined, 'GB')).toBe('en-GB');
    expect(registrationLocale(undefined, 'AU')).toBe('en-AU');
    expect(registrationLocale(undefined, 'CA')).toBe('en-CA');
    expect(registrationLocale(undefined, 'US')).toBe('en-US');
    expect(registrationLocale(undefined, 'DE')).toBe('en-US');
  });
});
