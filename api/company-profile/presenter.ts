import { COMPANY_PROFILE_FIELDS, type CompanyProfileRow } from '../../db/queries/company-profile';

/** A company profile as the api shows it: every field, dates as ISO strings. */
export function presentCompanyProfile(row: CompanyProfileRow) {
  return {
    ...Object.fromEntries(COMPANY_PROFILE_FIELDS.map((f) => [f, row[f] ?? null])),
    vat_exempt: Boolean(row.vat_exempt),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
