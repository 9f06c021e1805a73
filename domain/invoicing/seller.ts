import { type TaxRegistration } from '../regimes/registration-kinds';

/** The company profile's fields an invoice's issue reads (legal-mentions.ts, e-invoice.ts, the regimes). */
export interface SellerProfile {
  company_name: string | null;
  company_street: string | null;
  company_zipcode: string | null;
  company_city: string | null;
  company_country: string | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  vat_exempt: boolean;
  late_payment_rate: string | number | null;
  payment_terms_days: number | null;
}

/**
 * The studio as an issued invoice or credit note shows it for good: its company profile copied at
 * issue (`invoices.seller`, `credit_notes.seller`), so a later edit of the profile (a move, a new
 * bank account, a new legal form) leaves the legal document as it was sent. The fields are the
 * profile's, under its names, so every reader of the profile reads the copy the same way; only
 * what a document prints or states is kept (not the studio's tax rates or logo).
 */
export interface InvoiceSeller {
  company_name: string;
  legal_form: string | null;
  /** Decimal text with two places, as the profile's column reads ("5000.00"). */
  share_capital: string | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  tax_registrations: TaxRegistration[];
  rcs_city: string | null;
  company_street: string | null;
  company_zipcode: string | null;
  company_city: string | null;
  company_country: string | null;
  company_region: string | null;
  currency: string | null;
  email: string | null;
  phone: string | null;
  iban: string | null;
  bic: string | null;
  vat_exempt: boolean;
  /**
   * The studio had opted for VAT on debits when it issued (issue 32 §5): the document says so for
   * good. Absent on copies made before it was kept, read as false.
   */
  vat_on_debits?: boolean;
  /** Decimal text with two places, percent a year ("10.00"). */
  late_payment_rate: string | null;
  payment_terms_days: number | null;
}

/**
 * A company profile as it is read: its model, or `to_jsonb` of its row, where a decimal comes as a
 * JSON number and a column added later may be absent.
 */
export type CompanyProfileFields = {
  [K in Exclude<keyof InvoiceSeller, 'share_capital' | 'late_payment_rate' | 'tax_registrations'>]?:
    | InvoiceSeller[K]
    | null;
} & {
  share_capital?: string | number | null;
  late_payment_rate?: string | number | null;
  tax_registrations?: readonly TaxRegistration[] | null;
};

/** A decimal(…, 2) column's text, whether it was read as text or as a JSON number. */
const decimalText = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  return typeof value === 'number' ? value.toFixed(2) : value;
};

/** The seller copy of a company profile, or null when there is none (or it has no company name). */
export function sellerOf(company: CompanyProfileFields | null | undefined): InvoiceSeller | null {
  if (!company?.company_name) return null;
  return {
    company_name: company.company_name,
    legal_form: company.legal_form ?? null,
    share_capital: decimalText(company.share_capital),
    siren: company.siren ?? null,
    siret: company.siret ?? null,
    vat_number: company.vat_number ?? null,
    tax_registrations: [...(company.tax_registrations ?? [])],
    rcs_city: company.rcs_city ?? null,
    company_street: company.company_street ?? null,
    company_zipcode: company.company_zipcode ?? null,
    company_city: company.company_city ?? null,
    company_country: company.company_country ?? null,
    company_region: company.company_region ?? null,
    currency: company.currency ?? null,
    email: company.email ?? null,
    phone: company.phone ?? null,
    iban: company.iban ?? null,
    bic: company.bic ?? null,
    vat_exempt: Boolean(company.vat_exempt),
    vat_on_debits: Boolean(company.vat_on_debits),
    late_payment_rate: decimalText(company.late_payment_rate),
    payment_terms_days: company.payment_terms_days ?? null,
  };
}
