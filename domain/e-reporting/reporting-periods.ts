/**
 * How often a French studio e-reports (issue 32 §4), by its VAT regime: décret n° 2022-1299 of
 * 7 October 2022 (CGI, annexe II, art. 242 nonies M and following), as docs/e-invoicing.md cites it.
 * - réel normal mensuel: transactions every ten days (1–10, 11–20, 21–end of month), payments monthly;
 * - réel normal trimestriel (by option) and réel simplifié: transactions and payments monthly;
 * - franchise en base: transactions and payments every two months (January–February, March–April…).
 */
export const VAT_REGIMES = [
  'REEL_NORMAL_MENSUEL',
  'REEL_NORMAL_TRIMESTRIEL',
  'REEL_SIMPLIFIE',
  'FRANCHISE_EN_BASE',
] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/** What a report carries: the sales (transactions) or the payments received for services. */
export const REPORT_FLOWS = ['TRANSACTIONS', 'PAYMENTS'] as const;
export type ReportFlow = (typeof REPORT_FLOWS)[number];

/** A reporting period: its first and last calendar day (YYYY-MM-DD), both included. */
export interface ReportingPeriod {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The length of a regime's period for a flow: ten days, one month or two months. */
export function periodKind(regime: VatRegime, flow: ReportFlow): 'DECADE' | 'MONTH' | 'TWO_MONTHS' {
  if (regime === 'FRANCHISE_EN_BASE') return 'TWO_MONTHS';
  if (regime === 'REEL_NORMAL_MENSUEL' && flow === 'TRANSACTIONS') return 'DECADE';
  return 'MONTH';
}

/** The period of `regime` and `flow` a calendar day falls in. */
export function reportingPeriodOf(regime: VatRegime, flow: ReportFlow, day: string): ReportingPeriod {
  const [year, month, date] = day.split('-').map(Number);
  const last = daysInMonth(year, month);
  switch (periodKind(regime, flow)) {
    case 'DECADE': {
      const first = date <= 10 ? 1 : date <= 20 ? 11 : 21;
      return { start: ymd(year, month, first), end: ymd(year, month, first === 21 ? last : first + 9) };
    }
    case 'MONTH':
      return { start: ymd(year, month, 1), end: ymd(year, month, last) };
    case 'TWO_MONTHS': {
      const firstMonth = month % 2 === 1 ? month : month - 1;
      return { start: ymd(year, firstMonth, 1), end: ymd(year, firstMonth + 1, daysInMonth(year, firstMonth + 1)) };
    }
  }
}

/** The period right after `period` (the same regime and flow). */
export function nextPeriod(regime: VatRegime, flow: ReportFlow, period: ReportingPeriod): ReportingPeriod {
  const end = new Date(`${period.end}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return reportingPeriodOf(regime, flow, end.toISOString().slice(0, 10));
}

/** Whether a period is over on `today` (its report may be made): its last day has passed. */
export const periodEnded = (period: ReportingPeriod, today: string): boolean => period.end < today;

/** The day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The latest period of `regime` and `flow` that has ended on `today`: the one before today's. */
export function lastEndedPeriod(regime: VatRegime, flow: ReportFlow, today: string): ReportingPeriod {
  return reportingPeriodOf(regime, flow, dayBefore(reportingPeriodOf(regime, flow, today).start));
}
