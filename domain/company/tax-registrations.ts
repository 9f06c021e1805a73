import { compact, frenchVatValid, luhnValid } from './identifiers';

/**
 * The tax registrations a studio keeps (issue 30 §2), checked as the issuing authorities build them
 * so a typing mistake is caught before it is printed on an invoice. Pure rules; the sources of each
 * check are in docs/jurisdictions.md ("Registration numbers"). A number that passes is well formed,
 * not proven registered: only the authority's register says that.
 */
export const TAX_REGISTRATION_KINDS = [
  'FR_VAT',
  'GB_VAT',
  'IE_VAT',
  'AU_ABN',
  'CA_BN',
  'CA_GST_HST',
  'CA_QST',
  'US_SALES_TAX_PERMIT',
] as const;
export type TaxRegistrationKind = (typeof TAX_REGISTRATION_KINDS)[number];

/** One registration of the studio: what it is, its number, and for a US permit the state that issued it. */
export interface TaxRegistration {
  kind: TaxRegistrationKind;
  number: string;
  /** A US state or Canadian province (ISO 3166-2 subdivision, "NY", "QC") where the kind is per region. */
  region?: string | null;
}

const VAT_PREFIXES: Partial<Record<TaxRegistrationKind, string>> = { FR_VAT: 'FR', GB_VAT: 'GB', IE_VAT: 'IE' };

/** The number as stored: no spaces, dots or dashes, upper case; a VAT number gains its country prefix. */
export function normalizeTaxNumber(kind: TaxRegistrationKind, text: string): string {
  if (kind === 'US_SALES_TAX_PERMIT') return text.trim().replace(/\s+/g, ' ');
  const number = compact(text).toUpperCase();
  const prefix = VAT_PREFIXES[kind];
  return prefix && !number.startsWith(prefix) ? `${prefix}${number}` : number;
}

/**
 * A UK VAT number: GB and 9 digits whose first seven, weighted 8 down to 2, plus the last two make
 * a multiple of 97 (numbers issued before November 2009), or do so once 55 is added (the "97-55"
 * series since); a branch's 12 digits are the 9 and 3 more; GD000–GD499 (government departments)
 * and HA500–HA999 (health authorities) have no check.
 */
export function gbVatValid(vat: string): boolean {
  const match = /^GB(?:(\d{9})(\d{3})?|GD([0-4]\d\d)|HA([5-9]\d\d))$/.exec(vat);
  if (!match) return false;
  const digits = match[1];
  if (!digits) return true;
  if (/^0+$/.test(digits)) return false;
  const weighted = [...digits.slice(0, 7)].reduce((sum, d, i) => sum + Number(d) * (8 - i), 0);
  const total = weighted + Number(digits.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** The letters an Irish check character is read from: index 0 is W, then A to V. */
const IE_CHECK_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';

/** An Irish number's 7 digits, check letter and second letter (or ''); the older form 1A23456B reads as 0234561, B. */
function ieParts(vat: string): [string, string, string] | null {
  const modern = /^IE(\d{7})([A-W])([A-IW]?)$/.exec(vat);
  if (modern) return [modern[1], modern[2], modern[3]];
  const old = /^IE(\d)[A-Z+*](\d{5})([A-W])$/.exec(vat);
  return old ? [`0${old[2]}${old[1]}`, old[3], ''] : null;
}

/**
 * An Irish VAT number: IE, 7 digits, a check letter and, for numbers issued since 2013, a second
 * letter (A–I, or W); the older form puts a letter (or + or *) second: 1A23456B. The check letter is
 * the 7 digits weighted 8 down to 2, plus 9 × the second letter's value (A=1…I=9, W=0), modulo 23.
 */
export function ieVatValid(vat: string): boolean {
  const parts = ieParts(vat);
  if (!parts) return false;
  const [digits, check, second] = parts;
  const weighted = [...digits].reduce((sum, d, i) => sum + Number(d) * (8 - i), 0);
  const extra = second && second !== 'W' ? 9 * (second.charCodeAt(0) - 64) : 0;
  return IE_CHECK_LETTERS[(weighted + extra) % 23] === check;
}

/** ABN digits' weights (Australian Business Register, "ABN format"). */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** An Australian Business Number: 11 digits; less 1 on the first, weighted, their sum is a multiple of 89. */
export function abnValid(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const sum = [...abn].reduce((s, d, i) => s + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i], 0);
  return sum % 89 === 0;
}

/** A Canadian business number (BN9): 9 digits whose last is a Luhn check digit. */
export function canadianBnValid(bn: string): boolean {
  return /^\d{9}$/.test(bn) && luhnValid(bn);
}

/** A GST/HST registration number: the BN and a GST/HST program account, RT and 4 digits (RT0001). */
export function gstHstNumberValid(number: string): boolean {
  const match = /^(\d{9})RT(\d{4})$/.exec(number);
  return Boolean(match && canadianBnValid(match[1]) && match[2] !== '0000');
}

/** A Québec QST registration number: 10 digits, TQ and 4 digits (1234567890TQ0001). */
export function qstNumberValid(number: string): boolean {
  return /^\d{10}TQ\d{4}$/.test(number) && !/^\d{10}TQ0000$/.test(number);
}

/** What is wrong with a registration (already normalized), as a sentence; null when it is well formed. */
export function registrationProblem({ kind, number, region }: TaxRegistration): string | null {
  switch (kind) {
    case 'FR_VAT':
      return frenchVatValid(number) ? null : 'A French VAT number is FR, a 2-digit key and the SIREN';
    case 'GB_VAT':
      return gbVatValid(number)
        ? null
        : 'A UK VAT number is GB and 9 digits (12 for a branch) whose check digits match';
    case 'IE_VAT':
      return ieVatValid(number)
        ? null
        : 'An Irish VAT number is IE, 7 digits and 1 or 2 letters, the first a check letter';
    case 'AU_ABN':
      return abnValid(number) ? null : 'An ABN is 11 digits whose check (weighted, modulo 89) matches';
    case 'CA_BN':
      return canadianBnValid(number) ? null : 'A business number is 9 digits whose check digit matches';
    case 'CA_GST_HST':
      return gstHstNumberValid(number)
        ? null
        : 'A GST/HST registration number is the 9-digit business number, RT and the account (123456782RT0001)';
    case 'CA_QST':
      return qstNumberValid(number)
        ? null
        : 'A QST registration number is 10 digits, TQ and 4 digits (1234567890TQ0001)';
    case 'US_SALES_TAX_PERMIT':
      if (!number.trim()) return 'A sales tax permit needs its number as the state issued it';
      return region && /^[A-Z]{2}$/.test(region) ? null : 'A sales tax permit names the state that issued it (NY, CA…)';
  }
}

/** The first registration of a kind that is well formed, if the studio keeps one. */
export function registrationOf(
  registrations: readonly TaxRegistration[],
  kind: TaxRegistrationKind,
): TaxRegistration | null {
  return registrations.find((r) => r.kind === kind && registrationProblem(r) === null) ?? null;
}

/** The VAT number of a UK, Irish or French studio among its registrations (GB_VAT, IE_VAT, FR_VAT), or null. */
export function vatRegistrationOf(
  country: string | null | undefined,
  registrations: readonly TaxRegistration[] | null | undefined,
): string | null {
  const kind = ({ GB: 'GB_VAT', IE: 'IE_VAT', FR: 'FR_VAT' } as const)[country as 'GB' | 'IE' | 'FR'];
  return (kind && registrations?.find((r) => r.kind === kind)?.number) ?? null;
}
