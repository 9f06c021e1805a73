import { type IdentityDef } from '../regime';

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

export const GB_VAT: IdentityDef = {
  kind: 'GB_VAT',
  name: 'VAT registration number',
  prefix: 'GB',
  problem: ({ number }) =>
    gbVatValid(number) ? null : 'A UK VAT number is GB and 9 digits (12 for a branch) whose check digits match',
  examples: { valid: [{ number: 'GB999999973' }, { number: 'GBGD001' }], invalid: [{ number: 'GB999999974' }] },
  source: { title: 'GOV.UK, "Check a UK VAT number"', url: 'https://www.gov.uk/check-uk-vat-number' },
};
