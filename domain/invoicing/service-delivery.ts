import { formatDateInZone } from '../wall-clock';
import { type ServiceDelivery } from './e-invoice';

/**
 * When a document's service was delivered (issue 28 §2), as its pdf prints it and its e-invoice
 * states it (BT-72, or the period BT-73/BT-74): the session's day in the studio's time zone, or the
 * days it spans when it ends on a later day; without a session (or a session without a date), the
 * day the document is issued, when the sale is made.
 */
export function serviceDelivery(
  session: { start_date: Date | null; end_date: Date | null } | null,
  issueDay: string,
  timeZone: string,
): ServiceDelivery {
  if (!session?.start_date) return { day: issueDay };
  const start = formatDateInZone(session.start_date, timeZone);
  const end = session.end_date ? formatDateInZone(session.end_date, timeZone) : start;
  return end > start ? { start, end } : { day: start };
}

/** A delivery as the two columns an issued invoice keeps it in. */
export const deliveryColumns = (
  delivery: ServiceDelivery,
): { service_date: string; service_end_date: string | null } =>
  'day' in delivery
    ? { service_date: delivery.day, service_end_date: null }
    : { service_date: delivery.start, service_end_date: delivery.end };

/** The delivery an issued invoice kept; null before it kept one. */
export const storedDelivery = (row: {
  service_date: string | null;
  service_end_date: string | null;
}): ServiceDelivery | null =>
  row.service_date === null
    ? null
    : row.service_end_date
      ? { start: row.service_date, end: row.service_end_date }
      : { day: row.service_date };

/** The day a delivery's tax point reads: its day, or the first day of its period; null without one. */
export const supplyDayOf = (delivery: ServiceDelivery | null | undefined): string | null =>
  delivery ? ('day' in delivery ? delivery.day : delivery.start) : null;
