import { type DocumentRules, hasAddress, type JurisdictionInput, type Mention, rulesOf } from '../document-rules';

/**
 * Any other country: a plain invoice with the studio's name, address and whatever identifiers it
 * keeps, and never a problem. The service does not know that country's law, so it must not stop a
 * studio from billing; the studio stays responsible for what its law asks.
 */
export function otherDocumentRules({ seller, document }: JurisdictionInput): DocumentRules {
  const mentions: Mention[] = [];
  if (seller.name?.trim()) mentions.push({ code: 'seller_name', text: seller.name.trim() });
  if (hasAddress(seller.address)) mentions.push({ code: 'seller_address', text: 'Address of the studio' });
  for (const r of seller.registrations)
    if (r.number.trim()) mentions.push({ code: 'seller_tax_number', text: r.number.trim() });
  return rulesOf('OTHER', document.kind === 'credit_note' ? 'credit_note' : 'invoice', mentions, []);
}
