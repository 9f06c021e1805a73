import { type Migration, runSql } from '../migrator';

/**
 * Issue 45 §1–2: a session type's contract, signed at booking. `session_type_booking.contract`
 * holds the terms (text with {{variables}}, as a quote's contract); a booking of such a type is
 * held while its client signs the quote made for it (`bookings.quote_id`) and, when a deposit is
 * due, pays it.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE session_type_booking ADD COLUMN contract text CHECK (char_length(contract) BETWEEN 1 AND 20000);
ALTER TABLE bookings ADD COLUMN quote_id uuid REFERENCES quotes(id) ON DELETE SET NULL;`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, `ALTER TABLE bookings DROP COLUMN quote_id; ALTER TABLE session_type_booking DROP COLUMN contract;`);
