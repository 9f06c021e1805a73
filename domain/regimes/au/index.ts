import { type Regime, type Source, WITHOUT_TEMPLATE_LAW } from '../regime';
import { auDocumentRules } from './document-rules';
import { AU_ABN } from './identities';

const GST: Source = {
  title: 'ATO, "Goods and services tax (GST)"',
  url: 'https://www.ato.gov.au/businesses-and-organisations/gst-excise-and-indirect-taxes/gst',
};

/**
 * Australia: GST at 10 % (GST-free sales at none), the ABN, the tax invoice and the adjustment note
 * (ATO). README.md beside this file.
 */
export const AU: Regime = {
  code: 'AU',
  name: 'Australia',
  currency: 'AUD',
  timeZone: 'Australia/Sydney',
  locale: 'en-AU',
  categories: [
    {
      code: 'GST',
      name: 'Goods and services tax',
      // A New Tax System (Goods and Services Tax) Act 1999, in force from 1 July 2000.
      rates: [
        { key: 'standard', milliPercent: 10000, since: '2000-07-01', source: GST },
        { key: 'gst_free', milliPercent: 0, since: '2000-07-01', source: GST },
      ],
      source: GST,
    },
  ],
  identities: [AU_ABN],
  taxName: 'GST',
  englishTaxWords: { vat: 'GST', totalVat: 'Total GST', vatSummary: 'GST summary' },
  documentRules: auDocumentRules,
  retention: {
    years: 5,
    basis: 'ATO: 5 years after the records are prepared or the transactions completed (ASIC: 7 years for a company)',
  },
  corrections: [
    {
      kind: 'credit_note',
      titleCode: 'adjustment_note',
      source: {
        title: 'ATO, "If you are registered for GST"',
        url: 'https://www.ato.gov.au/business/manage-your-invoices,-payments-and-records/getting-started/setting-up-your-invoices/if-you-are-registered-for-gst/',
      },
    },
  ],
  addons: [],
  ...WITHOUT_TEMPLATE_LAW,
  addressRegionTyped: true,
  ublEInvoice: false,
};
