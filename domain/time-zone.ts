/**
 * IANA time zone names, as a studio, a contact or a schedule gives them.
 *
 * Intl decides which names exist, so every name in the tz database is taken, the old links
 * included (Asia/Kolkata and Asia/Calcutta, Europe/Kyiv, US/Eastern, Etc/UTC). Its list of
 * "supported" zones is not the right check: it holds one canonical spelling per zone and
 * leaves out names people use every day. Offsets such as +01:00 are refused: they are not a
 * place, so they would not follow daylight saving.
 */
const LONGEST_NAME = 64;

/** Canonical spellings by lower case, to mend "europe/paris" into Europe/Paris. */
let canonical: Map<string, string> | undefined;
function canonicalSpelling(name: string): string | undefined {
  canonical ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => [zone.toLowerCase(), zone]));
  return canonical.get(name.toLowerCase());
}

/**
 * The name to store for a time zone, or null when it is not one: a canonical name in its
 * canonical case, a link (Asia/Kolkata) as written when written in its usual case, else the
 * zone Intl resolves it to.
 */
export function ianaTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > LONGEST_NAME || !/^[A-Za-z]/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  const known = canonicalSpelling(name);
  if (known) return known;
  const usualCase = name.split('/').every((part) => /^[A-Z]/.test(part));
  return usualCase ? name : resolved;
}

/** Whether Intl knows the name as an IANA time zone. */
export const isTimeZone = (name: string): boolean => ianaTimeZone(name) !== null;
