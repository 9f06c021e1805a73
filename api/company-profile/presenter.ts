import { COMPANY_PROFILE_FIELDS, type CompanyProfileRow } from '../../db/queries/company-profile';
import { countryName } from '../../domain/countries';
import { studioCurrency } from '../../domain/money/document-currency';

/** A company profile as the api shows it: every field, its country's name in `locale` (the requester's), dates as ISO strings. */
export function presentCompanyProfile(row: CompanyProfileRow, locale: string) {
  return {
    ...Object.fromEntries(COMPANY_PROFILE_FIELDS.map((f) => [f, row[f] ?? null])),
    company_country_name: countryName(row.company_country, locale),
    currency: studioCurrency(row),
    vat_exempt: Boolean(row.vat_exempt),
    vat_on_debits: Boolean(row.vat_on_debits),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
