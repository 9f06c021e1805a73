import { US_SALES_TAX_PERMIT } from './identities';
import {
  blank,
  begin,
  type DocumentRules,
  type JurisdictionInput,
  rulesOf,
  taxCharged,
  validRegistration,
} from '../document-rules';

/**
 * United States: no federal invoice template and no VAT; sales tax is a state (and local) tax,
 * collected by a seller that holds the state's permit. The document shows the sales tax on each
 * line or once on the total, as the studio chooses; a client exempt from it (a reseller, a
 * non-profit) gave a certificate whose reference the invoice keeps. Charging sales tax without a
 * permit blocks issue: a studio without one bills without tax.
 */
export function usDocumentRules({ seller, buyer, document }: JurisdictionInput): DocumentRules {
  const { mentions, problems } = begin(seller);
  const permit = validRegistration(seller.registrations, US_SALES_TAX_PERMIT);
  if (permit)
    mentions.push({ code: 'sales_tax_permit', text: `Sales tax permit (${permit.region}): ${permit.number}` });
  const charged = taxCharged(document);
  if (charged > 0n && !(seller.registered && permit))
    problems.push({
      code: 'us_sales_tax_without_permit',
      message: "Sales tax is collected under a state permit: add the studio's permit, or bill without tax",
    });
  if (charged > 0n)
    mentions.push(
      document.taxDisplay === 'per_line'
        ? { code: 'sales_tax_per_line', text: 'Sales tax on each line' }
        : { code: 'sales_tax_total', text: 'Sales tax' },
    );
  if (!blank(buyer?.taxExemptReference))
    mentions.push({ code: 'tax_exempt', text: `Tax exempt: certificate ${(buyer?.taxExemptReference ?? '').trim()}` });
  return rulesOf('US', document.kind === 'credit_note' ? 'credit_note' : 'invoice', mentions, problems);
}
