import { type DocumentRules, type JurisdictionInput } from '../document-rules';

/**
 * France: the service's French rules apply exactly as they are, and this module adds nothing to
 * them. What an invoice must carry and what blocks its issue are domain/invoicing/legal-mentions.ts
 * (missingMentions: SIREN or SIRET, VAT number or franchise en base, late-payment rate…) and the
 * EN 16931 gate of domain/invoicing/e-invoice-rules.ts, then Factur-X: the caller runs those when
 * `frenchRules` is true, as it does today for every French studio.
 */
export function frDocumentRules({ document }: JurisdictionInput): DocumentRules {
  const credit = document.kind === 'credit_note';
  return {
    jurisdiction: 'FR',
    titleCode: credit ? 'credit_note' : 'invoice',
    title: credit ? 'Avoir' : 'Facture',
    mentions: [],
    problems: [],
    frenchRules: true,
  };
}
