/**
 * Countries as studios type them in an address ("France", "Royaume-Uni", "USA", "fr"), read as
 * ISO 3166-1 alpha-2 codes: the e-invoice's country (BT-40, BT-55) and the country a phone number
 * without its international prefix is read in.
 */

/** A country name as compared: no accents, lower case, single spaces for hyphens and runs of spaces. */
const normalName = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\s-]+/g, ' ').trim();

/** Names the region names below lack, as studios type them. */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', angleterre: 'GB', england: 'GB', ecosse: 'GB', scotland: 'GB', usa: 'US', 'etats unis': 'US', holland: 'NL', hollande: 'NL', deutschland: 'DE', espana: 'ES', italia: 'IT', schweiz: 'CH' };

/** Codes ICU names that are not ISO 3166-1 countries of today: unions, withdrawn codes (DD, YU…), FX and UK beside FR and GB. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'FX', 'UK', 'AN', 'BU', 'CS', 'DD', 'NT', 'QU', 'SU', 'TP', 'YD', 'YU', 'ZR']);

let countryNames: Map<string, string> | null = null;

/** Every ISO 3166-1 alpha-2 region by its French and English names (the runtime's ICU data), built once. */
function regionCodes(): Map<string, string> {
  if (countryNames) return countryNames;
  const names = new Map(Object.entries(COUNTRY_ALIASES));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const locale of ['fr', 'en']) {
    const display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    for (const a of letters) {
      for (const b of letters) {
        const code = `${a}${b}`;
        if (NOT_COUNTRIES.has(code)) continue;
        const name = display.of(code);
        if (name && !names.has(normalName(name))) names.set(normalName(name), code);
      }
    }
  }
  countryNames = names;
  return names;
}

/** ISO alpha-2 of a stored country (a code, or its French or English name); absent: `fallback` (France, as the legal mentions read it). */
export function countryCode(country: string | null | undefined, fallback: string | null = 'FR'): string | null {
  const text = country?.trim();
  if (!text) return fallback;
  if (/^[a-z]{2}$/i.test(text)) return text.toUpperCase();
  return regionCodes().get(normalName(text)) ?? null;
}
