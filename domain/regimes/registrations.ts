import { compact } from './check-digits';
import { knownRegimeOf, REGIMES } from './index';
import { type IdentityDef } from './regime';
import { type TaxRegistration, type TaxRegistrationKind } from './registration-kinds';

/**
 * The tax registrations a studio keeps (issue 30 §2), checked as the issuing authorities build them
 * so a typing mistake is caught before it is printed on an invoice. Each kind is one regime's
 * (`Regime.identities`: its check, examples and source); this file finds the regime's check by the
 * kind. A number that passes is well formed, not proven registered: only the authority's register
 * says that.
 */
export { TAX_REGISTRATION_KINDS, type TaxRegistration, type TaxRegistrationKind } from './registration-kinds';

/** The regime's identity of a kind (every kind has one: test/unit/regimes/registry.test.ts). */
export function identityOf(kind: string): IdentityDef | undefined {
  for (const regime of REGIMES) {
    const identity = regime.identities.find((i) => i.kind === kind);
    if (identity) return identity;
  }
  return undefined;
}

/** The number as stored: no spaces, dots or dashes, upper case; a VAT number gains its country prefix. */
export function normalizeTaxNumber(kind: TaxRegistrationKind, text: string): string {
  const identity = identityOf(kind);
  if (identity?.keptAsTyped) return text.trim().replace(/\s+/g, ' ');
  const number = compact(text).toUpperCase();
  const prefix = identity?.prefix;
  return prefix && !number.startsWith(prefix) ? `${prefix}${number}` : number;
}

/** What is wrong with a registration (already normalized), as a sentence; null when it is well formed. */
export function registrationProblem(registration: TaxRegistration): string | null {
  return identityOf(registration.kind)?.problem(registration) ?? null;
}

/** The first registration of a kind that is well formed, if the studio keeps one. */
export function registrationOf(
  registrations: readonly TaxRegistration[],
  kind: TaxRegistrationKind,
): TaxRegistration | null {
  return registrations.find((r) => r.kind === kind && registrationProblem(r) === null) ?? null;
}

/** The VAT number of a studio among its registrations, of the kind its country's VAT is (GB_VAT, IE_VAT, FR_VAT), or null. */
export function vatRegistrationOf(
  country: string | null | undefined,
  registrations: readonly TaxRegistration[] | null | undefined,
): string | null {
  const kind = knownRegimeOf(country)?.vatKind;
  return (kind && registrations?.find((r) => r.kind === kind)?.number) ?? null;
}
