import { type IdentityDef } from '../regime';

/** ABN digits' weights (Australian Business Register, "ABN format"). */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** An Australian Business Number: 11 digits; less 1 on the first, weighted, their sum is a multiple of 89. */
export function abnValid(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const sum = [...abn].reduce((s, d, i) => s + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i], 0);
  return sum % 89 === 0;
}

export const AU_ABN: IdentityDef = {
  kind: 'AU_ABN',
  name: 'Australian Business Number (ABN)',
  problem: ({ number }) => (abnValid(number) ? null : 'An ABN is 11 digits whose check (weighted, modulo 89) matches'),
  examples: { valid: [{ number: '51824753556' }], invalid: [{ number: '51824753557' }, { number: '5182475355' }] },
  source: { title: 'Australian Business Register, "ABN format"', url: 'https://abr.business.gov.au/Help/AbnFormat' },
};
