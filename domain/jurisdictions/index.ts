import { auDocumentRules } from './au';
import { caDocumentRules } from './ca';
import { type DocumentRules, type JurisdictionInput } from './document-rules';
import { frDocumentRules } from './fr';
import { gbDocumentRules } from './gb';
import { ieDocumentRules } from './ie';
import { otherDocumentRules } from './other';
import { usDocumentRules } from './us';

/**
 * The jurisdiction of a document is its seller's country (issue 30 §3): one pure module each for
 * the countries the service knows the law of, and a plain invoice with no gate for any other.
 */
export const JURISDICTIONS: Readonly<Record<string, (input: JurisdictionInput) => DocumentRules>> = {
  FR: frDocumentRules,
  GB: gbDocumentRules,
  IE: ieDocumentRules,
  AU: auDocumentRules,
  CA: caDocumentRules,
  US: usDocumentRules,
};

/** What the document must show and what blocks its issue, by the seller's country (ISO 3166-1 alpha-2). */
export function documentRules(input: JurisdictionInput): DocumentRules {
  const rules = JURISDICTIONS[input.seller.country.trim().toUpperCase()] ?? otherDocumentRules;
  return rules(input);
}
