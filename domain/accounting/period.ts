import { isCalendarDate } from '../invoicing/calendar-date';

/**
 * The period of an accounting export: two days on the studio's calendar, both included, at most
 * a year and a day apart (a fiscal year may run 12 months plus a leap day; the FEC the
 * administration asks for covers one fiscal year).
 */
export const MAX_PERIOD_DAYS = 366;

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from `from` to `to`, both included, YYYY-MM-DD. */
export function periodDayList(from: string, to: string): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: Math.max(0, periodDays(from, to)) }, (_, n) =>
    new Date(first + n * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Every problem of a period, as `{path, message}` for a 400; none when valid. */
export function periodProblems(from: string, to: string): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!isCalendarDate(from)) problems.push({ path: 'from', message: 'A day written YYYY-MM-DD' });
  if (!isCalendarDate(to)) problems.push({ path: 'to', message: 'A day written YYYY-MM-DD' });
  if (problems.length) return problems;
  if (to < from) problems.push({ path: 'to', message: 'The period ends before it starts' });
  else if (periodDays(from, to) > MAX_PERIOD_DAYS)
    problems.push({ path: 'to', message: `A period is at most ${MAX_PERIOD_DAYS} days` });
  return problems;
}

/** The formats of French law: the FEC and its csv (French words, one currency, no tax but VAT). */
const FRENCH_FORMATS: readonly string[] = ['fec', 'csv'];

/**
 * The FEC and its csv are for a studio whose law's add-on provides them (`fec`: France's e-invoicing add-on); a studio elsewhere
 * gets the journal csv (its entries in its currencies) and the tax subtotals. A message, or null.
 */
export function accountingFormatProblem(payload: { format: string }, frenchLaw: boolean): string | null {
  return frenchLaw || !FRENCH_FORMATS.includes(payload.format)
    ? null
    : 'The FEC and its csv are for a studio in France: ask for format=journal (the entries, each with its currency) or format=tax_summary';
}

/** The FEC's file name is the studio's SIREN: without one (9 digits) there is no FEC. A message, or null. */
export function accountingFileProblem(payload: { format: string }, siren: string | null): string | null {
  if (payload.format !== 'fec') return null;
  return siren && /^\d{9}$/.test(siren)
    ? null
    : 'The FEC is named after the company SIREN: set it in the company profile (PUT /api/users/me/company) first';
}

/** The client's auxiliary account (CompAuxNum) from its contact: `C` and the first 8 hex digits of its id; none without a contact. */
export function clientCode(contactId: string | null): string | null {
  return contactId ? `C${contactId.replaceAll('-', '').slice(0, 8).toUpperCase()}` : null;
}
