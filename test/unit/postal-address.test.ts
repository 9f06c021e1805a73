import { formatAddress } from 'localized-address-format';
import { frenchOrderLines, postalLines } from '../../domain/postal-address';

const brooklyn = { street: '148 Court Street', zipcode: '11201', city: 'Brooklyn' };

describe('an address in its country order (issue 30 §4)', () => {
  it('United States: city, state and ZIP code on one line', () => {
    expect(postalLines(brooklyn, 'US', 'NY')).toEqual(['148 Court Street', 'Brooklyn, NY 11201']);
  });

  it('reads a state typed with the city or the ZIP code when the profile has no field for it', () => {
    const line = ['148 Court Street', 'Brooklyn, NY 11201'];
    expect(postalLines({ ...brooklyn, city: 'Brooklyn, NY' }, 'US')).toEqual(line);
    expect(postalLines({ ...brooklyn, city: 'Brooklyn NY' }, 'US')).toEqual(line);
    expect(postalLines({ ...brooklyn, zipcode: 'NY 11201' }, 'US')).toEqual(line);
    // What is typed wins over the one the caller guessed.
    expect(postalLines({ ...brooklyn, city: 'Brooklyn, NY' }, 'US', 'NJ')).toEqual(line);
  });

  it('without a state, keeps the city before the ZIP code', () => {
    expect(postalLines(brooklyn, 'US')).toEqual(['148 Court Street', 'Brooklyn 11201']);
  });

  it('United Kingdom: the postcode on its own last line', () => {
    expect(postalLines({ street: '10 Downing Street', zipcode: 'SW1A 2AA', city: 'London' }, 'GB')).toEqual([
      '10 Downing Street',
      'London',
      'SW1A 2AA',
    ]);
  });

  it('Australia and Canada: locality, state or province and postcode', () => {
    expect(postalLines({ street: '1 George Street', zipcode: '2000', city: 'Sydney' }, 'AU', 'NSW')).toEqual([
      '1 George Street',
      'Sydney NSW 2000',
    ]);
    expect(postalLines({ street: '1 George Street', zipcode: '2000', city: 'Sydney, NSW' }, 'AU')).toEqual([
      '1 George Street',
      'Sydney NSW 2000',
    ]);
    expect(
      postalLines({ street: '1000 rue Sherbrooke Ouest', zipcode: 'H3A 3R2', city: 'Montréal' }, 'CA', 'QC'),
    ).toEqual(['1000 rue Sherbrooke Ouest', 'Montréal QC H3A 3R2']);
  });

  it('a street typed on two lines stays two lines abroad', () => {
    expect(postalLines({ ...brooklyn, street: '148 Court Street\nSuite 2' }, 'US', 'NY')).toEqual([
      '148 Court Street',
      'Suite 2',
      'Brooklyn, NY 11201',
    ]);
  });

  it('France, and an unknown country, keep the order French documents have always printed', () => {
    const paris = { street: '12 rue de Rivoli', zipcode: '75001', city: 'Paris' };
    expect(postalLines(paris, 'FR')).toEqual(['12 rue de Rivoli', '75001 Paris']);
    expect(postalLines(paris, null)).toEqual(frenchOrderLines(paris));
    expect(postalLines({ street: null, zipcode: null, city: 'Lyon' }, 'FR')).toEqual(['Lyon']);
    expect(postalLines({ street: null, zipcode: null, city: null }, null)).toEqual([]);
  });

  it("France's libaddressinput order is the one French documents print: the French branch changes nothing by keeping it", () => {
    for (const address of [
      { street: '12 rue de Rivoli', zipcode: '75001', city: 'Paris' },
      { street: null, zipcode: '69002', city: 'Lyon' },
      { street: '3 place Bellecour', zipcode: null, city: 'Lyon' },
    ])
      expect(
        formatAddress({
          postalCountry: 'FR',
          addressLines: address.street ? [address.street] : [],
          postalCode: address.zipcode ?? '',
          locality: address.city,
        }),
      ).toEqual(frenchOrderLines(address));
  });

  it('a country whose format would drop the postcode falls back to the French order rather than lose it', () => {
    // Hong Kong's format has no postcode.
    expect(postalLines({ street: '1 Queen’s Road', zipcode: '999077', city: 'Central' }, 'HK')).toEqual([
      '1 Queen’s Road',
      '999077 Central',
    ]);
  });
});
