import { CA_GST_HST, CA_QST } from './identities';
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
  taxCharged,
  validRegistration,
} from '../document-rules';

/**
 * Canada (CRA, RC4022 and the Input Tax Credit Information (GST/HST) Regulations; Revenu Québec,
 * "Preparing invoices", harmonised in 2021). No form is imposed, but a registrant gives a client
 * what it needs to claim its credits: each tax shown (GST, HST, PST, QST apart), the GST/HST
 * registration number from C$100 (and the QST number in Québec), the buyer's name and the payment
 * terms from C$500. A studio that is not registered (a small supplier) charges no GST/HST.
 */

/** C$100, taxes included: from there the registration numbers are shown. */
export const CA_REGISTRATION_NUMBER_CENTS = 10_000n;
/** C$500, taxes included: from there the buyer's name and the terms of payment are shown. */
export const CA_BUYER_AND_TERMS_CENTS = 50_000n;

const FEDERAL = ['GST', 'HST'];

export function caDocumentRules({ seller, buyer, document }: JurisdictionInput): DocumentRules {
  const { mentions, problems } = begin(seller);
  const gstHst = validRegistration(seller.registrations, CA_GST_HST);
  const qst = validRegistration(seller.registrations, CA_QST);
  const numbersNeeded = reaches(document, 'CAD', CA_REGISTRATION_NUMBER_CENTS);
  if (!seller.registered)
    refuseTax(
      document,
      problems,
      {
        code: 'ca_gst_hst_not_registered',
        message: 'A studio not registered for GST/HST cannot charge it: remove it, or register and add the number',
      },
      FEDERAL,
    );
  if (seller.registered) {
    if (gstHst)
      mentions.push({
        code: 'gst_hst_number',
        text: `GST/HST registration number: ${gstHst.number}`,
        value: gstHst.number,
      });
    else if (numbersNeeded)
      problems.push({
        code: 'ca_gst_hst_number_missing',
        message:
          'From C$100 the invoice shows the GST/HST registration number (123456782RT0001): add it to the profile',
      });
  }
  if (taxCharged(document, ['QST']) > 0n) {
    if (qst) mentions.push({ code: 'qst_number', text: `QST registration number: ${qst.number}`, value: qst.number });
    else if (numbersNeeded || !seller.registered)
      problems.push({
        code: 'ca_qst_number_missing',
        message: 'An invoice charging QST shows the QST registration number (1234567890TQ0001): add it to the profile',
      });
  }
  for (const t of document.taxes.filter((x) => x.amountCents !== 0n || x.milliPercent !== 0))
    mentions.push({ code: 'tax_per_rate', text: `${t.name} ${percentText(t.milliPercent)} %` });
  if (reaches(document, 'CAD', CA_BUYER_AND_TERMS_CENTS)) {
    buyerIdentity(buyer, null, problems);
    if (blank(document.paymentTerms))
      problems.push({
        code: 'payment_terms_missing',
        message: 'From C$500 the invoice states the terms of payment: set a due date or the terms',
      });
    else
      mentions.push({
        code: 'payment_terms',
        text: (document.paymentTerms ?? '').trim(),
        ...(document.paymentDueDate ? { value: document.paymentDueDate } : {}),
      });
  }
  return rulesOf('CA', document.kind === 'credit_note' ? 'credit_note' : 'invoice', mentions, problems);
}
