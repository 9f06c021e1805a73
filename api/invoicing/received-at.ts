import { ValidationError } from '../../domain/errors';
import { readReceivedAt } from '../../domain/payments/payment-day';

/**
 * The instant a payment or refund was received, from the body's `received_at` read on the studio's
 * clock (a date alone is that day there), now when not given; a 400 on `received_at` otherwise.
 */
export function receivedAtOf(given: string | undefined, studioTimeZone: string): Date {
  const now = new Date();
  if (given === undefined) return now;
  const read = readReceivedAt(given, studioTimeZone, now);
  if ('problem' in read)
    throw new ValidationError(`received_at ${read.problem}`, [{ path: 'received_at', message: read.problem }]);
  return read.instant;
}
