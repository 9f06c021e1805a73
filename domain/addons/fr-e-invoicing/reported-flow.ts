import { regimeOf } from '../../regimes';
import { FR } from '../../regimes/fr';

/**
 * Which French sales are e-reported rather than e-invoiced (issue 32 §4; CGI art. 290): a sale to
 * a private person or a body not liable to VAT (B2C), and a sale to a business established
 * abroad (B2BInt). A sale to a business established in France (a SIREN) goes as an e-invoice
 * through the platform instead.
 */
export type ReportedFlow = 'B2C' | 'B2B_INTERNATIONAL';

export interface ReportableBuyer {
  /** ISO 3166-1 alpha-2 of the buyer's address; null when unknown (read as France). */
  countryCode: string | null;
  siren: string | null;
  vatNumber: string | null;
  companyName: string | null;
}

/** How a French studio's sale to `buyer` is declared: e-reported (which flow), or null when e-invoiced. */
export function reportedFlowOf(buyer: ReportableBuyer | null): ReportedFlow | null {
  const business = Boolean(buyer?.siren || buyer?.vatNumber || buyer?.companyName);
  // Established abroad: its address is under another regime than France's (no address: France).
  const abroad = buyer?.countryCode != null && regimeOf(buyer.countryCode.toUpperCase()) !== FR;
  if (abroad) return business ? 'B2B_INTERNATIONAL' : 'B2C';
  if (buyer?.siren) return null;
  return 'B2C';
}
