/**
 * What PostgreSQL said when it refused one import line (db/commands/write-import-lines.ts): its
 * SQLSTATE, and the constraint, column or detail it names when it names one.
 */
export interface RowRefusal {
  code: string;
  constraint?: string;
  column?: string;
  detail?: string;
}

/** Messages of the CHECK constraints an import can run into (db/migrations), in the words of the row checks. */
const CHECKS: Record<string, string> = {
  sessions_dates_ordered:
    'end_date must not be before start_date (the stored session keeps the dates the file leaves empty)',
  contacts_name_present: 'first_name or last_name is required',
  quotes_amount_check: 'amount must be a positive number',
  invoices_amount_check: 'amount must be a positive number',
  quotes_status_check: 'status must be one of PENDING, SENT, ACCEPTED, REJECTED',
  invoices_status_check: 'status must be one of DRAFT, ISSUED, CANCELLED',
  sessions_status_check: 'status must be one of PENDING, VALIDATED, COMPLETED, CANCELLED',
  sessions_title_check: 'title is required',
  quotes_title_check: 'title is required',
  invoices_title_check: 'title is required',
};

const NOUNS: Record<string, string> = { contact_id: 'contacts', session_id: 'sessions', quote_id: 'quotes' };

/**
 * The line error for a row the database refused although the row checks passed it: a value that
 * depends on what is stored (a session whose stored end date the file's start date passes, a
 * contact deleted while the file was imported) or a rule the row checks do not know yet. Never
 * throws; an unknown refusal still names its SQLSTATE, so it can be looked up.
 */
export function refusalMessage(refusal: RowRefusal): string {
  const { code, constraint, column, detail } = refusal;
  if (code === '23514' && constraint !== undefined && CHECKS[constraint] !== undefined) return CHECKS[constraint];
  if (code === '23503') {
    // detail: Key (contact_id)=(…) is not present in table "contacts". Under row-level security
    // PostgreSQL leaves the key out ("Key is not present in table ..."): the constraint's name
    // (sessions_contact_id_fkey) still says which column.
    const field =
      /^Key \((\w+)\)/.exec(detail ?? '')?.[1] ??
      Object.keys(NOUNS).find((column) => constraint?.endsWith(`_${column}_fkey`));
    if (field !== undefined)
      return `${field} is not one of your ${NOUNS[field] ?? 'records'} (it may have just been deleted)`;
    return 'a linked record does not exist (it may have just been deleted)';
  }
  if (code === '23502') return `${column ?? 'a required field'} is required`;
  if (code === 'SI409')
    return 'this invoice is issued: an import cannot change it (a credit note corrects an issued invoice)';
  if (code === '22001') return 'a value is longer than the stored column allows';
  if (code === '22003') return 'a number is too large to be stored';
  if (code === '22P05' || code === '22021') return 'contains a character that cannot be stored';
  if (code.startsWith('22008') || code === '22007') return 'a date cannot be stored';
  return `the database refused this row (${code}${constraint ? ` ${constraint}` : ''})`;
}

/** The error of a line whose record an earlier line was to create, and could not. */
export function unbornRecordMessage(firstLine: number): string {
  return `Same record as line ${firstLine}, which could not be imported: fix that line and import both again`;
}
