import fc from 'fast-check';
import { type InvoiceSeller, sellerOf } from '../../../domain/invoicing/seller';

/** A French studio's profile as the model reads it (decimals as text), with what the copy leaves out. */
const profile = {
  id: '0c1f8a52-7a43-4d52-9a0e-3f3c4f6f1b11',
  user_id: '6d1b2f55-2c55-4e7a-a5ef-0a4d2f1c9e20',
  company_name: 'Studio Lumière SARL',
  legal_form: 'SARL',
  share_capital: '5000.00',
  siren: '912345675',
  siret: '91234567500017',
  vat_number: 'FR65912345675',
  tax_registrations: [{ kind: 'FR_VAT' as const, number: 'FR65912345675' }],
  rcs_city: 'Paris',
  company_street: '12 rue Lepic',
  company_zipcode: '75018',
  company_city: 'Paris',
  company_country: 'FR',
  company_region: null,
  tax_rates: [{ name: 'Normal', taxes: [{ name: 'TVA', rate: 20 }], regions: [], is_default: true }],
  currency: 'EUR',
  email: 'studio@lumiere.example.fr',
  phone: '+33 1 23 45 67 89',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  vat_exempt: false,
  late_payment_rate: '10.00',
  payment_terms_days: 30,
  created_at: new Date('2026-11-01T09:00:00Z'),
  updated_at: new Date('2026-11-02T09:00:00Z'),
};

const expected: InvoiceSeller = {
  company_name: 'Studio Lumière SARL',
  legal_form: 'SARL',
  share_capital: '5000.00',
  siren: '912345675',
  siret: '91234567500017',
  vat_number: 'FR65912345675',
  tax_registrations: [{ kind: 'FR_VAT', number: 'FR65912345675' }],
  rcs_city: 'Paris',
  company_street: '12 rue Lepic',
  company_zipcode: '75018',
  company_city: 'Paris',
  company_country: 'FR',
  company_region: null,
  currency: 'EUR',
  email: 'studio@lumiere.example.fr',
  phone: '+33 1 23 45 67 89',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  vat_exempt: false,
  vat_on_debits: false,
  late_payment_rate: '10.00',
  payment_terms_days: 30,
};

describe('sellerOf', () => {
  it('copies what the documents print and state, and leaves out the ids, timestamps and tax rates', () => {
    expect(sellerOf(profile)).toEqual(expected);
  });

  it('has no seller without a profile or a company name', () => {
    expect(sellerOf(null)).toBeNull();
    expect(sellerOf(undefined)).toBeNull();
    expect(sellerOf({ ...profile, company_name: '' })).toBeNull();
  });

  it("reads the row as the issue reads it (to_jsonb: decimals as JSON numbers) the same as the model's text", () => {
    const jsonRow = JSON.parse(JSON.stringify({ ...profile, share_capital: 5000, late_payment_rate: 10 })) as Record<
      string,
      unknown
    >;
    expect(sellerOf(jsonRow)).toEqual(expected);
    expect(sellerOf({ ...profile, share_capital: 1234.5, late_payment_rate: 3.75 })).toMatchObject({
      share_capital: '1234.50',
      late_payment_rate: '3.75',
    });
  });

  it('reads a profile saved before later columns existed (absent fields) as nulls and an empty list', () => {
    const { company_region, tax_registrations, currency, ...older } = profile;
    void [company_region, tax_registrations, currency];
    expect(sellerOf({ ...older, share_capital: null, late_payment_rate: ' ' })).toEqual({
      ...expected,
      company_region: null,
      tax_registrations: [],
      currency: null,
      share_capital: null,
      late_payment_rate: null,
    });
  });

  it('is kept as it was: the copy read back from jsonb is the copy, and does not share the profile’s list', () => {
    fc.assert(
      fc.property(
        fc.record({
          share: fc.option(fc.integer({ min: 0, max: 99_999_999_999_99 }), { nil: null }),
          rate: fc.option(fc.integer({ min: 0, max: 999_99 }), { nil: null }),
          iban: fc.option(fc.string({ maxLength: 34 }), { nil: null }),
          exempt: fc.boolean(),
        }),
        ({ share, rate, iban, exempt }) => {
          const row = {
            ...profile,
            // As the model reads a decimal(…, 2), and as to_jsonb of the same column parses.
            share_capital: share === null ? null : (share / 100).toFixed(2),
            late_payment_rate: rate === null ? null : (rate / 100).toFixed(2),
            iban,
            vat_exempt: exempt,
          };
          const copy = sellerOf(row)!;
          const fromJsonb = {
            ...row,
            share_capital: share === null ? null : share / 100,
            late_payment_rate: rate === null ? null : rate / 100,
          };
          expect(sellerOf(fromJsonb)).toEqual(copy);
          expect(sellerOf(JSON.parse(JSON.stringify(copy)) as InvoiceSeller)).toEqual(copy);
          expect(copy.tax_registrations).not.toBe(row.tax_registrations);
        },
      ),
    );
  });
});
