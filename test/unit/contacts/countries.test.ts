// The one rule for country fields (domain/countries.ts): a French or English name, a common alias or
// an ISO 3166-1 alpha-2 code in, the code stored, the name shown; anything else refused.
import fc from 'fast-check';
import { z } from 'zod';
import { optionalCountry } from '../../../api/http/common-schemas';
import { countryCode, countryName, isCountryCode, ISO_COUNTRY_CODES, parseCountry } from '../../../domain/countries';
import { validateRow } from '../../../domain/imports/row-validation';

const LOCALES = ['fr-FR', 'en-US'] as const;
const code = fc.constantFrom(...ISO_COUNTRY_CODES);
const locale = fc.constantFrom(...LOCALES);

/** The name written another way a studio might: recased, accents dropped, hyphens as spaces or spaces as hyphens, padded. */
const variant = (name: string) =>
  fc
    .record({
      upper: fc.boolean(),
      lower: fc.boolean(),
      unaccent: fc.boolean(),
      hyphens: fc.constantFrom('keep', 'spaces', 'hyphens'),
      pad: fc.constantFrom('', ' ', '  '),
    })
    .map(({ upper, lower, unaccent, hyphens, pad }) => {
      let v = name;
      if (unaccent) v = v.normalize('NFD').replace(/\p{M}/gu, '');
      if (hyphens === 'spaces') v = v.replace(/-/g, ' ');
      if (hyphens === 'hyphens') v = v.replace(/ /g, '-');
      if (upper) v = v.toUpperCase();
      else if (lower) v = v.toLowerCase();
      return `${pad}${v}${pad}`;
    });

describe('the country codes', () => {
  it('are the 249 officially assigned ISO 3166-1 alpha-2 codes, each named in French and English', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    for (const c of ISO_COUNTRY_CODES) for (const l of LOCALES) expect([c, countryName(c, l)]).not.toEqual([c, c]);
  });

  it('leave out what ICU also names: unions, withdrawn and user-assigned codes, UK', () => {
    for (const c of [
      'EU',
      'EZ',
      'UN',
      'ZZ',
      'QO',
      'XK',
      'XA',
      'UK',
      'FX',
      'DD',
      'YU',
      'SU',
      'AN',
      'CS',
      'ZR',
      'AC',
      'IC',
    ])
      expect([c, isCountryCode(c)]).toEqual([c, false]);
  });
});

describe('parseCountry', () => {
  it('reads every code, in any case', () => {
    fc.assert(
      fc.property(code, fc.boolean(), fc.boolean(), (c, lowFirst, lowSecond) => {
        const typed = (lowFirst ? c[0].toLowerCase() : c[0]) + (lowSecond ? c[1].toLowerCase() : c[1]);
        expect(parseCountry(typed)).toBe(c);
      }),
    );
  });

  it('round-trips every code through its French and English names', () => {
    for (const c of ISO_COUNTRY_CODES)
      for (const l of LOCALES) expect([c, l, parseCountry(countryName(c, l)!)]).toEqual([c, l, c]);
  });

  it('tolerates case, accents, hyphens and spaces in a name', () => {
    fc.assert(
      fc.property(code, locale, (c, l) =>
        fc.assert(
          fc.property(variant(countryName(c, l)!), (typed) => expect(parseCountry(typed)).toBe(c)),
          { numRuns: 5 },
        ),
      ),
      { numRuns: 300 },
    );
  });

  it('reads the names studios type that ICU lacks, and the usual spellings of a few', () => {
    const cases: [string, string][] = [
      ['France', 'FR'],
      ['fr', 'FR'],
      ['Royaume-Uni', 'GB'],
      ['royaume uni', 'GB'],
      ['United Kingdom', 'GB'],
      ['UK', 'GB'],
      ['u.k.', 'GB'],
      ['Angleterre', 'GB'],
      ['England', 'GB'],
      ['Écosse', 'GB'],
      ['Grande-Bretagne', 'GB'],
      ['USA', 'US'],
      ['U.S.A.', 'US'],
      ['États-Unis', 'US'],
      ['ETATS UNIS', 'US'],
      ['United States of America', 'US'],
      ['the United States', 'US'],
      ['Allemagne', 'DE'],
      ['Deutschland', 'DE'],
      ['Belgique', 'BE'],
      ['Suisse', 'CH'],
      ['Pays-Bas', 'NL'],
      ['The Netherlands', 'NL'],
      ['Hollande', 'NL'],
      ['La Réunion', 'RE'],
      ['Réunion', 'RE'],
      ['Guadeloupe', 'GP'],
      ['Guyane', 'GF'],
      ["Côte d'Ivoire", 'CI'],
      ['Ivory Coast', 'CI'],
      ['Turkey', 'TR'],
      ['Türkiye', 'TR'],
      ['Saint Lucia', 'LC'],
      ['St Lucia', 'LC'],
      ['Trinidad and Tobago', 'TT'],
      ['Bosnia and Herzegovina', 'BA'],
      ['Myanmar', 'MM'],
      ['Burma', 'MM'],
      ['Hong Kong', 'HK'],
      ['Czech Republic', 'CZ'],
      ['Saint-Martin', 'MF'],
      ['Sint Maarten', 'SX'],
      ['Viet Nam', 'VN'],
      ['Vietnam', 'VN'],
    ];
    expect(cases.map(([typed]) => [typed, parseCountry(typed)])).toEqual(cases);
  });

  it('refuses what is no country: unknown names, two letters that are no code, unions, blanks', () => {
    for (const junk of [
      'Atlantis',
      'Narnia',
      'XX',
      'xx',
      'EU',
      'Union européenne',
      'European Union',
      'ZZ',
      'XK',
      'F R',
      'FRA',
      'Franc',
      'Fr ance',
      '123',
      '',
      '  ',
      '-',
      'Congo',
      'Corée',
    ]) {
      expect([junk, parseCountry(junk)]).toEqual([junk, null]);
    }
  });

  it('never reads junk: anything else is null, and whatever it reads is a code', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const read = parseCountry(s);
        if (read !== null) expect(isCountryCode(read)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // No likeness: a made-up word, or a name with letters added, is no country.
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,12}( [a-z]{2,10})?$/), (s) => expect(parseCountry(`zq${s}`)).toBeNull()),
    );
    fc.assert(
      fc.property(code, locale, fc.stringMatching(/^[a-z]{1,3}$/), (c, l, extra) =>
        expect(parseCountry(`${countryName(c, l)!}zq${extra}`)).toBeNull(),
      ),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{2}$/).filter((s) => !isCountryCode(s) && s !== 'UK'),
        (s) => expect(parseCountry(s)).toBeNull(),
      ),
    );
  });
});

