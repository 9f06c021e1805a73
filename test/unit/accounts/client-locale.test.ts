import fc from 'fast-check';
import { clientLocale, DEFAULT_LOCALE, supportedLocale } from '../../../domain/accounts/client-locale';
import { USER_LOCALES } from '../../../domain/accounts/users';

describe('clientLocale', () => {
  it("takes the contact's locale over the studio's", () => {
    expect(clientLocale({ locale: 'en-US' }, { locale: 'fr-FR' })).toBe('en-US');
    expect(clientLocale({ locale: 'fr-FR' }, { locale: 'en-US' })).toBe('fr-FR');
  });

  it('follows the studio when the contact has none, and French when neither has one', () => {
    expect(clientLocale({ locale: null }, { locale: 'en-US' })).toBe('en-US');
    expect(clientLocale(null, { locale: 'en-US' })).toBe('en-US');
    expect(clientLocale(undefined, undefined)).toBe(DEFAULT_LOCALE);
    expect(clientLocale({ locale: 'de-DE' }, { locale: 'xx' })).toBe('fr-FR');
  });

  it('normalises languages and regions to the supported locales', () => {
    expect(supportedLocale('en')).toBe('en-US');
    expect(supportedLocale('en-NZ')).toBe('en-US');
    expect(supportedLocale('fr')).toBe('fr-FR');
    expect(supportedLocale('fr-BE')).toBe('fr-FR');
    expect(supportedLocale(' fr-fr ')).toBe('fr-FR');
    expect(supportedLocale('de-DE')).toBeNull();
    expect(supportedLocale('')).toBeNull();
  });

  it('keeps the locales of issue 30 §4 as they are, whatever their case', () => {
    expect(supportedLocale('EN_gb')).toBe('en-GB');
    expect(supportedLocale('fr-CA')).toBe('fr-CA');
    expect(supportedLocale('en-ca')).toBe('en-CA');
    expect(supportedLocale('en-AU')).toBe('en-AU');
    expect(supportedLocale(' en-IE ')).toBe('en-IE');
    expect(clientLocale({ locale: 'fr-CA' }, { locale: 'en-CA' })).toBe('fr-CA');
    expect(clientLocale({ locale: null }, { locale: 'en-GB' })).toBe('en-GB');
  });

  it('always answers a supported locale, the contact’s whenever it is one', () => {
    const anyLocale = fc.oneof(
      fc.constantFrom<string | null | undefined>(...USER_LOCALES, null, undefined, 'en', 'fr', 'de-DE'),
      fc.string(),
    );
    fc.assert(
      fc.property(anyLocale, anyLocale, (contact, studio) => {
        const locale = clientLocale({ locale: contact }, { locale: studio });
        expect(USER_LOCALES).toContain(locale);
        if (contact && (USER_LOCALES as readonly string[]).includes(contact)) expect(locale).toBe(contact);
        else if (!supportedLocale(contact) && studio && (USER_LOCALES as readonly string[]).includes(studio))
          expect(locale).toBe(studio);
      }),
    );
  });
});
