import { IE_VAT } from './identities';
import { percentText } from '../../invoicing/tax-rates';
import {
  blank,
  buyerIdentity,
  begin,
  type DocumentRules,
  type JurisdictionInput,
  reaches,
  refuseTax,
  rulesOf,
  supplyDate,
  validRegistration,
} from '../document-rules';

/**
 * Ireland (Revenue, "What information is required on a VAT invoice?"). A VAT-registered studio's
 * invoice shows its VAT number, the client's name and address, the date of supply, the unit price
 * without VAT, the VAT per rate and in total; under a reverse charge the client's VAT number and
 * "Reverse charge applies" instead of VAT. Up to €100 a simplified invoice may leave out the
 * client. A studio that is not registered must not show VAT: it would owe what it shows.
 */

/** €100: the most a simplified invoice may be for. */
export const IE_SIMPLIFIED_LIMIT_CENTS = 10_000n;

/** The rule a refused client address names: a VAT invoice above €100 (Revenue, VAT invoice contents). */
const IE_FULL_INVOICE_RULE =
  'an Irish VAT invoice above €100 (Revenue, "What information is required on a VAT invoice?")';

export function ieDocumentRules({ seller, buyer, document }: JurisdictionInput): DocumentRules {
  const { mentions, problems } = begin(seller);
  const credit = document.kind === 'credit_note';
  if (!seller.registered) {
    refuseTax(document, problems, {
      code: 'ie_vat_not_registered',
      message: 'A studio not registered for VAT must not show VAT (Revenue would claim it): remove it, or register',
    });
    buyerIdentity(buyer, null, problems);
    return rulesOf('IE', credit ? 'credit_note' : 'invoice', mentions, problems);
  }
  const vat = validRegistration(seller.registrations, IE_VAT);
  if (!vat)
    problems.push({
      code: 'ie_vat_number_missing',
      message: 'An Irish VAT invoice carries the studio’s VAT number (IE, 7 digits and 1 or 2 letters)',
    });
  else mentions.push({ code: 'seller_vat_number', text: `VAT number: ${vat.number}` });
  mentions.push({ code: 'supply_date', text: `Date of supply: ${supplyDate(document)}` });
  const simplified = !reaches(document, 'EUR', IE_SIMPLIFIED_LIMIT_CENTS + 1n) && !buyer?.reverseCharge;
  if (!simplified) buyerIdentity(buyer, IE_FULL_INVOICE_RULE, problems);
  if (buyer?.reverseCharge) {
    if (blank(buyer.vatNumber))
      problems.push({ code: 'buyer_vat_number_missing', message: "A reverse charge needs the client's VAT number" });
    else mentions.push({ code: 'buyer_vat_number', text: `Customer VAT number: ${buyer.vatNumber}` });
    refuseTax(document, problems, {
      code: 'reverse_charge_with_vat',
      message: 'Under a reverse charge the invoice shows no VAT: the client accounts for it',
    });
    mentions.push({ code: 'reverse_charge', text: 'Reverse charge applies' });
  } else {
    mentions.push({ code: 'unit_price_without_vat', text: 'Each line: unit price without VAT' });
    for (const t of document.taxes)
      mentions.push({ code: 'vat_per_rate', text: `${t.name} ${percentText(t.milliPercent)} %` });
    mentions.push({ code: 'vat_total', text: 'Total VAT payable' });
  }
  return rulesOf('IE', credit ? 'credit_note' : 'vat_invoice', mentions, problems);
}
