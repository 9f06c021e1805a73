import { addDays, isCalendarDate } from './calendar-date';

/**
 * Whether the studio's payment terms ("Paiement à 30 jours", "Payment within 30 days") agree with
 * an invoice's due date, and so may be printed beside it: when it has none, or when it is the
 * invoice's date plus those days. A deposit due at booking, or a due date the studio chose, would
 * be contradicted by them: the client reads "due today" and "within 30 days" on one page. The due
 * date then says alone when it is due, as a schedule does (issue 40 §13). Dates are `YYYY-MM-DD`;
 * terms that cannot be compared (a date written otherwise, a fraction of a day) stand as written.
 */
export function termsAgreeWithDueDate(issuedOn: string, dueDate: string | null, termsDays: number): boolean {
  if (dueDate === null || !isCalendarDate(issuedOn) || !Number.isInteger(termsDays)) return true;
  return addDays(issuedOn, termsDays) === dueDate;
}
