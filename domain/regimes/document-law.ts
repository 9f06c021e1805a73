import { languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { countryCode } from '../countries';
import { type InvoiceBuyer } from '../invoicing/buyer';
import { type TaxSummary } from '../invoicing/tax-lines';
import { type VatLine } from '../invoicing/totals';
import { printedMentions, type TaxWords, taxWordsOf, TITLE_WORDS } from './document-words';
import { formatDay } from '../invoicing/format-day';
import { documentRules, studioRegimeOf } from './index';
import { type IssuingSeller, jurisdictionInputOf } from './issue-input';
import { type LegalFacts, legalFactsOf } from './legal-facts';
import { type TaxRegistration } from './registration-kinds';

/** What a studio's country's law changes on its quote, invoice or credit note file (issue 30 §3, §4). */
export interface DocumentLaw {
  /** The title the law asks for, in the document's language ("Tax invoice"); null for a quote. */
  title: string | null;
  /** The mentions printed in a block of their own ("ABN 51 824 753 556", "Total price includes GST"). */
  mentions: string[];
  /** The country's name of the tax where an English document says VAT. */
  taxWords: Partial<TaxWords>;
  /**
   * A seller not registered for its country's tax that charges none (issue 40 §3): the document
   * prints no tax column, summary or total, only what its law words (the mentions). Absent: false.
   */
  taxFree?: boolean;
}

/** The document as its file is about to show it: what the jurisdiction reads of it. */
export interface LawDocument {
  kind: 'quote' | 'invoice' | 'credit_note';
  locale: UserLocale;
  currency: string;
  /** Per rate, and the total with tax, as the file prints them (document-lines.ts). */
  vat: readonly VatLine[];
  /** A document with tax lines: per tax and rate (it stands for `vat`). */
  taxes?: readonly TaxSummary[] | null;
  totalWithTaxCents: bigint;
  /** YYYY-MM-DD. */
  issuedOn: string;
  supplyDate: string | null;
  /** YYYY-MM-DD: the invoice's due date, its terms of payment. */
  dueDate?: string | null;
  /** Why its lines at 0 % are (zeroRateReasonOf). */
  zeroRateReason?: string | null;
}

/**
 * The law of a studio on its document, from the same facts its issue was checked on
 * (jurisdictionInputOf, documentRules), or, for an issued invoice, from the legal facts its issue
 * kept (`kept`, legal-facts.ts): worded in the document's language, decided once. Null for a
 * studio under the templates' own law (`Regime.templateLaw`: France, and a studio that has not
 * said where it is), whose documents keep the templates' wording unchanged. A quote gets its
 * country's tax words but no title or mention: those are the law's for invoices and credit notes.
 */
export function documentLaw(
  seller: IssuingSeller | null,
  buyer: InvoiceBuyer | null,
  doc: LawDocument,
  kept?: LegalFacts | null,
): DocumentLaw | null {
  if (!seller || studioRegimeOf(seller.company_country).templateLaw) return null;
  const country = countryCode(seller.company_country, null) ?? '';
  const taxWords = taxWordsOf(country, doc.locale);
  const facts = kept ?? lawFactsOf(seller, buyer, doc)!;
  const free = facts.taxFree ? { taxFree: true } : {};
  if (doc.kind === 'quote') return { title: null, mentions: [], taxWords, ...free };
  return {
    title: TITLE_WORDS[languageOf(doc.locale)][facts.titleCode],
    mentions: printedMentions(facts, (day) => formatDay(day, doc.locale), doc.locale),
    taxWords,
    ...free,
  };
}

/**
 * What a studio's law decides of a document (legal-facts.ts): at its issue, to keep; for a quote,
 * a draft or a document issued before they were kept, when its file is made. Null for a studio
 * under the templates' own law, or before it has a profile.
 */
export function lawFactsOf(
  seller: IssuingSeller | null,
  buyer: InvoiceBuyer | null,
  doc: Omit<LawDocument, 'locale'>,
): LegalFacts | null {
  if (!seller || studioRegimeOf(seller.company_country).templateLaw) return null;
  const input = jurisdictionInputOf(seller, buyer, {
    kind: doc.kind === 'quote' ? 'invoice' : doc.kind,
    currency: doc.currency,
    totalWithTaxCents: doc.totalWithTaxCents,
    vat: doc.vat,
    taxes: doc.taxes,
    issueDate: doc.issuedOn,
    supplyDate: doc.supplyDate,
    dueDate: doc.dueDate,
    zeroRateReason: doc.zeroRateReason,
  });
  return legalFactsOf(documentRules(input), input);
}

/**
 * The state or province of a studio, as far as its registrations tell (a US sales tax permit is
 * its state's): the one region they all name, or null when none names one or they disagree (a
 * studio holding permits in several states). The profile has no state field yet.
 */
export function registrationsRegion(registrations: readonly TaxRegistration[] | null | undefined): string | null {
  const regions = new Set(
    (registrations ?? []).map((r) => r.region?.trim().toUpperCase()).filter((r): r is string => Boolean(r)),
  );
  return regions.size === 1 ? [...regions][0] : null;
}
