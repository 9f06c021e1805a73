import fc from 'fast-check';
import { smsNumber, smsRegion } from '../../../domain/sms/sms-number';

/** A French mobile's nine digits after the 0 (06 or 07), as a studio would type them in many ways. */
// Prefixes allotted to mobiles in full (06 39 and 06 9x are partly not): the number is valid whatever follows.
const frenchMobile = fc
  .tuple(
    fc.constantFrom('60', '61', '62', '64', '65', '66', '67', '68', '75', '76', '77', '78'),
    fc.stringMatching(/^[0-9]{7}$/),
  )
  .map(([first, rest]) => `${first}${rest}`);
const separators = fc.constantFrom(' ', '.', '-', '', '  ');
const grouped = (digits: string, sep: string) => digits.replace(/(\d{2})(?=\d)/g, `$1${sep}`);

describe('SMS numbers', () => {
  it('are the same E.164 number however a French mobile is written: national, +33, 0033, with any separators', () => {
    fc.assert(
      fc.property(frenchMobile, separators, (digits, sep) => {
        const expected = { ok: true, number: `+33${digits}` };
        expect(smsNumber(grouped(`0${digits}`, sep), 'FR')).toEqual(expected);
        expect(smsNumber(`+33 ${grouped(digits, sep)}`, 'US')).toEqual(expected);
        expect(smsNumber(`0033${sep}${digits}`, null)).toEqual(expected);
        expect(smsNumber(`  +33 (0)${digits} `, null)).toEqual(expected);
      }),
    );
  });

  it('read a national number in the region given', () => {
    expect(smsNumber('(415) 555-2671', 'US')).toEqual({ ok: true, number: '+14155552671' });
    expect(smsNumber('07911 123456', 'GB')).toEqual({ ok: true, number: '+447911123456' });
    // A French number in an American studio's book, without its country code, is not read as French.
    expect(smsNumber('06 12 34 56 78', 'US').ok).toBe(false);
  });

  it('say why, in words the studio can act on, when no SMS can go', () => {
    expect(smsNumber('06 12 34 56 78', null)).toEqual({
      ok: false,
      reason: expect.stringContaining('has no country code'),
    });
    for (const raw of ['06 12', 'abc', '', '0612345678 poste 12', '+33']) {
      const result = smsNumber(raw, 'FR');
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(/^The phone number ".*" (is not a valid number|has no country code)/);
    }
  });

  it("take the client's country first, then the studio's company, then the studio's language", () => {
    expect(smsRegion({ contactCountry: 'Royaume-Uni', studioCountry: 'FR', studioLocale: 'fr-FR' })).toBe('GB');
    expect(smsRegion({ contactCountry: 'united states', studioCountry: 'FR', studioLocale: 'fr-FR' })).toBe('US');
    expect(smsRegion({ contactCountry: null, studioCountry: 'Belgique', studioLocale: 'fr-FR' })).toBe('BE');
    expect(smsRegion({ contactCountry: 'Narnia', studioCountry: '  ', studioLocale: 'en-US' })).toBe('US');
    expect(smsRegion({ contactCountry: null, studioCountry: null, studioLocale: null })).toBeNull();
  });
});
