import { registrationLocale, registrationTimeZone } from '../../../domain/accounts/registration-defaults';

describe("a new account's defaults", () => {
  it("takes the browser's zone first, then its country's, then Paris", () => {
    expect(registrationTimeZone('America/Denver', 'US')).toBe('America/Denver');
    expect(registrationTimeZone(undefined, 'US')).toBe('America/New_York');
    expect(registrationTimeZone(undefined, 'AU')).toBe('Australia/Sydney');
    expect(registrationTimeZone(undefined, 'DE')).toBe('Europe/Paris');
    expect(registrationTimeZone(undefined, null)).toBe('Europe/Paris');
  });

  it('speaks the language it asked for, else French in France or nowhere, English elsewhere', () => {
    expect(registrationLocale('fr-FR', 'CA')).toBe('fr-FR');
    expect(registrationLocale(undefined, 'FR')).toBe('fr-FR');
    expect(registrationLocale(undefined, null)).toBe('fr-FR');
    expect(registrationLocale(undefined, 'IE')).toBe('en-US');
  });
});
