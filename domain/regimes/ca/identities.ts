import { luhnValid } from '../check-digits';
import { type IdentityDef, type Source } from '../regime';

const RC4022: Source = {
  title: 'CRA, RC4022 "General Information for GST/HST Registrants"',
  url: 'https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/rc4022/general-information-gst-hst-registrants.html',
};

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

export const CA_BN: IdentityDef = {
  kind: 'CA_BN',
  name: 'Business number (BN)',
  problem: ({ number }) => (canadianBnValid(number) ? null : 'A business number is 9 digits whose check digit matches'),
  examples: { valid: [{ number: '123456782' }], invalid: [{ number: '123456789' }] },
  source: RC4022,
};

export const CA_GST_HST: IdentityDef = {
  kind: 'CA_GST_HST',
  name: 'GST/HST registration number',
  problem: ({ number }) =>
    gstHstNumberValid(number)
      ? null
      : 'A GST/HST registration number is the 9-digit business number, RT and the account (123456782RT0001)',
  examples: { valid: [{ number: '123456782RT0001' }], invalid: [{ number: '123456782RT0000' }] },
  source: RC4022,
};

export const CA_QST: IdentityDef = {
  kind: 'CA_QST',
  name: 'QST registration number (Québec)',
  problem: ({ number }) =>
    qstNumberValid(number) ? null : 'A QST registration number is 10 digits, TQ and 4 digits (1234567890TQ0001)',
  examples: { valid: [{ number: '1234567890TQ0001' }], invalid: [{ number: '1234567890TQ0000' }] },
  source: {
    title: 'Revenu Québec, "Preparing invoices"',
    url: 'https://www.revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst/collecting-gst-and-qst/preparing-invoices/',
  },
};
