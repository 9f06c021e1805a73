import { type Addon, type AddonFeature } from '../addons/addon';
import { countryCode } from '../countries';
import { AU } from './au';
import { CA } from './ca';
import { type DocumentRules, type JurisdictionInput } from './document-rules';
import { FR } from './fr';
import { GB } from './gb';
import { IE } from './ie';
import { otherRegime } from './other';
import { type Regime } from './regime';
import { US } from './us';

/**
 * The registry of the regimes (issue 42, after gobl's `regimes/`): the one place that names them.
 * The core asks it for the regime of a country code (`regimeOf`) or of a studio's profile
 * (`studioRegimeOf`) and asks the regime, never a country code. A new country: domain/regimes/README.md.
 */
export const REGIMES: readonly Regime[] = [FR, GB, IE, AU, CA, US];

/** The longest retention the registered regimes know, which the fallback keeps. */
const longest = REGIMES.reduce((a, b) => (b.retention.years > a.retention.years ? b : a)).retention;

/** Any other country (domain/regimes/other/). */
export const OTHER_REGIME: Regime = otherRegime(longest);

/**
 * The regime of a studio that has not said where it is: every studio was French before issue 30,
 * and a profile saved before the country was a code may hold a text no country was read from.
 */
export const DEFAULT_REGIME: Regime = FR;

const BY_CODE: ReadonlyMap<string, Regime> = new Map(REGIMES.map((r) => [r.code, r]));

/** The registered regime of an ISO 3166-1 alpha-2 code as given (no case folding), if the service knows its law. */
export function knownRegimeOf(code: string | null | undefined): Regime | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

/** The regime of an ISO 3166-1 alpha-2 code as given: its own, or the fallback's for any other code or none. */
export function regimeOf(code: string | null | undefined): Regime {
  return knownRegimeOf(code) ?? OTHER_REGIME;
}

/**
 * The law a studio's documents are issued under, from its profile's country as stored (a code, or
 * a legacy text): the country's regime, the default one when it names none (DEFAULT_REGIME).
 */
export function studioRegimeOf(country: string | null | undefined): Regime {
  const code = countryCode(country, null);
  return code === null ? DEFAULT_REGIME : regimeOf(code);
}

/** The add-on of the regime's law that provides a feature (Factur-X, e-reporting, the FEC…), if one does. */
export function addonProviding(regime: Regime, feature: AddonFeature): Addon | undefined {
  return regime.addons.find((addon) => addon.features.includes(feature));
}

/** Whether an add-on the regime's law brings provides a feature. */
export const provides = (regime: Regime, feature: AddonFeature): boolean => Boolean(addonProviding(regime, feature));

/** What the document must show and what blocks its issue, by the seller's country (ISO 3166-1 alpha-2, any case). */
export function documentRules(input: JurisdictionInput): DocumentRules {
  return regimeOf(input.seller.country.trim().toUpperCase()).documentRules(input);
}

/** The name of the tax on a one-tax line in a country (VAT unless its regime, or the fallback's list, says otherwise). */
export function taxNameOf(code: string | null | undefined): string {
  const known = knownRegimeOf(code);
  if (known) return known.taxName;
  return (code && OTHER_REGIME.elsewhere?.[code]?.taxName) || OTHER_REGIME.taxName;
}

/** The regime whose law has words in `locale` beside its English (fr-CA: Canada's). */
export const localWordsOf = (locale: string) => REGIMES.find((r) => r.localWords?.locale === locale)?.localWords;

export { type Regime } from './regime';
