/**
 * The identifiers a studio puts on its invoices, checked as the registries compute them: pure
 * rules, no I/O. French ones are checked strictly (they are printed on legal documents and read by
 * e-invoicing platforms); another country's are free text.
 */

/** Digits only, without the spaces a studio types (`912 345 678`). */
export const compact = (value: string): string => value.replace(/[\s.-]/g, '');

/** The Luhn checksum: doubling every second digit from the right, the sum is a multiple of 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Many of La Poste's establishments do not follow Luhn: their SIRET's digits add up to a multiple of 5 instead. */
const LA_POSTE_SIREN = '356000000';

/** A SIREN: 9 digits whose Luhn key is valid. */
export function sirenValid(siren: string): boolean {
  return /^\d{9}$/.test(siren) && luhnValid(siren);
}

/** A SIRET: 14 digits, the SIREN then the establishment's 5, whose Luhn key is valid (La Poste: or a digit sum that is a multiple of 5). */
export function siretValid(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith(LA_POSTE_SIREN) && [...siret].reduce((sum, c) => sum + Number(c), 0) % 5 === 0) return true;
  return sirenValid(siret.slice(0, 9)) && luhnValid(siret);
}

/** The 2-digit key of a French VAT number for a SIREN: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** The French intra-community VAT number of a SIREN: FR, its key, the SIREN. */
export function frenchVatNumber(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/** A French VAT number whose key matches its SIREN (and, when given, the company's own SIREN). */
export function frenchVatValid(vat: string, siren?: string | null): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(vat);
  if (!match || !sirenValid(match[2])) return false;
  if (siren && match[2] !== siren) return false;
  return match[1] === frenchVatKey(match[2]);
}

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
 * What is wrong with a profile's identifiers (empty when nothing). For a French company (FR):
 * SIREN 9 digits with a valid key, SIRET 14 digits starting with the SIREN with a valid key, VAT
 * number FR + key + SIREN; elsewhere those three are the country's own numbers, free text. IBAN
 * and BIC are checked whatever the country.
 */
export function identifierProblems(ids: CompanyIdentifiers): IdentifierProblem[] {
  const problems: IdentifierProblem[] = [];
  if (ids.company_country === 'FR') {
    if (ids.siren && !sirenValid(ids.siren))
      problems.push({ path: 'siren', message: 'must be 9 digits with a valid check key (Luhn)' });
    if (ids.siret && !siretValid(ids.siret))
      problems.push({ path: 'siret', message: 'must be 14 digits with a valid check key (Luhn)' });
    if (ids.siren && ids.siret && !ids.siret.startsWith(ids.siren))
      problems.push({ path: 'siret', message: 'must start with the SIREN' });
    if (ids.vat_number && !frenchVatValid(ids.vat_number, ids.siren)) {
      const expected =
        ids.siren && sirenValid(ids.siren) ? ` (for SIREN ${ids.siren}: ${frenchVatNumber(ids.siren)})` : '';
      problems.push({ path: 'vat_number', message: `must be FR, its 2-digit key and the SIREN${expected}` });
    }
  }
  if (ids.iban && !ibanValid(ids.iban))
    problems.push({
      path: 'iban',
      message: 'is not a valid IBAN (country, check digits, account: the mod-97 check fails)',
    });
  if (ids.bic && !bicValid(ids.bic))
    problems.push({ path: 'bic', message: 'must be 8 or 11 letters and digits (bank, country, location, branch)' });
  return problems;
}
