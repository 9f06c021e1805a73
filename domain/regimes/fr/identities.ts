import { luhnValid } from '../check-digits';
import { type CompanyIds, type FieldProblem, type IdentityDef } from '../regime';

/**
 * France's registrations (INSEE's SIRENE register, the DGFiP's VAT numbers), checked as they are
 * computed: printed on legal documents and read by the e-invoicing platforms, so checked strictly.
 */

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

/** The intra-community VAT number of a French studio (FR_VAT). */
export const FR_VAT: IdentityDef = {
  kind: 'FR_VAT',
  name: 'Numéro de TVA intracommunautaire',
  prefix: 'FR',
  problem: ({ number }) => (frenchVatValid(number) ? null : 'A French VAT number is FR, a 2-digit key and the SIREN'),
  examples: { valid: [{ number: 'FR40303265045' }], invalid: [{ number: 'FR41303265045' }, { number: 'FR303265045' }] },
  source: {
    title: 'European Commission, VIES VAT number validation',
    url: 'https://ec.europa.eu/taxation_customs/vies/',
  },
};

/**
 * What is wrong with a French company profile's identifiers: SIREN 9 digits with a valid key, SIRET
 * 14 digits starting with the SIREN with a valid key, VAT number FR + key + SIREN.
 */
export function frenchCompanyIdentifierProblems(ids: CompanyIds): FieldProblem<keyof CompanyIds>[] {
  const problems: FieldProblem<keyof CompanyIds>[] = [];
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
  return problems;
}

/** A French client's SIREN: what is wrong with it, or null. */
export const clientSirenProblem = (siren: string): string | null =>
  sirenValid(siren) ? null : "A French SIREN is 9 digits with a valid key (or set the client's country)";

/** A French client VAT number (`FR…`), its key matching the client's SIREN when that one is valid: what is wrong, or null. */
export const clientVatProblem = (vat: string, siren: string | null): string | null =>
  frenchVatValid(vat, siren && sirenValid(siren) ? siren : null)
    ? null
    : 'A French VAT number is FR, a 2-digit key and the SIREN, the key matching the SIREN';
