import { AU_ABN } from './identities';
import {
  blank,
  begin,
  type DocumentRules,
  type JurisdictionInput,
  reaches,
  refuseTax,
  rulesOf,
  taxCharged,
  validRegistration,
} from '../document-rules';

/**
 * Australia (ATO, "Tax invoices"). A studio registered for GST issues a "Tax invoice" with its ABN,
 * the date, what was sold, and the GST: shown as an amount, or, when it is exactly one eleventh of
 * the total, as "Total price includes GST"; from A$1,000 it also names the buyer (identity or ABN).
 * A studio that is not registered issues an "Invoice" without GST.
 */

/** A$1,000, GST included: from there a tax invoice names the buyer. */
export const AU_BUYER_IDENTITY_CENTS = 100_000n;

export function auDocumentRules({ seller, buyer, document }: JurisdictionInput): DocumentRules {
  const { mentions, problems } = begin(seller);
  const credit = document.kind === 'credit_note';
  const abn = validRegistration(seller.registrations, AU_ABN);
  if (abn)
    mentions.push({
      code: 'seller_abn',
      text: `ABN ${abn.number.replace(/^(\d\d)(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')}`,
    });
  const gst = taxCharged(document);
  if (!seller.registered) {
    refuseTax(document, problems, {
      code: 'au_gst_not_registered',
      message: 'A studio not registered for GST cannot charge it: remove the GST, or register and add the ABN',
    });
    mentions.push({ code: 'no_gst', text: 'No GST has been charged' });
    return rulesOf('AU', credit ? 'credit_note' : 'invoice', mentions, problems);
  }
  if (!abn)
    problems.push({
      code: 'au_abn_missing',
      message: 'A tax invoice carries the studio’s ABN (11 digits): add it to the company profile',
    });
  // GST exactly one eleventh of the total (every sale taxable at 10 %): the statement may replace the amount.
  if (gst > 0n && gst * 11n === document.totalWithTaxCents)
    mentions.push({ code: 'total_includes_gst', text: 'Total price includes GST' });
  else mentions.push({ code: 'gst_amount', text: 'GST payable on each taxable item and in total' });
  if (reaches(document, 'AUD', AU_BUYER_IDENTITY_CENTS) && blank(buyer?.name) && blank(buyer?.abn))
    problems.push({
      code: 'buyer_identity_missing',
      message: "From A$1,000 a tax invoice names the buyer or gives its ABN: set the invoice's contact",
    });
  return rulesOf('AU', credit ? 'adjustment_note' : 'tax_invoice', mentions, problems);
}
