/**
 * A party's Peppol electronic address (BT-34, BT-49) from its VAT number: the VAT number itself,
 * under its country's scheme in the Electronic Address Scheme code list (EAS) that Peppol BIS
 * Billing 3 checks (PEPPOL-EN16931-CL008). An email address (scheme EM) is not one of Peppol's.
 */

/** The EAS schemes of VAT numbers, by the number's country prefix (EL is Greece's). */
const VAT_SCHEMES: Readonly<Record<string, string>> = {
  AT: '9914',
  BE: '9925',
  DE: '9930',
  EL: '9933',
  ES: '9920',
  FR: '9957',
  GB: '9932',
  IE: '9935',
  IT: '9906',
  LU: '9938',
  NL: '9944',
  PT: '9946',
};

export interface PeppolEndpoint {
  /** The EAS code (`9932` for a UK VAT number). */
  scheme: string;
  /** The address within it: the VAT number without spaces, upper case, its prefix kept. */
  id: string;
}

/** The party's Peppol address, or null when it has no VAT number of a country listed here. */
export function peppolEndpoint(vatNumber: string | null | undefined): PeppolEndpoint | null {
  const id = vatNumber?.replace(/[\s.-]/g, '').toUpperCase() ?? '';
  const scheme = VAT_SCHEMES[id.slice(0, 2)];
  return scheme && id.length > 2 ? { scheme, id } : null;
}
