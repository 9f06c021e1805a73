/**
 * The kinds of tax registration a studio keeps (issue 30 §2), one regime's each (its
 * `identities.ts` checks them; registrations.ts finds the check by kind). The list is the API's
 * enum, in this order (a new kind changes the OpenAPI document). Types and values only, no import:
 * the regimes and the core both name them.
 */
export const TAX_REGISTRATION_KINDS = [
  'FR_VAT',
  'GB_VAT',
  'IE_VAT',
  'AU_ABN',
  'CA_BN',
  'CA_GST_HST',
  'CA_QST',
  'US_SALES_TAX_PERMIT',
] as const;
export type TaxRegistrationKind = (typeof TAX_REGISTRATION_KINDS)[number];

/** One registration of the studio: what it is, its number, and for a US permit the state that issued it. */
export interface TaxRegistration {
  kind: TaxRegistrationKind;
  number: string;
  /** A US state or Canadian province (ISO 3166-2 subdivision, "NY", "QC") where the kind is per region. */
  region?: string | null;
}
