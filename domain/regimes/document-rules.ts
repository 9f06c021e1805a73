import { type TaxRegistration } from './registration-kinds';
import { type TaxSummary } from '../invoicing/tax-lines';

/**
 * What an issued document must show and what blocks its issue, per seller's country (issue 30 §3):
 * the shapes every regime's document rules (fr/, gb/, ie/, au/, ca/, us/, other/) take and answer,
 * and the small helpers they share. Pure: the service gathers the studio, the client
 * and the document's totals (domain/invoicing/tax-lines.ts), asks index.ts, prints the mentions
 * and refuses to issue while there is a problem. Facts and sources: docs/jurisdictions.md.
 */

/** A postal address as the profile and the contact keep it; any part may be missing. */
export interface PostalAddress {
  street: string | null;
  zipcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/** The studio issuing the document. */
export interface JurisdictionSeller {
  /** ISO 3166-1 alpha-2 of the studio's country: it chooses the jurisdiction. */
  country: string;
  /** ISO 3166-2 subdivision without the country ("QC", "NY"), where the law depends on it. */
  region?: string | null;
  name: string | null;
  address: PostalAddress | null;
  /**
   * Registered for the country's own consumption tax: VAT (FR, GB, IE), GST (AU), GST/HST (CA), a
   * sales tax permit (US). A studio that is not bills without that tax (UK under the VAT threshold,
   * Australia under the GST threshold, France's franchise en base, a US studio without a permit).
   */
  registered: boolean;
  registrations: readonly TaxRegistration[];
}

/** The client, as the issued document copies it. */
export interface JurisdictionBuyer {
  /** The person's or company's name (the company's when both are known). */
  name: string | null;
  address: PostalAddress | null;
  /** The client's VAT number (EU or UK), needed for a reverse charge. */
  vatNumber?: string | null;
  /** The client's ABN (Australia), which may stand for its name on a tax invoice. */
  abn?: string | null;
  /** A resale or exemption certificate the client gave (US), printed on the document. */
  taxExemptReference?: string | null;
  /** The client accounts for the tax itself (EU or UK business client with a VAT number). */
  reverseCharge?: boolean;
}

/** The document being issued, its totals already computed. */
export interface JurisdictionDocument {
  kind: 'invoice' | 'credit_note';
  /** ISO 4217. */
  currency: string;
  /** What the client pays, tax included, in minor units of `currency`. */
  totalWithTaxCents: bigint;
  /** Per tax and rate (computeTaxTotals). */
  taxes: readonly TaxSummary[];
  /** YYYY-MM-DD. */
  issueDate: string;
  /** The date of supply (the shoot, the delivery) when it differs from the issue date. */
  supplyDate?: string | null;
  /** Payment terms as printed ("Due on 2026-04-30", "Net 30"); the due date makes them. */
  paymentTerms?: string | null;
  /** YYYY-MM-DD: the due date the payment terms state. */
  paymentDueDate?: string | null;
  /** Why a line carries no tax or a 0 % rate (zero-rated, exempt, outside the scope): printed. */
  zeroRateReason?: string | null;
  /** The total tax in the country's own currency, when the document is in another (UK: in sterling). */
  taxInHomeCurrencyCents?: bigint | null;
  /** US: sales tax shown on each line, or once on the total (the studio's choice; no law requires either). */
  taxDisplay?: 'per_line' | 'total';
}

export interface JurisdictionInput {
  seller: JurisdictionSeller;
  buyer: JurisdictionBuyer | null;
  document: JurisdictionDocument;
}

/** A mention the document prints: a stable code (the pdf words it in the document's language) and its English text. */
export interface Mention {
  code: string;
  text: string;
  /** The fact the mention states (a registration number, a day), for a document in another language to word it. */
  value?: string;
}

/** What blocks issue: a stable code and what to do about it, in a sentence. */
export interface IssueProblem {
  code: string;
  message: string;
}

/** The title's meaning, for the pdf to word in the document's language. */
export type TitleCode = 'invoice' | 'tax_invoice' | 'vat_invoice' | 'credit_note' | 'adjustment_note';

export interface DocumentRules {
  /** The jurisdiction applied: an ISO country code, or OTHER. */
  jurisdiction: string;
  titleCode: TitleCode;
  /** The title in English ("Tax invoice", "VAT invoice", "Invoice"), or in French for France. */
  title: string;
  mentions: Mention[];
  /** Empty: the document may be issued. */
  problems: IssueProblem[];
  /**
   * France: the service's French rules apply unchanged (legal-mentions.ts, e-invoice-rules.ts and
   * Factur-X); this module adds nothing to them.
   */
  frenchRules: boolean;
}

export const TITLES: Record<TitleCode, string> = {
  invoice: 'Invoice',
  tax_invoice: 'Tax invoice',
  vat_invoice: 'VAT invoice',
  credit_note: 'Credit note',
  adjustment_note: 'Adjustment note',
};

/** Missing: null or blank text. */
export const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** An address with a street, a postcode or a city: enough to find the party. */
export const hasAddress = (address: PostalAddress | null | undefined): boolean =>
  Boolean(address) && !(blank(address?.street) && blank(address?.zipcode) && blank(address?.city));

/**
 * Whether the document reaches a threshold the law sets in the country's currency. A document in
 * another currency is taken as reaching it: without an exchange rate the rules cannot tell, and
 * asking for one more mention is safer than leaving out one the law asks for.
 */
export function reaches(document: JurisdictionDocument, homeCurrency: string, thresholdCents: bigint): boolean {
  return document.currency !== homeCurrency || document.totalWithTaxCents >= thresholdCents;
}

/** The tax the document charges, of the named taxes only when `names` is given. */
export function taxCharged(document: JurisdictionDocument, names?: readonly string[]): bigint {
  const wanted = names?.map((n) => n.toLowerCase());
  return document.taxes
    .filter((t) => !wanted || wanted.includes(t.name.toLowerCase()))
    .reduce((sum, t) => sum + t.amountCents, 0n);
}

/** A rate of 0 % applied to an amount: a zero-rated or exempt supply the law asks to explain. */
export const zeroRated = (document: JurisdictionDocument): boolean =>
  document.taxes.some((t) => t.milliPercent === 0 && t.baseCents !== 0n);

/** The date of supply the document shows: its own, or the issue date when the supply was that day. */
export const supplyDate = (document: JurisdictionDocument): string => document.supplyDate ?? document.issueDate;

/** Builds a module's answer: its title and the lists it collected. */
export function rulesOf(
  jurisdiction: string,
  titleCode: TitleCode,
  mentions: Mention[],
  problems: IssueProblem[],
): DocumentRules {
  return { jurisdiction, titleCode, title: TITLES[titleCode], mentions, problems, frenchRules: false };
}

/** The seller's identity lines every jurisdiction prints (name and address), and the problems when they are missing. */
export function sellerIdentity(seller: JurisdictionSeller, mentions: Mention[], problems: IssueProblem[]): void {
  if (blank(seller.name))
    problems.push({ code: 'seller_name_missing', message: "The studio's name is missing from the company profile" });
  else mentions.push({ code: 'seller_name', text: (seller.name ?? '').trim() });
  if (!hasAddress(seller.address))
    problems.push({
      code: 'seller_address_missing',
      message: "The studio's address is missing from the company profile",
    });
}

/**
 * The buyer's name, and its address when the country's law asks for it (`addressRule`, the rule
 * named in the refusal: "a full VAT invoice (VAT Regulations 1995, reg. 14)"), as problems when
 * missing. Null: that law does not ask for the client's address on this document.
 */
export function buyerIdentity(
  buyer: JurisdictionBuyer | null,
  addressRule: string | null,
  problems: IssueProblem[],
): void {
  if (blank(buyer?.name))
    problems.push({ code: 'buyer_name_missing', message: "The client's name is missing: set the invoice's contact" });
  if (addressRule && !hasAddress(buyer?.address))
    problems.push({
      code: 'buyer_address_missing',
      message: `The client's address is missing, which ${addressRule} carries: complete the contact`,
    });
}

/** The lists a module fills, begun with the seller's identity. */
export function begin(seller: JurisdictionSeller): { mentions: Mention[]; problems: IssueProblem[] } {
  const mentions: Mention[] = [];
  const problems: IssueProblem[] = [];
  sellerIdentity(seller, mentions, problems);
  return { mentions, problems };
}

/** A tax the studio is not registered for, charged all the same (of the named taxes, or any): the problem that blocks issue. */
export function refuseTax(
  document: JurisdictionDocument,
  problems: IssueProblem[],
  problem: IssueProblem,
  names?: readonly string[],
): void {
  if (taxCharged(document, names) > 0n) problems.push(problem);
}

/** The first registration of the identity's kind that is well formed, if the studio keeps one. */
export function validRegistration(
  registrations: readonly TaxRegistration[],
  identity: { kind: string; problem(registration: TaxRegistration): string | null },
): TaxRegistration | null {
  return registrations.find((r) => r.kind === identity.kind && identity.problem(r) === null) ?? null;
}
