import { type Regime, WITHOUT_TEMPLATE_LAW } from '../regime';
import { usDocumentRules } from './document-rules';
import { US_SALES_TAX_PERMIT } from './identities';

/**
 * United States: no federal VAT and no federal invoice law; sales tax is a state's (and its
 * counties' and cities'), collected under the state's permit at the rates the studio keeps in its
 * profile. README.md beside this file.
 */
export const US: Regime = {
  code: 'US',
  name: 'United States',
  currency: 'USD',
  timeZone: 'America/New_York',
  locale: 'en-US',
  categories: [
    {
      code: 'Sales tax',
      name: 'State and local sales tax',
      rates: [],
      studioData:
        'No federal rate: each state, county and city sets its own, and the studio keeps the rates it collects in its tax rates',
      source: US_SALES_TAX_PERMIT.source,
    },
  ],
  identities: [US_SALES_TAX_PERMIT],
  taxName: 'Sales tax',
  englishTaxWords: { vat: 'Sales tax', totalVat: 'Total sales tax', vatSummary: 'Sales tax summary' },
  documentRules: usDocumentRules,
  retention: {
    years: 7,
    basis:
      'IRS: records for the period of limitations, 3 years in general, 6 for income under-reported by more than 25 %, 7 for a bad-debt deduction',
  },
  corrections: [{ kind: 'credit_note', titleCode: 'credit_note' }],
  addons: [],
  ...WITHOUT_TEMPLATE_LAW,
  addressRegionTyped: true,
  ublEInvoice: false,
};
