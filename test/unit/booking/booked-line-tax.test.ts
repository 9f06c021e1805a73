import fc from 'fast-check';
import { bookedLineTax } from '../../../domain/booking/booked-line-tax';
import { studioRegimeOf } from '../../../domain/regimes';

describe('the tax of a line a booking makes', () => {
  const countries = fc.constantFrom('FR', 'GB', 'IE', 'CA', 'AU', 'US', null);
  const rate = fc.integer({ min: 0, max: 2500 }).map((hundredths) => (hundredths / 100).toFixed(2));

  it("is the type's VAT rate under a law of one VAT a line or without the studio's rates, else left to the studio's rates", () => {
    fc.assert(
      fc.property(countries, fc.boolean(), rate, (country, keepsRates, vat) => {
        const tax = bookedLineTax({ company_country: country, keeps_tax_rates: keepsRates }, vat);
        if (studioRegimeOf(country).oneVatRatePerLine || !keepsRates)
          expect(tax).toEqual({ vat_percentage: Number(vat) });
        else expect(tax).toEqual({});
      }),
    );
  });

  it("gives a French studio's line the type's rate even when it keeps rates, and a Québec studio's none of its own", () => {
    expect(bookedLineTax({ company_country: 'FR', keeps_tax_rates: true }, '20.00')).toEqual({ vat_percentage: 20 });
    expect(bookedLineTax({ company_country: 'CA', keeps_tax_rates: true }, '20.00')).toEqual({});
    expect(bookedLineTax({ company_country: 'CA', keeps_tax_rates: false }, '5.00')).toEqual({ vat_percentage: 5 });
  });
});
