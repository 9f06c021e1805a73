import { countryCode } from '../countries';
import { type InvoiceBuyer } from '../invoicing/buyer';
import { type TaxSummary } from '../invoicing/tax-lines';
import { type SellerProfile } from '../invoicing/seller';
import { type JurisdictionDocument, type JurisdictionInput } from './document-rules';
import { knownRegimeOf, taxNameOf } from './index';
import { type TaxRegistration } from './registration-kinds';

export interface IssuingSeller extends SellerProfile {
  tax_registrations?: readonly TaxRegistration[] | null;
  /** The studio's state or province (NY, QC), when it set it. */
  company_region?: string | null;
}

/**
 * What the regimes' document rules read of an invoice about to be issued: the studio (its registrations
 * are its list and, for a VAT country, its `vat_number`; it is registered unless `vat_exempt`), the
 * client as the invoice copies it, and the document's totals per rate as its e-invoice model has them.
 */
export function jurisdictionInputOf(
  seller: IssuingSeller,
  buyer: InvoiceBuyer | null,
  document: {
    /** An invoice unless said (a credit note's file asks too: its title and mentions). */
    kind?: JurisdictionDocument['kind'];
    currency: string;
    totalWithTaxCents: bigint;
    /** Per rate, as the e-invoice model's VAT breakdown has them (EInvoiceVat). */
    vat: readonly { vatBasisPoints: number; baseCents: bigint; vatCents: bigint }[];
    /** A document with tax lines (issue 30 §2): its summary per tax and rate, which stands for `vat`. */
    taxes?: readonly TaxSummary[] | null;
    issueDate: string;
    supplyDate: string | null;
    /** YYYY-MM-DD: the terms of payment the document states ("Due on 2026-04-30"). */
    dueDate?: string | null;
    /** Why its lines at 0 % are (zeroRateReasonOf); null when one gives no reason. */
    zeroRateReason?: string | null;
  },
): JurisdictionInput {
  const country = countryCode(seller.company_country, null) ?? '';
  const vatKind = knownRegimeOf(country)?.vatKind;
  const registrations: TaxRegistration[] = [
    ...(seller.tax_registrations ?? []),
    ...(vatKind && seller.vat_number ? [{ kind: vatKind, number: seller.vat_number }] : []),
  ];
  const taxName = taxNameOf(country);
  return {
    seller: {
      country,
      region: seller.company_region ?? null,
      name: seller.company_name,
      address: {
        street: seller.company_street,
        zipcode: seller.company_zipcode,
        city: seller.company_city,
        country,
      },
      registered: !seller.vat_exempt,
      registrations,
    },
    buyer: buyer && {
      name: buyer.company_name ?? buyer.name,
      address: { street: buyer.street, zipcode: buyer.zipcode, city: buyer.city, country: buyer.country },
      vatNumber: buyer.vat_number ?? null,
      taxExemptReference: buyer.tax_exempt_reference ?? null,
      reverseCharge: Boolean(buyer.reverse_charge),
    },
    document: {
      kind: document.kind ?? 'invoice',
      currency: document.currency,
      totalWithTaxCents: document.totalWithTaxCents,
      taxes: document.taxes
        ? [...document.taxes]
        : document.vat.map((v) => ({
            name: taxName,
            milliPercent: v.vatBasisPoints * 10,
            baseCents: v.baseCents,
            amountCents: v.vatCents,
          })),
      issueDate: document.issueDate,
      supplyDate: document.supplyDate,
      paymentTerms: document.dueDate ? `Due on ${document.dueDate}` : null,
      paymentDueDate: document.dueDate ?? null,
      zeroRateReason: document.zeroRateReason ?? null,
    },
  };
}
