import { type UserLocale } from '../accounts/users';
import { type Addon } from '../addons/addon';
import { type InvoiceBuyer } from '../invoicing/buyer';
import { type SellerProfile } from '../invoicing/seller';
import { type TaxRegistrationKind } from './registration-kinds';
import { type Source } from './source';
import { type DocumentRules, type JurisdictionInput } from './document-rules';

/**
 * One country's law as the service applies it (issue 42, after gobl's `regimes/`): each folder of
 * domain/regimes/ (fr, gb, ie, ca, au, us, and `other` for every country the service does not know
 * the law of) exports one `Regime`, and index.ts registers them. The core asks the regime of a
 * studio's country what it needs (`regimeOf`, `studioRegimeOf`), never a country code.
 */

export { type Source };

/** One rate of a tax category, from the day it applies. */
export interface TaxRateDef {
  /** Stable key of the rate within its category ("standard", "reduced", "zero"). */
  key: string;
  /** Thousandths of a percent, as `TaxRate.milliPercent`: 20 % is 20000, 9.975 % is 9975. */
  milliPercent: number;
  /** YYYY-MM-DD: the day the rate applies from. A category's rates of one key are newest first. */
  since: string;
  /** Where the rate is set. */
  source: Source;
  /** ISO 3166-2 subdivision without the country ("QC") when the rate is a province's or a state's. */
  region?: string;
}

/** A tax the country levies on a studio's sales, with its rates. */
export interface TaxCategory {
  /** Short code as documents name it ("VAT", "GST", "QST", "Sales tax"). */
  code: string;
  name: string;
  /** Newest first for each key; empty when the rate is the studio's own data (`studioData`). */
  rates: readonly TaxRateDef[];
  /**
   * Why the rates are not listed here, when the studio keeps them in its profile (US sales tax:
   * state, county and city rates; Canada's HST and PST, by province).
   */
  studioData?: string;
  /** The authority's page on the tax. */
  source: Source;
}

/** A registration kind the country issues, checked as its authority builds it. */
export interface IdentityDef {
  kind: TaxRegistrationKind;
  name: string;
  /** The country prefix a VAT number carries (GB, IE, FR): added when typed without it. */
  prefix?: string;
  /** The number is kept as typed, spaces folded (a US permit's format is the state's). */
  keptAsTyped?: boolean;
  /** What is wrong with a number of this kind (already normalized), as a sentence; null when well formed. */
  problem(registration: { number: string; region?: string | null }): string | null;
  /** Numbers the check must accept and refuse (the registry's test runs them). */
  examples: {
    valid: readonly { number: string; region?: string }[];
    invalid: readonly { number: string; region?: string | null }[];
  };
  source: Source;
}

/** The identifiers of a company profile as typed (domain/company/identifiers.ts). */
export interface CompanyIds {
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
}

/** A problem of a profile's or a client's identifier, naming its field. */
export interface FieldProblem<P extends string = string> {
  path: P;
  message: string;
}

/** The correction a law allows an issued document: what a credit note is called there. */
export interface Correction {
  kind: 'credit_note';
  /** The title of the correcting document (DocumentRules.titleCode). */
  titleCode: 'credit_note' | 'adjustment_note';
  /** Where the law says so; none where no law sets a form (the United States). */
  source?: Source;
}

/** The words that name the country's tax on a document (document-html.ts DOCUMENT_WORDS). */
export interface TaxWords {
  /** The rate column and the summary's first column. */
  vat: string;
  totalVat: string;
  vatSummary: string;
}

/** A language of the country beside its own English (Canadian French): how a document in it words the law. */
export interface LocalWords {
  locale: UserLocale;
  /** The document's tax words where the language's default ("TVA") would be wrong. */
  taxWords: TaxWords;
  /** A tax's name in that language, from the name a studio typed ("GST" → "TPS"). */
  taxNames: Readonly<Record<string, string>>;
  /** The mentions worded in that language, from the fact each states (`Mention.value`). */
  mentions: Readonly<Record<string, (value: string) => string>>;
}

