import { knownRegimeOf } from '../regimes';

/**
 * The identifiers a studio puts on its invoices: its bank's (IBAN, BIC), checked here, and its
 * registry's (SIREN, SIRET, VAT number), which its country's regime checks (domain/regimes/: the
 * French ones strictly, as they are printed on legal documents and read by e-invoicing platforms;
 * another country's are free text). Pure rules, no I/O.
 */

/** An IBAN: country, 2 check digits, up to 30 characters, whose ISO 7064 mod-97 check gives 1. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const c of rearranged) {
    const value = c >= 'A' ? String(c.charCodeAt(0) - 55) : c;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A BIC (SWIFT code): bank, country, location, and an optional branch. */
export function bicValid(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);
}

/** The identifiers of a company profile as typed; each problem names its field. */
export interface CompanyIdentifiers {
  company_country: string | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  iban: string | null;
  bic: string | null;
}

export interface IdentifierProblem {
  path: keyof CompanyIdentifiers;
  message: string;
}

/**
 * What is wrong with a profile's identifiers (empty when nothing): the SIREN, SIRET and VAT number
 * as the company's country's regime checks them (`companyIdentifierProblems`: France's strictly;
 * elsewhere they are the country's own numbers, free text). IBAN and BIC are checked whatever the
 * country.
 */
export function identifierProblems(ids: CompanyIdentifiers): IdentifierProblem[] {
  const problems: IdentifierProblem[] = [
    ...(knownRegimeOf(ids.company_country)?.companyIdentifierProblems?.(ids) ?? []),
  ];
  if (ids.iban && !ibanValid(ids.iban))
    problems.push({
      path: 'iban',
      message: 'is not a valid IBAN (country, check digits, account: the mod-97 check fails)',
    });
  if (ids.bic && !bicValid(ids.bic))
    problems.push({ path: 'bic', message: 'must be 8 or 11 letters and digits (bank, country, location, branch)' });
  return problems;
}
