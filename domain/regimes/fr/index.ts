import { FR_E_INVOICING } from '../../addons/fr-e-invoicing';
import { type Regime, type Source, VAT_WORDS } from '../regime';
import { frDocumentRules } from './document-rules';
import { clientSirenProblem, clientVatProblem, FR_VAT, frenchCompanyIdentifierProblems } from './identities';
import { frenchMentionsMissing } from './mentions';

/** Code général des impôts, the VAT rates (art. 278 to 281 nonies), as service-public.fr sums them up. */
const RATES: Source = {
  title: 'service-public.fr, "Quels sont les taux de TVA en vigueur en France ?" (CGI art. 278 to 281 nonies)',
  url: 'https://entreprendre.service-public.fr/vosdroits/F23567',
};

/**
 * France: VAT at 20, 10, 5.5 and 2.1 %, the SIREN, SIRET and intra-community VAT number, the
 * invoice's statutory mentions (Code de commerce L441-9, CGI art. 242 nonies A), and the
 * e-invoicing reform as an add-on (domain/addons/fr-e-invoicing/). The document templates were
 * written for this law. README.md beside this file.
 */
export const FR: Regime = {
  code: 'FR',
  name: 'France',
  currency: 'EUR',
  timeZone: 'Europe/Paris',
  locale: 'fr-FR',
  categories: [
    {
      code: 'VAT',
      name: 'Taxe sur la valeur ajoutée (TVA)',
      // The table starts on 1 January 2014, when the standard and intermediate rates of the 2014
      // reform (loi n° 2012-1510, art. 68: 19.6 % to 20 %, 7 % to 10 %) came into force. The
      // reduced (5.5 %) and super-reduced (2.1 %) rates applied before as well; the table does not
      // go back further, since no document the service issues is dated before it.
      rates: [
        { key: 'standard', milliPercent: 20000, since: '2014-01-01', source: RATES },
        { key: 'intermediate', milliPercent: 10000, since: '2014-01-01', source: RATES },
        { key: 'reduced', milliPercent: 5500, since: '2014-01-01', source: RATES },
        { key: 'super_reduced', milliPercent: 2100, since: '2014-01-01', source: RATES },
      ],
      source: RATES,
    },
  ],
  identities: [FR_VAT],
  vatKind: 'FR_VAT',
  taxName: 'VAT',
  englishTaxWords: VAT_WORDS,
  documentRules: frDocumentRules,
  retention: {
    years: 10,
    basis:
      'Code de commerce art. L123-22 (accounting documents and supporting records, 10 years); Livre des procédures fiscales art. L102 B (6 years)',
  },
  corrections: [
    {
      kind: 'credit_note',
      titleCode: 'credit_note',
      source: {
        title: 'Code général des impôts, art. 289 (an invoice, and the document that amends it, an "avoir")',
        url: 'https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577',
      },
    },
  ],
  addons: [FR_E_INVOICING],
  templateLaw: true,
  templateAddressOrder: true,
  oneVatRatePerLine: true,
  sellerMentionsMissing: frenchMentionsMissing,
  buyerAddressAlways: 'a French invoice carries (CGI art. 242 nonies A)',
  dueDateRequired: true,
  companyIdentifierProblems: frenchCompanyIdentifierProblems,
  clientRegistryProblem: clientSirenProblem,
  clientVatProblem,
  ublEInvoice: false,
};
