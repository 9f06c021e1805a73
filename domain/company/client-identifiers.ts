import { countryCode } from '../countries';
import { DEFAULT_REGIME, regimeOf, REGIMES } from '../regimes';
import { compact } from '../regimes/check-digits';

/**
 * A client company's identifiers, as people type them, checked where they can be: by the regime of
 * the client's country (as domain/countries.ts reads it; left empty, the default regime's, as most
 * French studios' clients are), whose `clientRegistryProblem` checks the SIREN (France: 9 digits
 * with a valid key), and by the regime whose VAT prefix the number carries (`clientVatProblem`:
 * France's `FR…`, its key matching the SIREN). Elsewhere both are the country's own numbers, kept
 * as text.
 */
export interface ClientIdentifiers {
  siren?: string | null;
  vat_number?: string | null;
  country?: string | null;
}

/** The regime whose VAT numbers start with the number's prefix, if one checks its clients' numbers. */
const vatRegimeOf = (vat: string) =>
  REGIMES.find(
    (r) => r.clientVatProblem && r.identities.some((i) => i.kind === r.vatKind && i.prefix && vat.startsWith(i.prefix)),
  );

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
  const registry = siren ? regimeOf(countryCode(country, DEFAULT_REGIME.code)).clientRegistryProblem?.(siren) : null;
  if (registry) problems.push({ path: 'siren', message: registry });
  const vat = vat_number ? vatRegimeOf(vat_number)?.clientVatProblem?.(vat_number, siren ?? null) : null;
  if (vat) problems.push({ path: 'vat_number', message: vat });
  return problems;
}
