import { languageOf } from '../accounts/locale-language';
import { type UserLocale, type WordLocale } from '../accounts/users';
import { type DocumentRules, type TitleCode } from './document-rules';
import { knownRegimeOf, localWordsOf, OTHER_REGIME, REGIMES } from './index';
import { type TaxWords } from './regime';

/**
 * How a document words its studio's law (issue 30 §3, §4): the title its regime asks for in the
 * document's language, the name of the country's tax where an English document said "VAT" (each
 * regime's `englishTaxWords`, `localWords`), and which of its mentions are printed as sentences. A
 * studio under the templates' own law (`Regime.templateLaw`) uses none of this: its words stay
 * DOCUMENT_WORDS' own.
 */

export { type TaxWords };

/** The tax's name on an English document, by the studio's country (its regime's words); any other country keeps "VAT". */
export const ENGLISH_TAX_WORDS: Readonly<Record<string, TaxWords>> = Object.fromEntries([
  ...REGIMES.map((r) => [r.code, r.englishTaxWords] as const),
  ...Object.entries(OTHER_REGIME.elsewhere ?? {}).map(([code, words]) => [code, words.englishTaxWords] as const),
]);

/**
 * The tax words of a studio of `country` in `locale`: English ones by country; in another language
 * only where that language's own word would be wrong (Canada's French: "Taxes", not "TVA").
 */
export function taxWordsOf(country: string, locale: UserLocale): Partial<TaxWords> {
  if (languageOf(locale) === 'en-US') return ENGLISH_TAX_WORDS[country] ?? OTHER_REGIME.englishTaxWords;
  const local = knownRegimeOf(country)?.localWords;
  return local && languageOf(local.locale) === languageOf(locale) ? local.taxWords : {};
}

/** A tax's name as a document in `locale` prints it: the studio's own, except where its regime words it (Canadian French). */
export function localTaxName(name: string, locale: UserLocale): string {
  return localWordsOf(locale)?.taxNames[name.trim().toUpperCase()] ?? name;
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
  const local = locale ? localWordsOf(locale)?.mentions : undefined;
  const texts = rules.mentions
    .filter((m) => !SHOWN_BY_LAYOUT.has(m.code))
    .map((m) => {
      const worded = local?.[m.code];
      const text = worded && m.value ? worded(m.value) : m.text;
      return text.trim().replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDay(day));
    });
  return [...new Set(texts.filter(Boolean))];
}
