import { type Regime, type Source, VAT_WORDS, WITHOUT_TEMPLATE_LAW } from '../regime';
import { gbDocumentRules } from './document-rules';
import { GB_VAT } from './identities';

const RATES: Source = {
  title: 'HMRC, "VAT rates on different goods and services"',
  url: 'https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services',
};

/**
 * United Kingdom: VAT at 20, 5 and 0 %, the VAT registration number (GB and 9 digits), the full
 * and the simplified VAT invoice (VAT Notice 700 §16). README.md beside this file.
 */
export const GB: Regime = {
  code: 'GB',
  name: 'United Kingdom',
  currency: 'GBP',
  timeZone: 'Europe/London',
  locale: 'en-GB',
  categories: [
    {
      code: 'VAT',
      name: 'Value Added Tax',
      rates: [
        { key: 'standard', milliPercent: 20000, since: '2011-01-04', source: RATES },
        { key: 'reduced', milliPercent: 5000, since: '1997-09-01', source: RATES },
        { key: 'zero', milliPercent: 0, since: '1973-04-01', source: RATES },
      ],
      source: RATES,
    },
  ],
  identities: [GB_VAT],
  vatKind: 'GB_VAT',
  taxName: 'VAT',
  englishTaxWords: VAT_WORDS,
  documentRules: gbDocumentRules,
  retention: { years: 6, basis: 'HMRC, VAT Act 1994 sch. 11 para. 6(3): VAT records for up to 6 years' },
  corrections: [
    {
      kind: 'credit_note',
      titleCode: 'credit_note',
      source: {
        title: 'HMRC, VAT Notice 700, section 16',
        url: 'https://www.gov.uk/guidance/vat-guide-notice-700#section16',
      },
    },
  ],
  addons: [],
  ...WITHOUT_TEMPLATE_LAW,
  ublEInvoice: true,
};