export interface Regime {
  /** ISO 3166-1 alpha-2, or OTHER for the fallback. */
  code: string;
  name: string;
  /** ISO 4217 of the country; null for the fallback (the studio picks its own). */
  currency: string | null;
  /** The main IANA zone of a new account of the country; null for the fallback. */
  timeZone: string | null;
  /** The locale of a new account of the country that gave none. */
  locale: UserLocale;
  categories: readonly TaxCategory[];
  /** The registrations the country issues (a studio's `tax_registrations`). */
  identities: readonly IdentityDef[];
  /** The registration the profile's `vat_number` stands for, where the country has a VAT. */
  vatKind?: TaxRegistrationKind;
  /** The name of the tax on a one-tax line, as the spec's `vat_percentage` sets it. */
  taxName: string;
  /** The tax's name on an English document. */
  englishTaxWords: TaxWords;
  localWords?: LocalWords;
  /** The fallback only: countries without a regime whose tax is not called VAT (New Zealand's GST). */
  elsewhere?: Readonly<Record<string, Pick<Regime, 'taxName' | 'englishTaxWords'>>>;
  /** What the document must show and what blocks its issue. */
  documentRules(input: JurisdictionInput): DocumentRules;
  /** How long issued documents and payment records are kept, and the rule with its source. */
  retention: { years: number; basis: string };
  corrections: readonly Correction[];
  /** The add-ons its law brings beside the regime (France's e-invoicing reform). */
  addons: readonly Addon[];
  /**
   * The document templates were written for this law (the service began in France): its documents
   * print as designed, with their own mentions (late-payment interest, the franchise en base) and
   * every address in the templates' order, and no law block of title, mentions and tax words.
   */
  templateLaw: boolean;
  /**
   * Addresses of this country print in the templates' order (street, then postcode and city)
   * rather than the country's postal format.
   */
  templateAddressOrder: boolean;
  /**
   * The country's address format has a state, province or territory (libaddressinput's %S) that
   * studios type next to the city or postcode ("Brooklyn, NY"), where the form has no field for it.
   */
  addressRegionTyped?: boolean;
  /** Each line carries one VAT rate of at most two decimals (`vat_percentage`), never tax lines. */
  oneVatRatePerLine: boolean;
  /** The statutory mentions checked before issue besides name and address (SIREN, VAT number…): what is missing. */
  sellerMentionsMissing?(candidate: MentionCandidate): FieldProblem[];
  /**
   * The rule that makes the client's postal address a mention of every invoice, as a refusal names
   * it ("a French invoice carries (CGI art. 242 nonies A)"); null: the document rules decide.
   */
  buyerAddressAlways: string | null;
  /** Every invoice states its payment date. */
  dueDateRequired: boolean;
  /** The company profile's SIREN, SIRET and VAT number, checked as the country's registries compute them. */
  companyIdentifierProblems?(ids: CompanyIds): FieldProblem<keyof CompanyIds>[];
  /** A client of this country (or of none) whose SIREN-like number is checked: what is wrong with it. */
  clientRegistryProblem?(number: string): string | null;
  /** A client's VAT number of this country (by its prefix): what is wrong with it, given the client's checked SIREN. */
  clientVatProblem?(vat: string, registry: string | null): string | null;
  /** The UBL e-invoice (Peppol BIS Billing 3) is offered to its studios. */
  ublEInvoice: boolean;
}

/** What the statutory mentions read of an invoice about to be issued (legal-mentions.ts). */
export interface MentionCandidate {
  seller: SellerProfile;
  buyer: InvoiceBuyer | null;
}

/** What a regime whose law the document templates were not written for answers (every one but France). */
export const WITHOUT_TEMPLATE_LAW = {
  templateLaw: false,
  templateAddressOrder: false,
  oneVatRatePerLine: false,
  buyerAddressAlways: null,
  dueDateRequired: false,
} as const satisfies Partial<Regime>;

/** The English words of a tax called VAT (the templates' own). */
export const VAT_WORDS: TaxWords = { vat: 'VAT', totalVat: 'Total VAT', vatSummary: 'VAT summary' };
