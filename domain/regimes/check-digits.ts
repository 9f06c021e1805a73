/**
 * The checksums and clean-up the registrations of several countries share (a SIREN and a Canadian
 * business number are both Luhn): pure helpers of the regimes' identity checks.
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
