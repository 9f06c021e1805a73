import { issuedUnderFrenchLaw } from '../jurisdictions/issue-input';
import { countryCode } from '../countries';
import { type InvoiceBuyer } from './buyer';

/**
 * The mentions an invoice must carry before it is issued (issue 20 §6; French Code de commerce
 * L441-9 and CGI art. 242 nonies A, which also cover what English-speaking clients expect to
 * read). Pure: the service gathers the studio's profile, the buyer and the document, and refuses
 * to issue (400) with every missing mention named.
 */

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

export interface IssueCandidate {
  seller: SellerProfile | null;
  buyer: InvoiceBuyer | null;
  lineCount: number;
  /** The due date the invoice will carry (its own, or the issue date plus the studio's terms). */
  dueDate: string | null;
}

/** A missing mention: the field to fill (a stable path for the app) and what to do, in a sentence. */
export interface MissingMention {
  path: string;
  message: string;
}

/** Missing: null, or blank text (a number read from the database counts as given). */
const blank = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '';

/** A business client: it has a company name, or the contact's type says company (any case: COMPANY, BUSINESS, professional…). */
export function isBusinessBuyer(buyer: InvoiceBuyer | null): boolean {
  return (
    Boolean(buyer?.company_name?.trim()) ||
    /^(company|business|professional|pro|entreprise|societe|société)$/i.test(buyer?.contact_type?.trim() ?? '')
  );
}

/** A country in France by the one country rule (domain/countries.ts); none given reads as France. */
const inFrance = (country: string | null | undefined) => countryCode(country) === 'FR';

/** Every mandatory mention the document would lack; empty when it may be issued. */
export function missingMentions({ seller, buyer, lineCount, dueDate }: IssueCandidate): MissingMention[] {
  const missing: MissingMention[] = [];
  const need = (path: string, message: string) => missing.push({ path, message });
  if (!seller || blank(seller.company_name)) {
    need(
      'company.company_name',
      "The studio's legal name is missing: save the company profile (PUT /api/users/me/company)",
    );
  }
  if (!seller || blank(seller.company_street) || blank(seller.company_zipcode) || blank(seller.company_city)) {
    need('company.address', "The studio's address (street, postcode, city) is missing from the company profile");
  }
  const french = countryCode(seller?.company_country, null) === 'FR';
  if (seller && french) {
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
  }
  if (!buyer) need('contact_id', 'The invoice names no client: set contact_id to a contact with a name');
  // The client's address is French law's (CGI art. 242 nonies A); elsewhere the country's own rules
  // decide whether it is needed (domain/jurisdictions/, buyer_address_missing naming the rule).
  else if (french && (blank(buyer.street) || blank(buyer.zipcode) || blank(buyer.city))) {
    need(
      'contact.address',
      `The client's address (street, postcode, city) is missing, which a French invoice carries (CGI art. 242 nonies A): complete the contact ${buyer.name}`,
    );
  }
  if (lineCount === 0) need('items', 'The invoice has no line');
  // French law asks for the payment date on every invoice; elsewhere an invoice may be due on receipt.
  if (!dueDate && issuedUnderFrenchLaw(seller?.company_country))
    need('due_date', 'The invoice has no due date: set due_date, or payment_terms_days in the company profile');
  return missing;
}
