import { formatAddress } from 'localized-address-format';
import { knownRegimeOf } from './regimes';

/**
 * A postal address printed in its country's order (issue 30 §4): "Brooklyn, NY 11201" in the
 * United States, the postcode on a line of its own in the United Kingdom, the postcode before the
 * city in France. The formats are Google's libaddressinput data (the npm package
 * localized-address-format), not a table typed here. The country line itself is not one of these
 * lines: the caller adds it in the reader's language.
 */

/** An address as the company profile and the contacts keep it (the country apart). */
export interface AddressParts {
  street: string | null;
  zipcode: string | null;
  city: string | null;
}

/**
 * The order French documents have always printed, kept for a French address and for an address
 * whose country is not known: the street, then the postcode and the city on one line.
 */
export function frenchOrderLines({ street, zipcode, city }: AddressParts): string[] {
  return [street, [zipcode, city].filter(Boolean).join(' ')].filter((s): s is string => Boolean(s));
}

/**
 * A state typed with the city ("Brooklyn, NY") or the postcode ("NY 11201"), as studios in the
 * United States, Canada and Australia write it when the form has no field for it: the parts
 * without it, and the state.
 */
function typedRegion(parts: AddressParts): { parts: AddressParts; region: string | null } {
  const inCity = /^(.*?\S),?\s+([A-Z]{2,3})$/.exec(parts.city?.trim() ?? '');
  if (inCity) return { parts: { ...parts, city: inCity[1] }, region: inCity[2] };
  const inZip = /^([A-Z]{2,3})\s+(\S.*)$/.exec(parts.zipcode?.trim() ?? '');
  if (inZip) return { parts: { ...parts, zipcode: inZip[2] }, region: inZip[1] };
  return { parts, region: null };
}

/**
 * The lines of an address in the order of `country` (ISO 3166-1 alpha-2), without the country:
 * `region` is the state or province when the caller knows it (a state typed in the city or the
 * postcode is read too, where the country's regime says studios type it there:
 * `addressRegionTyped`). A null country, a country whose regime keeps the templates' order
 * (`templateAddressOrder`: France), and a country whose format would lose the postcode (no data for
 * it) keep French documents' order (frenchOrderLines), so nothing a French document printed changes.
 */
export function postalLines(address: AddressParts, country: string | null, region?: string | null): string[] {
  const regime = knownRegimeOf(country);
  if (!country || regime?.templateAddressOrder) return frenchOrderLines(address);
  const typed = regime?.addressRegionTyped ? typedRegion(address) : { parts: address, region: null };
  const { street, zipcode, city } = typed.parts;
  const lines = formatAddress({
    postalCountry: country,
    administrativeArea: (typed.region ?? region ?? '').trim(),
    locality: city?.trim() ?? '',
    postalCode: zipcode?.trim() ?? '',
    addressLines: (street ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  }).filter((line) => line.trim() !== '');
  const lost = (part: string | null | undefined) =>
    Boolean(part?.trim()) && !lines.some((l) => l.includes(part!.trim()));
  return lost(zipcode) || lost(city) ? frenchOrderLines(address) : lines;
}
