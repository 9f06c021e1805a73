import fc from 'fast-check';
import { isFrench, languageOf, localeDistance, readableLocales } from '../../../domain/accounts/locale-language';
import { USER_LOCALES, WORD_LOCALES } from '../../../domain/accounts/users';

describe('languageOf', () => {
  it('reads French words for fr-FR and fr-CA, English ones for every en-* locale', () => {
    expect(languageOf('fr-FR')).toBe('fr-FR');
    expect(languageOf('fr-CA')).toBe('fr-FR');
    for (const locale of ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IE'] as const)
      expect(languageOf(locale)).toBe('en-US');
    expect(isFrench('fr-CA')).toBe(true);
    expect(isFrench('en-CA')).toBe(false);
  });

  it('answers a locale whose words are written, of the same language, itself for those', () => {
    fc.assert(
      fc.property(fc.constantFrom(...USER_LOCALES), (locale) => {
        const language = languageOf(locale);
        expect(WORD_LOCALES).toContain(language);
        expect(language.slice(0, 2)).toBe(locale.slice(0, 2));
        expect(languageOf(language)).toBe(language);
      }),
    );
  });
});

describe('stored texts for a locale', () => {
  it('looks in the locale, then in its language', () => {
    expect(readableLocales('en-GB')).toEqual(['en-GB', 'en-US']);
    expect(readableLocales('fr-CA')).toEqual(['fr-CA', 'fr-FR']);
    expect(readableLocales('en-US')).toEqual(['en-US']);
  });

  it('ranks a template of the same locale, then of the same language, then any other', () => {
    expect(localeDistance('en-GB', 'en-GB')).toBe(0);
    expect(localeDistance('en-US', 'en-GB')).toBe(1);
    expect(localeDistance('fr-FR', 'en-GB')).toBe(2);
    expect(localeDistance('fr-FR', 'fr-CA')).toBe(1);
    expect(localeDistance('EN-us', 'en-US')).toBe(0);
  });
});
