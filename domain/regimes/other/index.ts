import { type Regime, VAT_WORDS, WITHOUT_TEMPLATE_LAW } from '../regime';
import { otherDocumentRules } from './document-rules';

/**
 * Any country the service does not know the law of: a plain invoice that never blocks issue, the
 * studio's own currency and zone, and the longest retention the registered regimes know (`keptLongest`,
 * given by the registry): one more year kept is safer than one missing. README.md beside this file.
 */
export function otherRegime(keptLongest: Regime['retention']): Regime {
  return {
    code: 'OTHER',
    name: 'Any other country',
    currency: null,
    timeZone: null,
    locale: 'en-US',
    categories: [],
    identities: [],
    taxName: 'VAT',
    englishTaxWords: VAT_WORDS,
    elsewhere: {
      NZ: { taxName: 'GST', englishTaxWords: { vat: 'GST', totalVat: 'Total GST', vatSummary: 'GST summary' } },
    },
    documentRules: otherDocumentRules,
    retention: {
      years: keptLongest.years,
      basis: `Unknown country: the longest period the service knows (${keptLongest.basis})`,
    },
    corrections: [{ kind: 'credit_note', titleCode: 'credit_note' }],
    addons: [],
    ...WITHOUT_TEMPLATE_LAW,
    ublEInvoice: false,
  };
}
