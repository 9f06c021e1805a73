import { countryCode } from '../countries';
import { compact, frenchVatValid, sirenValid } from './identifiers';

/**
 * A client company's identifiers, as people type them, checked where they can be: a client in
 * France (its country FR, as domain/countries.ts reads it, or left empty, as most French studios' clients are)
 * has a 9-digit SIREN with a valid key, and a French VAT number (`FR…`) whose key matches it.
 * Elsewhere both are the country's own numbers, kept as text.
 */
export interface ClientIdentifiers {
  siren?: string | null;
  vat_number?: string | null;
  country?: string | null;
}

const inFrance = (country: string | null | undefined) => countryCode(country, 'FR') === 'FR';

/** The identifiers as stored: spaces, dots and dashes dropped, letters upper-cased; blank is null. */
export function normalizeClientIdentifiers<T extends ClientIdentifiers>(ids: T): T {
  const clean = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null || compact(v) === '' ? null : compact(v).toUpperCase();
  return {
    ...ids,
    ...(ids.siren !== undefined ? { siren: clean(ids.siren) } : {}),
    ...(ids.vat_number !== undefined ? { vat_number: clean(ids.vat_number) } : {}),
  };
}

/** What is wrong with a client's identifiers (already normalized), one message per field; empty when nothing. */
export function clientIdentifierProblems({
  siren,
  vat_number,
  country,
}: ClientIdentifiers): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (siren && inFrance(country) && !sirenValid(siren))
    problems.push({
      path: 'siren',
      message: "A French SIREN is 9 digits with a valid key (or set the client's country)",
    });
  if (
    vat_number &&
    vat_number.startsWith('FR') &&
    !frenchVatValid(vat_number, siren && sirenValid(siren) ? siren : null)
  ) {
    problems.push({
      path: 'vat_number',
      message: 'A French VAT number is FR, a 2-digit key and the SIREN, the key matching the SIREN',
    });
  }
  return problems;
}
