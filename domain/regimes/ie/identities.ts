import { type IdentityDef } from '../regime';

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

export const IE_VAT: IdentityDef = {
  kind: 'IE_VAT',
  name: 'VAT registration number',
  prefix: 'IE',
  problem: ({ number }) =>
    ieVatValid(number) ? null : 'An Irish VAT number is IE, 7 digits and 1 or 2 letters, the first a check letter',
  examples: { valid: [{ number: 'IE6433435F' }], invalid: [{ number: 'IE6433435G' }, { number: 'IE123' }] },
  source: {
    title: 'European Commission, VIES VAT number validation',
    url: 'https://ec.europa.eu/taxation_customs/vies/',
  },
};
