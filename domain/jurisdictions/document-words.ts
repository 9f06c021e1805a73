import { languageOf } from '../accounts/locale-language';
import { type UserLocale, type WordLocale } from '../accounts/users';
import { CA_FRENCH_MENTIONS, CA_FRENCH_TAX_NAMES } from './ca';
import { type DocumentRules, type TitleCode } from './document-rules';

/**
 * How a document of a studio outside France words its law (issue 30 §3, §4): the title its
 * jurisdiction asks for in the document's language, the name of the country's tax where an English
 * document said "VAT", and which of the jurisdiction's mentions are printed as sentences. A French
 * studio's documents use none of this: their words stay DOCUMENT_WORDS' own.
 */

/** The words of the pdf and docx that name the tax (document-html.ts DOCUMENT_WORDS). */
export interface TaxWords {
  /** The rate column and the summary's first column. */
  vat: string;
  totalVat: string;
  vatSummary: string;
}

const VAT: TaxWords = { vat: 'VAT', totalVat: 'Total VAT', vatSummary: 'VAT summary' };
const SALES_TAX: TaxWords = { vat: 'Sales tax', totalVat: 'Total sales tax', vatSummary: 'Sales tax summary' };
const GST: TaxWords = { vat: 'GST', totalVat: 'Total GST', vatSummary: 'GST summary' };
/** Where one word may be wrong: a Canadian line may be GST, HST, or GST with PST or QST, by province. */
const TAX: TaxWords = { vat: 'Tax', totalVat: 'Total tax', vatSummary: 'Tax summary' };

/** The tax's name on an English document, by the studio's country; any other country keeps "VAT". */
export const ENGLISH_TAX_WORDS: Readonly<Record<string, TaxWords>> = {
  US: SALES_TAX,
  AU: GST,
  NZ: GST,
  CA: TAX,
  GB: VAT,
  IE: VAT,
};

/**
 * A French document of a studio outside France where "TVA" would be wrong: Canada's taxes are the
 * TPS, TVH, TVQ or TVP by province (Revenu Québec's own words), so the document says "Taxes".
 */
const FRENCH_TAX_WORDS: Readonly<Record<string, TaxWords>> = {
  CA: { vat: 'Taxes', totalVat: 'Total des taxes', vatSummary: 'Récapitulatif des taxes' },
};

/** The tax words of a studio of `country` in `locale`: English ones by country; French ones only where "TVA" is wrong (Canada). */
export function taxWordsOf(country: string, locale: UserLocale): Partial<TaxWords> {
  if (languageOf(locale) === 'en-US') return ENGLISH_TAX_WORDS[country] ?? VAT;
  return FRENCH_TAX_WORDS[country] ?? {};
}

/** A tax's name as a document in `locale` prints it: the studio's own, except Canada's taxes in Canadian French. */
export function localTaxName(name: string, locale: UserLocale): string {
  if (locale !== 'fr-CA') return name;
  return CA_FRENCH_TAX_NAMES[name.trim().toUpperCase()] ?? name;
}

/** The title a jurisdiction asks for, per language (languageOf). */
export const TITLE_WORDS: Readonly<Record<WordLocale, Record<TitleCode, string>>> = {
  'en-US': {
    invoice: 'Invoice',
    tax_invoice: 'Tax invoice',
    vat_invoice: 'VAT invoice',
    credit_note: 'Credit note',
    adjustment_note: 'Adjustment note',
  },
  'fr-FR': {
    invoice: 'Facture',
    tax_invoice: 'Facture fiscale (tax invoice)',
    vat_invoice: 'Facture de TVA',
    credit_note: 'Avoir',
    adjustment_note: "Note d'ajustement (adjustment note)",
  },
};

/**
 * Mentions the document's own layout already shows (the studio's name and address at the head, the
 * rate and tax of each line, the tax summary and totals): the jurisdiction lists them so that a
 * test can tell they are required, but printing them again as sentences would only repeat the page.
 */
const SHOWN_BY_LAYOUT: ReadonlySet<string> = new Set([
  'seller_name',
  'seller_address',
  'gst_amount',
  'vat_per_line',
  'vat_per_rate',
  'tax_per_rate',
  'vat_total',
  'unit_price_without_vat',
  'simplified_vat_invoice',
  'sales_tax_per_line',
  'sales_tax_total',
]);

/**
 * The mentions a document prints in a block of their own, in order, each once; the days they state
 * (ISO, "Time of supply: 2026-11-27") written as the document's locale writes its other dates
 * ("Time of supply: 27 November 2026"), given `formatDay`.
 */
export function printedMentions(
  rules: Pick<DocumentRules, 'mentions'>,
  formatDay: (day: string) => string = (day) => day,
  locale?: UserLocale,
): string[] {
  const french = locale === 'fr-CA' ? CA_FRENCH_MENTIONS : undefined;
  const texts = rules.mentions
    .filter((m) => !SHOWN_BY_LAYOUT.has(m.code))
    .map((m) => {
      const worded = french?.[m.code];
      const text = worded && m.value ? worded(m.value) : m.text;
      return text.trim().replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDay(day));
    });
  return [...new Set(texts.filter(Boolean))];
}
