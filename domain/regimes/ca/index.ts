import { type Regime, type Source, WITHOUT_TEMPLATE_LAW } from '../regime';
import { caDocumentRules } from './document-rules';
import { CA_BN, CA_GST_HST, CA_QST } from './identities';
import { CA_FRENCH } from './words';

const GST_RATES: Source = {
  title: 'CRA, "GST/HST rates: which rate to charge"',
  url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html',
};
const QST_RATE: Source = {
  title: 'Revenu Québec, "Calculating the taxes" (QST on the price without GST since 1 January 2013)',
  url: 'http://www.revenuquebec.ca/en/entreprise/taxes/tvq_tps/calcul-taxes.aspx',
};

/**
 * Canada: the federal GST at 5 % (the HST in the participating provinces), Québec's QST at 9.975 %
 * on the price without GST, the provinces' PST; the business number and the GST/HST and QST
 * registration numbers; what a registrant's invoice shows from C$100 and C$500 (RC4022, Revenu
 * Québec). README.md beside this file.
 */
export const CA: Regime = {
  code: 'CA',
  name: 'Canada',
  currency: 'CAD',
  timeZone: 'America/Toronto',
  locale: 'en-CA',
  categories: [
    {
      code: 'GST',
      name: 'Goods and services tax',
      rates: [{ key: 'standard', milliPercent: 5000, since: '2008-01-01', source: GST_RATES }],
      source: GST_RATES,
    },
    {
      code: 'QST',
      name: 'Québec sales tax',
      rates: [{ key: 'standard', milliPercent: 9975, since: '2013-01-01', source: QST_RATE, region: 'QC' }],
      source: QST_RATE,
    },
    {
      code: 'HST',
      name: 'Harmonized sales tax',
      rates: [],
      studioData:
        "The HST's rate is its province's (Ontario, the Atlantic provinces): the studio keeps it in its tax rates",
      source: GST_RATES,
    },
    {
      code: 'PST',
      name: 'Provincial sales tax',
      rates: [],
      studioData:
        'A PST is its province’s (British Columbia, Saskatchewan, Manitoba): the studio keeps it in its tax rates',
      source: GST_RATES,
    },
  ],
  identities: [CA_BN, CA_GST_HST, CA_QST],
  taxName: 'GST',
  // A Canadian line may be GST, HST, or GST with PST or QST, by province: one word may be wrong.
  englishTaxWords: { vat: 'Tax', totalVat: 'Total tax', vatSummary: 'Tax summary' },
  localWords: CA_FRENCH,
  documentRules: caDocumentRules,
  retention: {
    years: 6,
    basis: 'CRA (and Revenu Québec in Québec): 6 years from the end of the last tax year the records relate to',
  },
  corrections: [
    {
      kind: 'credit_note',
      titleCode: 'credit_note',
      source: {
        title: 'CRA, RC4022 "General Information for GST/HST Registrants"',
        url: 'https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/rc4022/general-information-gst-hst-registrants.html',
      },
    },
  ],
  addons: [],
  ...WITHOUT_TEMPLATE_LAW,
  addressRegionTyped: true,
  ublEInvoice: false,
};
