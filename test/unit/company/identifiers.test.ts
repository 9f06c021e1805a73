import fc from 'fast-check';
import { bicValid, ibanValid, identifierProblems } from '../../../domain/company/identifiers';
import { luhnValid } from '../../../domain/regimes/check-digits';
import {
  frenchVatKey,
  frenchVatNumber,
  frenchVatValid,
  sirenValid,
  siretValid,
} from '../../../domain/regimes/fr/identities';

/** The Luhn digit that completes `digits`. */
function luhnComplete(digits: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${digits}${d}`)) return `${digits}${d}`;
  throw new Error('unreachable');
}
const nineDigitSiren = fc.stringMatching(/^[1-9]\d{7}$/).map(luhnComplete);
/** An IBAN with its check digits computed: country, 2 digits, the account. */
function ibanOf(country: string, account: string): string {
  for (let check = 2; check <= 98; check++) {
    const iban = `${country}${String(check).padStart(2, '0')}${account}`;
    if (ibanValid(iban)) return iban;
  }
  throw new Error('unreachable');
}

describe('French identifiers, on real examples', () => {
  it('knows real SIRENs, SIRETs and VAT numbers, and refuses a changed digit', () => {
    // Published identifiers of well-known companies.
    expect(sirenValid('732829320')).toBe(true);
    expect(sirenValid('552100554')).toBe(true);
    expect(sirenValid('732829321')).toBe(false);
    expect(siretValid('73282932000074')).toBe(true);
    expect(siretValid('73282932000075')).toBe(false);
    expect(frenchVatValid('FR44732829320')).toBe(true);
    expect(frenchVatValid('FR45732829320')).toBe(false);
    expect(frenchVatValid('FR44732829320', '552100554')).toBe(false);
    // La Poste's establishments: Luhn, or a digit sum that is a multiple of 5.
    expect(siretValid('35600000000048')).toBe(true);
    expect(siretValid('35600000000001')).toBe(true);
    expect(siretValid('35600000000002')).toBe(false);
  });

  it('checks IBANs and BICs', () => {
    expect(ibanValid('FR7630006000011234567890189')).toBe(true);
    expect(ibanValid('FR7630006000011234567890188')).toBe(false);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(bicValid('BNPAFRPP')).toBe(true);
    expect(bicValid('BNPAFRPPXXX')).toBe(true);
    expect(bicValid('BNPA FR')).toBe(false);
  });

  it('names each field that is wrong, and accepts free text outside France', () => {
    expect(
      identifierProblems({
        company_country: 'FR',
        siren: '732829321',
        siret: '55210055400013',
        vat_number: 'FR00732829320',
        iban: 'FR7630006000011234567890188',
        bic: 'BNP',
      }).map((p) => p.path),
    ).toEqual([
      'siren',
      'siret', // a valid SIRET, of another company
      'vat_number',
      'iban',
      'bic',
    ]);
    expect(
      identifierProblems({
        company_country: 'FR',
        siren: null,
        siret: '73282932000075',
        vat_number: null,
        iban: null,
        bic: null,
      }),
    ).toEqual([{ path: 'siret', message: expect.stringContaining('check key') }]);
    expect(
      identifierProblems({
        company_country: 'GB',
        siren: '01234567',
        siret: 'SC123456',
        vat_number: 'GB123456789',
        iban: null,
        bic: null,
      }),
    ).toEqual([]);
  });
});

describe('French identifiers, properties', () => {
  it('a SIREN with its Luhn key is valid; changing any one digit makes it invalid', () => {
    fc.assert(
      fc.property(nineDigitSiren, fc.nat({ max: 8 }), fc.integer({ min: 1, max: 9 }), (siren, at, delta) => {
        expect(sirenValid(siren)).toBe(true);
        const changed = siren.slice(0, at) + String((Number(siren[at]) + delta) % 10) + siren.slice(at + 1);
        expect(sirenValid(changed)).toBe(false);
      }),
    );
  });

  it('the VAT number made from a SIREN is valid for it and for no other SIREN', () => {
    fc.assert(
      fc.property(nineDigitSiren, nineDigitSiren, (siren, other) => {
        expect(frenchVatValid(frenchVatNumber(siren), siren)).toBe(true);
        expect(frenchVatNumber(siren)).toMatch(/^FR\d{11}$/);
        if (other !== siren) expect(frenchVatValid(frenchVatNumber(siren), other)).toBe(false);
        if (frenchVatKey(siren) !== '00') expect(frenchVatValid(`FR00${siren}`)).toBe(false);
      }),
    );
  });

  it('a SIRET of a valid SIREN and establishment with its key is valid, and must start with the SIREN', () => {
    fc.assert(
      fc.property(nineDigitSiren, fc.stringMatching(/^\d{4}$/), (siren, nic) => {
        const siret = luhnComplete(`${siren}${nic}`);
        expect(siretValid(siret)).toBe(true);
        expect(
          identifierProblems({
            company_country: 'FR',
            siren,
            siret,
            vat_number: frenchVatNumber(siren),
            iban: null,
            bic: null,
          }),
        ).toEqual([]);
      }),
    );
  });

  it('an IBAN with computed check digits is valid; swapping two different adjacent digits is caught', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('FR', 'DE', 'GB', 'BE', 'ES'),
        fc.stringMatching(/^[0-9]{14,24}$/),
        fc.nat(),
        (country, account, at) => {
          const iban = ibanOf(country, account);
          expect(ibanValid(iban)).toBe(true);
          const i = 4 + (at % (iban.length - 5));
          if (iban[i] !== iban[i + 1])
            expect(ibanValid(iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2))).toBe(false);
        },
      ),
    );
  });
});
