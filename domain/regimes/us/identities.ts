import { type IdentityDef } from '../regime';

/**
 * A state's sales tax permit (a seller's permit, New York's certificate of authority): its number is
 * the state's own format, kept as typed; it names the state that issued it.
 */
export const US_SALES_TAX_PERMIT: IdentityDef = {
  kind: 'US_SALES_TAX_PERMIT',
  name: 'Sales tax permit',
  keptAsTyped: true,
  problem: ({ number, region }) => {
    if (!number.trim()) return 'A sales tax permit needs its number as the state issued it';
    return region && /^[A-Z]{2}$/.test(region) ? null : 'A sales tax permit names the state that issued it (NY, CA…)';
  },
  examples: {
    valid: [{ number: '12-3456789', region: 'NY' }],
    invalid: [
      { number: '12-3456789', region: null },
      { number: ' ', region: 'NY' },
    ],
  },
  source: {
    title: 'New York State, "Register for sales tax" (a certificate of authority)',
    url: 'https://www.tax.ny.gov/bus/st/register.htm',
  },
};
