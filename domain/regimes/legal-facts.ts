import { type DocumentRules, type JurisdictionInput, type Mention, type TitleCode } from './document-rules';

/**
 * What a studio's law decided of one issued document, kept with it (issue 42: `invoices.legal_facts`,
 * beside the seller copy): the title it bears, the mentions it states (each with the fact it
 * words, for a document in another language), and whether it prints no tax at all. Computed once,
 * at issue, from the facts the issue was checked on; the pdf and the docx word these, in the
 * document's language, and never decide them again. Language-free, so a later wording change never
 * changes what the law decided.
 */
export interface LegalFacts {
  /** The law applied: an ISO country code, or OTHER. */
  jurisdiction: string;
  titleCode: TitleCode;
  mentions: Mention[];
  /** A seller not registered for its country's tax that charges none (issue 40 §3): no tax column, summary or total. */
  taxFree: boolean;
}

/** A seller not registered for its country's tax, on a document that charges none. */
export const chargesNoTax = (input: JurisdictionInput): boolean =>
  !input.seller.registered && input.document.taxes.every((t) => t.amountCents === 0n);

/** The legal facts of a document, from its law's rules and the input they were applied to. */
export const legalFactsOf = (rules: DocumentRules, input: JurisdictionInput): LegalFacts => ({
  jurisdiction: rules.jurisdiction,
  titleCode: rules.titleCode,
  mentions: rules.mentions,
  taxFree: chargesNoTax(input),
});
