import { abnValid } from '../../../domain/regimes/au/identities';
import { canadianBnValid, gstHstNumberValid, qstNumberValid } from '../../../domain/regimes/ca/identities';
import { gbVatValid } from '../../../domain/regimes/gb/identities';
import { ieVatValid } from '../../../domain/regimes/ie/identities';
import { normalizeTaxNumber, registrationOf, registrationProblem } from '../../../domain/regimes/registrations';

describe('tax registration numbers', () => {
  it('normalizes as typed: spaces, dots and dashes dropped, VAT numbers prefixed', () => {
    expect(normalizeTaxNumber('GB_VAT', '999 9999 73')).toBe('GB999999973');
    expect(normalizeTaxNumber('GB_VAT', 'gb 999-9999-73')).toBe('GB999999973');
    expect(normalizeTaxNumber('IE_VAT', '8473625e')).toBe('IE8473625E');
    expect(normalizeTaxNumber('AU_ABN', '51 824 753 556')).toBe('51824753556');
    expect(normalizeTaxNumber('CA_GST_HST', '123026635 rt 0001')).toBe('123026635RT0001');
    expect(normalizeTaxNumber('US_SALES_TAX_PERMIT', '  12-345678  ')).toBe('12-345678');
  });

  it('UK VAT: the mod-97 series, the 97-55 series since 2009, branches, GD and HA', () => {
    expect(gbVatValid('GB999999973')).toBe(true); // HMRC's illustrative number
    expect(gbVatValid('GB100000132')).toBe(true); // 97-55 series
    expect(gbVatValid('GB999999973001')).toBe(true); // a branch: the 9 digits are checked
    expect(gbVatValid('GBGD001')).toBe(true);
    expect(gbVatValid('GBHA599')).toBe(true);
    expect(gbVatValid('GB999999974')).toBe(false);
    expect(gbVatValid('GBGD500')).toBe(false);
    expect(gbVatValid('GB000000000')).toBe(false);
    expect(gbVatValid('999999973')).toBe(false);
  });

  it('Irish VAT: check letter, the second letter since 2013, the older form', () => {
    expect(ieVatValid('IE8473625E')).toBe(true);
    expect(ieVatValid('IE1234567FA')).toBe(true);
    expect(ieVatValid('IE1234567TW')).toBe(true);
    expect(ieVatValid('IE8Z49289F')).toBe(true);
    expect(ieVatValid('IE8473625F')).toBe(false);
    expect(ieVatValid('IE1234567FB')).toBe(false);
    expect(ieVatValid('IE84736250')).toBe(false);
  });

  it('ABN: the ATO’s sample 51 824 753 556 passes the weighted mod-89 check', () => {
    expect(abnValid('51824753556')).toBe(true);
    expect(abnValid('53004085616')).toBe(true);
    expect(abnValid('51824753557')).toBe(false);
    expect(abnValid('5182475355')).toBe(false);
  });

  it('Canada: business number (Luhn), GST/HST program account RT, Québec QST TQ', () => {
    expect(canadianBnValid('123026635')).toBe(true);
    expect(canadianBnValid('123456789')).toBe(false);
    expect(gstHstNumberValid('123026635RT0001')).toBe(true);
    expect(gstHstNumberValid('123026635RC0001')).toBe(false);
    expect(gstHstNumberValid('123026635RT0000')).toBe(false);
    expect(qstNumberValid('1227494057TQ0001')).toBe(true);
    expect(qstNumberValid('1227494057TQ0000')).toBe(false);
    expect(qstNumberValid('122749405TQ0001')).toBe(false);
  });

  it('names what is wrong, reusing the French VAT rule; a US permit is free text with its state', () => {
    expect(registrationProblem({ kind: 'FR_VAT', number: 'FR40303265045' })).toBeNull();
    expect(registrationProblem({ kind: 'FR_VAT', number: 'FR41303265045' })).toMatch(/French VAT number/);
    expect(registrationProblem({ kind: 'GB_VAT', number: 'GB999999974' })).toMatch(/^A UK VAT number/);
    expect(registrationProblem({ kind: 'AU_ABN', number: '51824753556' })).toBeNull();
    expect(registrationProblem({ kind: 'US_SALES_TAX_PERMIT', number: '12-345678', region: 'NY' })).toBeNull();
    expect(registrationProblem({ kind: 'US_SALES_TAX_PERMIT', number: ' ', region: 'NY' })).toMatch(/needs its number/);
    expect(registrationProblem({ kind: 'US_SALES_TAX_PERMIT', number: '12-345678' })).toMatch(/names the state/);
    expect(
      registrationOf(
        [
          { kind: 'GB_VAT', number: 'GB999999974' },
          { kind: 'GB_VAT', number: 'GB999999973' },
        ],
        'GB_VAT',
      )?.number,
    ).toBe('GB999999973');
    expect(registrationOf([], 'AU_ABN')).toBeNull();
  });
});
