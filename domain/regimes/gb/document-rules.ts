import { GB_VAT } from './identities';
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
  taxCharged,
  zeroRated,
  validRegistration,
} from '../document-rules';

/**
 * United Kingdom (HMRC, VAT Notice 700 §16; VAT Regulations 1995 regs 14 and 16A). A VAT-registered
 * studio issues a full VAT invoice: its VAT number, the time of supply, the client's name and
 * address, per line the unit price, the rate and the amount without VAT, the VAT total in sterling,
 * the reason for any zero rate; up to £250 with VAT, a simplified one may leave out the client. A
 * studio that is not registered issues a plain invoice and must not charge VAT.
 */

/** £250, VAT included: the most a simplified VAT invoice may be for. */
export const GB_SIMPLIFIED_LIMIT_PENCE = 25_000n;

/** The rule a refused client address names: a full VAT invoice (over £250, or reverse-charged). */
const GB_FULL_INVOICE_RULE = 'a full UK VAT invoice (VAT Regulations 1995, reg. 14; over £250 or reverse-charged)';

export function gbDocumentRules({ seller, buyer, document }: JurisdictionInput): DocumentRules {
  const { mentions, problems } = begin(seller);
  const credit = document.kind === 'credit_note';
  if (!seller.registered) {
    refuseTax(document, problems, {
      code: 'gb_vat_not_registered',
      message: 'A studio not registered for VAT cannot charge it: remove the VAT, or add the VAT number to the profile',
    });
    buyerIdentity(buyer, null, problems);
    mentions.push({ code: 'supply_date', text: `Date of supply: ${supplyDate(document)}` });
    return rulesOf('GB', credit ? 'credit_note' : 'invoice', mentions, problems);
  }
  const vat = validRegistration(seller.registrations, GB_VAT);
  if (!vat)
    problems.push({
      code: 'gb_vat_number_missing',
      message: 'A VAT invoice carries the studio’s VAT number (GB and 9 digits): add it to the company profile',
    });
  else mentions.push({ code: 'seller_vat_number', text: `VAT registration number: ${vat.number}` });
  mentions.push({ code: 'tax_point', text: `Time of supply: ${supplyDate(document)}` });
  const simplified = !reaches(document, 'GBP', GB_SIMPLIFIED_LIMIT_PENCE + 1n) && !buyer?.reverseCharge;
  if (simplified)
    mentions.push({ code: 'simplified_vat_invoice', text: 'Total with VAT and the VAT rate of each item' });
  else {
    buyerIdentity(buyer, GB_FULL_INVOICE_RULE, problems);
    mentions.push({ code: 'vat_per_line', text: 'Each line: quantity, unit price without VAT, VAT rate and amount' });
    for (const t of document.taxes)
      mentions.push({ code: 'vat_per_rate', text: `${t.name} ${percentText(t.milliPercent)} %` });
  }
  if (document.currency !== 'GBP' && taxCharged(document) > 0n) {
    if (document.taxInHomeCurrencyCents == null)
      problems.push({
        code: 'gb_vat_in_sterling_missing',
        message: 'An invoice in another currency shows the VAT total in sterling: give the exchange rate used',
      });
    else mentions.push({ code: 'vat_total_gbp', text: 'VAT total in GBP' });
  }
  if (zeroRated(document)) {
    if (blank(document.zeroRateReason))
      problems.push({
        code: 'zero_rate_reason_missing',
        message: 'A line without VAT says why (zero-rated, exempt, outside the scope of UK VAT): give the reason',
      });
    else mentions.push({ code: 'zero_rate_reason', text: (document.zeroRateReason ?? '').trim() });
  }
  if (buyer?.reverseCharge) {
    if (blank(buyer.vatNumber))
      problems.push({ code: 'buyer_vat_number_missing', message: "A reverse charge needs the client's VAT number" });
    mentions.push({ code: 'reverse_charge', text: 'Reverse charge: the customer accounts for the VAT' });
  }
  return rulesOf('GB', credit ? 'credit_note' : 'vat_invoice', mentions, problems);
}