describe('countryName', () => {
  it("names a code in the studio's language; shows a legacy text as it is; null stays null", () => {
    expect(countryName('GB', 'fr-FR')).toBe('Royaume-Uni');
    expect(countryName('GB', 'en-US')).toBe('United Kingdom');
    expect(countryName('FR', 'en-US')).toBe('France');
    expect(countryName('US', 'fr-FR')).toBe('États-Unis');
    expect(countryName('Narnia', 'fr-FR')).toBe('Narnia');
    expect(countryName('fr', 'fr-FR')).toBe('fr');
    expect(countryName(null, 'fr-FR')).toBeNull();
  });
});

describe('countryCode (stored values: e-invoice, SMS region)', () => {
  it('reads a stored code or legacy name; absent is the fallback; two letters that are no code are null', () => {
    expect(countryCode('FR')).toBe('FR');
    expect(countryCode('germany')).toBe('DE');
    expect(countryCode(null)).toBe('FR');
    expect(countryCode('', null)).toBeNull();
    expect(countryCode('XX')).toBeNull();
    expect(countryCode('UK')).toBe('GB');
  });
});

describe('the schemas that read a country', () => {
  const Body = z.object({ country: optionalCountry }).strict();

  it('the api stores the code; blank or absent is null or left out; anything else is an issue on the field', () => {
    expect(Body.parse({ country: 'Royaume-Uni' })).toEqual({ country: 'GB' });
    expect(Body.parse({ country: ' fr ' })).toEqual({ country: 'FR' });
    expect(Body.parse({ country: '' })).toEqual({ country: null });
    expect(Body.parse({ country: null })).toEqual({ country: null });
    expect(Body.parse({})).toEqual({});
    const refused = Body.safeParse({ country: 'Atlantis' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['country'], message: expect.stringMatching(/^"Atlantis" is not a country/) }),
    ]);
    expect(Body.safeParse({ country: 'x'.repeat(101) }).error?.issues[0].message).toBe(
      'must be at most 100 characters',
    );
  });

  it('the api and the contacts import read any value alike', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          code,
          code.chain((c) => locale.chain((l) => variant(countryName(c, l)!))),
        ),
        (typed) => {
          const api = Body.safeParse({ country: typed });
          const row = validateRow('contacts', { first_name: 'Zoé', country: typed.trim() });
          if (typed.trim() === '') return;
          expect(row.ok).toBe(api.success);
          if (api.success && row.ok) expect((row.value as { country?: string }).country).toBe(api.data.country);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('an import line names the field', () => {
    expect(validateRow('contacts', { first_name: 'Zoé', country: 'Atlantis' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^country "Atlantis" is not a country/),
    });
    expect(validateRow('contacts', { first_name: 'Zoé', country: 'Angleterre' })).toMatchObject({
      ok: true,
      value: { country: 'GB' },
    });
  });
});
