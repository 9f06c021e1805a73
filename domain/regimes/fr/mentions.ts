import { countryCode } from '../../countries';
import { isBusinessBuyer } from '../../invoicing/buyer';
import { type FieldProblem, type MentionCandidate } from '../regime';

/**
 * The statutory mentions of a French invoice besides the studio's name and address (Code de
 * commerce L441-9, CGI art. 242 nonies A): what is missing, each naming the field to fill.
 */

/** Missing: null, or blank text (a number read from the database counts as given). */
const blank = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '';

/** A country in France by the one country rule (domain/countries.ts); none given reads as France. */
const inFrance = (country: string | null | undefined) => countryCode(country) === 'FR';

export function frenchMentionsMissing({ seller, buyer }: MentionCandidate): FieldProblem[] {
  const missing: FieldProblem[] = [];
  const need = (path: string, message: string) => missing.push({ path, message });
  if (blank(seller.siren) && blank(seller.siret))
    need('company.siren', "A French invoice carries the studio's SIREN or SIRET: add it to the company profile");
  if (!seller.vat_exempt && blank(seller.vat_number)) {
    need(
      'company.vat_number',
      'A French invoice with VAT carries the intra-community VAT number; or set vat_exempt for the franchise en base',
    );
  }
  if (isBusinessBuyer(buyer) && blank(seller.late_payment_rate)) {
    need(
      'company.late_payment_rate',
      'An invoice to a business client states the late payment interest rate: set late_payment_rate in the company profile',
    );
  }
  if (isBusinessBuyer(buyer) && inFrance(buyer?.country) && blank(buyer?.siren)) {
    need(
      'contact.siren',
      `An invoice to a French company carries its SIREN: add it to the contact ${buyer?.company_name ?? buyer?.name ?? ''}`.trim(),
    );
  }
  return missing;
}
