/**
 * Frozen for migration 2026.11.25T09.00.00.country-codes: domain/countries.ts#countryCode as it
 * stood when that migration landed (issue 28 §4), so the migration keeps its effect whatever the
 * live rule becomes. Never edit: a later change to how countries are read is a new migration.
 * (The names still come from the runtime's ICU data, Intl.DisplayNames, as they did then.)
 */

/**
 * The 249 officially assigned ISO 3166-1 alpha-2 codes. Written out rather than taken from ICU,
 * which also names unions (EU, UN), withdrawn codes (DD, YU, SU…), user-assigned ones (XK, XA) and
 * UK (reserved, not GB): none of those is a country code an e-invoice or a phone number takes.
 */
const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const CODES = new Set(ISO_COUNTRY_CODES);

/** The languages country names are read and shown in (the studio's: domain/accounts/users.ts). */
const NAME_LOCALES = ['fr-FR', 'en-US'] as const;

/**
 * A name as compared: no accents, lower case, "&" read as "and", any punctuation (hyphens,
 * apostrophes, dots, parentheses) a space, "St" read as "Saint", no leading "the", single spaces.
 * So "Etats unis", "ÉTATS-UNIS" and "États-Unis" are one name, as are "St Lucia" and "St. Lucia".
 */
function normalCountryName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\bst\b/g, 'saint')
    .replace(/^the /, '');
}

/**
 * Names studios type that ICU's French and English names lack (keys as normalCountryName writes
 * them): the UK's nations and old names, the three-letter USA, countries' own names, former names.
 */
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  'grande bretagne': 'GB',
  angleterre: 'GB',
  england: 'GB',
  ecosse: 'GB',
  scotland: 'GB',
  'pays de galles': 'GB',
  wales: 'GB',
  'irlande du nord': 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'u s': 'US',
  'u s a': 'US',
  'united states of america': 'US',
  'etats unis d amerique': 'US',
  america: 'US',
  amerique: 'US',
  holland: 'NL',
  hollande: 'NL',
  nederland: 'NL',
  deutschland: 'DE',
  espana: 'ES',
  italia: 'IT',
  schweiz: 'CH',
  svizzera: 'CH',
  osterreich: 'AT',
  belgie: 'BE',
  corse: 'FR',
  corsica: 'FR',
  turkey: 'TR',
  'czech republic': 'CZ',
  'republique tcheque': 'CZ',
  'hong kong': 'HK',
  macao: 'MO',
  macau: 'MO',
  palestine: 'PS',
  vatican: 'VA',
  burma: 'MM',
  birmanie: 'MM',
  'ivory coast': 'CI',
  swaziland: 'SZ',
  macedonia: 'MK',
  macedoine: 'MK',
  'east timor': 'TL',
  malouines: 'FK',
  'cabo verde': 'CV',
  rdc: 'CD',
  'rd congo': 'CD',
  'dr congo': 'CD',
  'republique democratique du congo': 'CD',
  'democratic republic of the congo': 'CD',
  'republique du congo': 'CG',
  'republic of the congo': 'CG',
  uae: 'AE',
  emirats: 'AE',
  tahiti: 'PF',
  polynesie: 'PF',
  guyane: 'GF',
  'ile de la reunion': 'RE',
};

let codesByName: Map<string, string> | null = null;

/**
 * Every code by its French and English names, built once: the names themselves first, then each
 * without its parenthesis ("Myanmar (Burma)" → "Myanmar") where no other country has that name
 * ("Saint-Martin (partie néerlandaise)" does not take "Saint-Martin" from MF), then the aliases.
 */
function countryNames(): Map<string, string> {
  if (codesByName) return codesByName;
  const names = new Map<string, string>();
  const shortNames: [string, string][] = [];
  for (const locale of NAME_LOCALES) {
    const display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    for (const code of ISO_COUNTRY_CODES) {
      const name = display.of(code);
      if (!name) continue;
      names.set(normalCountryName(name), code);
      if (name.includes('(')) shortNames.push([normalCountryName(name.replace(/\(.*?\)/g, ' ')), code]);
    }
  }
  for (const [name, code] of [...shortNames, ...Object.entries(COUNTRY_ALIASES)])
    if (name && !names.has(name)) names.set(name, code);
  codesByName = names;
  return names;
}

/**
 * The rule: the ISO 3166-1 alpha-2 code of a country typed as a code (any case: "fr", "GB") or
 * as a French or English name or a common alias (accents, case, hyphens and spaces tolerated:
 * "royaume uni", "ETATS-UNIS", "UK", "Angleterre"); null when it is none of them ("Atlantis",
 * "XX", "EU"). Blank is null too: whether a field may be empty is its schema's business.
 */
function parseCountry(text: string): string | null {
  const trimmed = text.trim();
  if (/^[a-z]{2}$/i.test(trimmed) && CODES.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const name = normalCountryName(trimmed);
  return name ? (countryNames().get(name) ?? null) : null;
}

/**
 * ISO alpha-2 of a stored country (a code, or a legacy name as typed before the rule); absent:
 * `fallback` (France, as the legal mentions read it); a stored value the rule does not read: null.
 */
export function countryCode(country: string | null | undefined, fallback: string | null = 'FR'): string | null {
  const text = country?.trim();
  if (!text) return fallback;
  return parseCountry(text);
}
