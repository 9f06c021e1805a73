import { registrationLocale, registrationTimeZone } from '../../../domain/accounts/registration-defaults';

describe("a new account's defaults", () => {
  it("takes the browser's zone first, then its country's, then Paris", () => {
    expect(registrationTimeZone('America/Denver', 'US')).toBe('America/Denver');
    expect(registrationTimeZone(undefined, 'US')).toBe('America/New_York');
    expect(registrationTimeZone(undefined, 'AU')).toBe('Australia/Sydney');
    expect(registrationTimeZone(undefined, 'DE')).toBe('Europe/Paris');
    expect(registrationTimeZone(undefined, null)).toBe('Europe/Paris');
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
