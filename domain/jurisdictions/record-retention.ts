/**
 * How long a studio must keep its issued invoices, credit notes and payment records, by the
 * studio's country (issue 31 §4): what an erased contact's documents keep, and until when. The
 * sources and their wording are in docs/data-retention.md. The service itself never deletes an
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

const RETENTION: Readonly<Record<string, Omit<RecordRetention, 'country'>>> = {
  FR: {
    years: 10,
    basis:
      'Code de commerce art. L123-22 (accounting documents and supporting records, 10 years); Livre des procédures fiscales art. L102 B (6 years)',
  },
  GB: { years: 6, basis: 'HMRC, VAT Act 1994 sch. 11 para. 6(3): VAT records for up to 6 years' },
  IE: { years: 6, basis: 'Revenue, VAT Consolidation Act 2010 s. 84: records for 6 years' },
  US: {
    years: 7,
    basis:
      'IRS: records for the period of limitations, 3 years in general, 6 for income under-reported by more than 25 %, 7 for a bad-debt deduction',
  },
  CA: {
    years: 6,
    basis: 'CRA (and Revenu Québec in Québec): 6 years from the end of the last tax year the records relate to',
  },
  AU: {
    years: 5,
    basis: 'ATO: 5 years after the records are prepared or the transactions completed (ASIC: 7 years for a company)',
  },
};

/** A country the service does not know the law of keeps what the strictest one it knows asks: France's. */
const FALLBACK = {
  ...RETENTION.FR,
  basis: `Unknown country: the longest period the service knows (${RETENTION.FR.basis})`,
};

/** The retention of a studio in `country` (its company profile's country, else its account's). */
export function recordRetention(country: string | null | undefined): RecordRetention {
  const code = country?.trim().toUpperCase() ?? '';
  const known = RETENTION[code];
  return known ? { country: code, ...known } : { country: null, ...FALLBACK };
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
