import { knownRegimeOf, OTHER_REGIME } from './index';

/**
 * How long a studio must keep its issued invoices, credit notes and payment records, by its
 * country's regime (issue 31 §4, `Regime.retention`): what an erased contact's documents keep, and
 * until when. The sources and their wording are in docs/data-retention.md. The service itself never deletes an
 * issued document; the date tells the studio (and its client) how long the law asks for.
 */
export interface RecordRetention {
  /** ISO 3166-1 alpha-2 code, or `null` for a country the service does not know the law of. */
  country: string | null;
  /** The longest general period that applies to sales invoices and their payment records. */
  years: number;
  /** The rule in a sentence, with its source: what the summary of an erasure cites. */
  basis: string;
}

/** The retention of a studio in `country` (its company profile's country, else its account's): its regime's. */
export function recordRetention(country: string | null | undefined): RecordRetention {
  const code = country?.trim().toUpperCase() ?? '';
  const known = knownRegimeOf(code);
  return known ? { country: code, ...known.retention } : { country: null, ...OTHER_REGIME.retention };
}

/**
 * Until when documents issued at `issuedAt` must be kept: 31 December of the year `years` after
 * the financial year of the latest one. A studio's financial year is taken to close within twelve
 * months of an issue (a calendar-year studio closes that same year), so the date counts from the
 * year after the latest issue: one year more than a calendar-year studio needs, never less than
 * another needs. Null when nothing was issued.
 */
export function keptUntil(retention: Pick<RecordRetention, 'years'>, issuedAt: readonly Date[]): string | null {
  if (issuedAt.length === 0) return null;
  const latestYear = Math.max(...issuedAt.map((d) => d.getUTCFullYear()));
  return `${latestYear + 1 + retention.years}-12-31`;
}
