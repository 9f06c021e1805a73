import { type Migration, runSql } from '../migrator';

/**
 * Named tax rates, regions and clients' tax treatment (issue 30 §2, §4). The studio keeps the
 * rates it reuses (`user_company.tax_rates`: `[{ name, taxes: [{name, rate}], regions, is_default }]`,
 * domain/invoicing/studio-tax-rates.ts) and its state or province (`company_region`, ISO 3166-2
 * without the country: NY, QC); a contact has its region too, and may be tax-exempt (a resale or
 * exemption certificate's reference) or reverse-charged (a business client abroad accounting for
 * the tax itself). Both are copied into an invoice's buyer at issue, like the rest of the client.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_company ADD COLUMN company_region varchar(3),
  ADD COLUMN tax_rates jsonb NOT NULL DEFAULT '[]',
  ADD CONSTRAINT user_company_tax_rates_list CHECK (jsonb_typeof(tax_rates) = 'array');
ALTER TABLE contacts ADD COLUMN region varchar(3),
  ADD COLUMN tax_exempt_reference varchar(100),
  ADD COLUMN reverse_charge boolean NOT NULL DEFAULT false;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE contacts DROP COLUMN reverse_charge, DROP COLUMN tax_exempt_reference, DROP COLUMN region;
ALTER TABLE user_company DROP COLUMN tax_rates, DROP COLUMN company_region;
`,
  );
