import { type Addon } from '../addon';

/**
 * France's e-invoicing reform beside the French regime (domain/regimes/fr/): the Factur-X e-invoice
 * every French invoice is checked against at issue (EN 16931, in euros), the approved platform that
 * transmits and receives invoices, the e-reporting of sales to private persons and abroad, the FEC
 * of the accounting export, and the reform's mentions. The code of each stays where its layer puts
 * it (lib/facturx for the files, api/e-invoicing and api/e-reporting for the routes); this
 * declaration is what the core asks (domain/regimes/index.ts, `provides`).
 */
export const FR_E_INVOICING: Addon = {
  key: 'fr-e-invoicing',
  name: 'France: e-invoicing and e-reporting (2026 reform), Factur-X, FEC',
  features: ['facturx', 'e-invoicing-platform', 'e-reporting', 'fec', 'reform-mentions'],
  issueCurrency: 'EUR',
  sources: [
    {
      title: 'Décret n° 2022-1299 du 7 octobre 2022 (e-invoicing and e-reporting)',
      url: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000046383394',
    },
  ],
};

/** The platform's directory addresses a company by its SIREN or one establishment's SIRET. */
export { sirenValid, siretValid } from '../../regimes/fr/identities';
