import { countryCode } from '../countries';
import { regimeOf, studioRegimeOf } from '../regimes';
import { type InvoiceBuyer, isBusinessBuyer } from './buyer';
import { type SellerProfile } from './seller';

/**
 * The mentions an invoice must carry before it is issued (issue 20 §6; French Code de commerce
 * L441-9 and CGI art. 242 nonies A, which also cover what English-speaking clients expect to
 * read). Pure: the service gathers the studio's profile, the buyer and the document, and refuses
 * to issue (400) with every missing mention named.
 */

export { isBusinessBuyer, type SellerProfile };

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
  // The seller's own law, read strictly: a studio that has not said where it is gets no country's mentions here.
  const regime = regimeOf(countryCode(seller?.company_country, null));
  if (seller && regime.sellerMentionsMissing) missing.push(...regime.sellerMentionsMissing({ seller, buyer }));
  if (!buyer) need('contact_id', 'The invoice names no client: set contact_id to a contact with a name');
  // The client's address is a mention of every invoice where the regime says so (France: CGI art. 242
  // nonies A); elsewhere its document rules decide (domain/regimes/, buyer_address_missing naming the rule).
  else if (regime.buyerAddressAlways && (blank(buyer.street) || blank(buyer.zipcode) || blank(buyer.city))) {
    need(
      'contact.address',
      `The client's address (street, postcode, city) is missing, which ${regime.buyerAddressAlways}: complete the contact ${buyer.name}`,
    );
  }
  if (lineCount === 0) need('items', 'The invoice has no line');
  // Some laws ask for the payment date on every invoice (France); elsewhere an invoice may be due on receipt.
  if (!dueDate && studioRegimeOf(seller?.company_country).dueDateRequired)
    need('due_date', 'The invoice has no due date: set due_date, or payment_terms_days in the company profile');
  return missing;
}
