import { type Source } from '../regimes/source';

/**
 * A legal extension beside the regimes (gobl's `addons/`): what a country's reform adds to its
 * regime (France's e-invoicing: the Factur-X gate, the platform, e-reporting, the FEC, the reform's
 * mentions). A regime lists the add-ons its law brings (`Regime.addons`); the core asks whether one
 * that applies provides a feature (`provides`, domain/regimes/index.ts), never which country it is.
 */
export type AddonFeature =
  /** An EN 16931 e-invoice is built and validated at issue, and kept as Factur-X (docs/e-invoicing.md). */
  | 'facturx'
  /** The studio's invoices go through an approved platform, and it receives its purchase invoices there. */
  | 'e-invoicing-platform'
  /** Sales to private persons and abroad are e-reported (docs/e-reporting.md). */
  | 'e-reporting'
  /** The accounting export offers the FEC and its csv (docs/accounting-export.md). */
  | 'fec'
  /** The reform's mentions: the operation's category, the option for VAT on debits, the billing mode and the seller's SIREN on the e-invoice. */
  | 'reform-mentions';

export interface Addon {
  /** Stable key, as gobl names its add-ons ("fr-e-invoicing"). */
  key: string;
  name: string;
  features: readonly AddonFeature[];
  /** The currency its e-invoice gate issues in, where it asks one. */
  issueCurrency?: string;
  sources: readonly Source[];
}
