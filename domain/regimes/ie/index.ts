import { type Regime, type Source, VAT_WORDS, WITHOUT_TEMPLATE_LAW } from '../regime';
import { ieDocumentRules } from './document-rules';
import { IE_VAT } from './identities';

const RATES: Source = {
  title: 'Revenue, "Current VAT rates"',
  url: 'https://www.revenue.ie/en/vat/vat-rates/search-vat-rates/current-vat-rates.aspx',
};

/**
 * Ireland: VAT at 23, 13.5, 9 and 0 %, the VAT number (IE, 7 digits and 1 or 2 letters), the VAT
 * invoice and its simplified form up to €100. README.md beside this file.
 */
export const IE: Regime = {
  code: 'IE',
  name: 'Ireland',
  currency: 'EUR',
  timeZone: 'Europe/Dublin',
  locale: 'en-IE',
  categories: [
    {
      code: 'VAT',
      name: 'Value-Added Tax',
      rates: [
        { key: 'standard', milliPercent: 23000, since: '2021-03-01', source: RATES },
        { key: 'reduced', milliPercent: 13500, since: '2003-01-01', source: RATES },
        { key: 'second_reduced', milliPercent: 9000, since: '2011-07-01', source: RATES },
        { key: 'zero', milliPercent: 0, since: '1972-11-01', source: RATES },
      ],
      source: RATES,
    },
  ],
  identities: [IE_VAT],
  vatKind: 'IE_VAT',
  taxName: 'VAT',
  englishTaxWords: VAT_WORDS,
  documentRules: ieDocumentRules,
  retention: { years: 6, basis: 'Revenue, VAT Consolidation Act 2010 s. 84: records for 6 years' },
  corrections: [
    {
      kind: 'credit_note',
      titleCode: 'credit_note',
      source: {
        title: 'Revenue, "What information is required on a VAT invoice?"',
        url: 'https://www.revenue.ie/en/vat/vat-records-invoices-and-credit-notes/invoices/what-information-is-required-on-a-vat-invoice.aspx',
      },
    },
  ],
  addons: [],
  ...WITHOUT_TEMPLATE_LAW,
  ublEInvoice: true,
};
