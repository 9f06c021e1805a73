import { type TaxRegistration } from '../../../domain/regimes/registrations';
import { type TaxRate } from '../../../domain/invoicing/tax-rates';
import { computeTaxTotals } from '../../../domain/invoicing/tax-lines';
import {
  type DocumentRules,
  type JurisdictionBuyer,
  type JurisdictionDocument,
  type JurisdictionInput,
  type JurisdictionSeller,
} from '../../../domain/regimes/document-rules';

/** A studio of `country`, registered, with a name and an address. */
export function seller(country: string, registrations: TaxRegistration[], over: Partial<JurisdictionSeller> = {}) {
  return {
    country,
    name: 'Lumière Studio',
    address: { street: '1 High Street', zipcode: 'X1 1XX', city: 'Town', country },
    registered: true,
    registrations,
    ...over,
  };
}

/** A client with a name and an address. */
export const client = (over: Partial<JurisdictionBuyer> = {}): JurisdictionBuyer => ({
  name: 'Alex Client',
  address: { street: '2 Side Road', zipcode: 'Y2 2YY', city: 'City', country: null },
  ...over,
});

/** A one-line document of `net` (a decimal string) with `taxes`, its totals computed by computeTaxTotals. */
export function doc(
  currency: string,
  net: string,
  taxes: TaxRate[],
  over: Partial<JurisdictionDocument> = {},
): JurisdictionDocument {
  const totals = computeTaxTotals([{ item_type: 'SESSION_TYPE', price_without_tax: net, taxes }]);
  return {
    kind: 'invoice',
    currency,
    totalWithTaxCents: totals.totalWithTaxCents,
    taxes: totals.taxes,
    issueDate: '2026-03-07',
    ...over,
  };
}

export const input = (
  s: JurisdictionSeller,
  buyer: JurisdictionBuyer | null,
  document: JurisdictionDocument,
): JurisdictionInput => ({ seller: s, buyer, document });

export const codes = (rules: DocumentRules) => ({
  problems: rules.problems.map((p) => p.code),
  mentions: rules.mentions.map((m) => m.code),
});
