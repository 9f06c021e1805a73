import { type Migration, runSql } from '../migrator';

/**
 * Issue 45: a session type with bookings is not deleted (it would take the clients' bookings with
 * it, confirmed ones included): the bookings' reference to it restricts the delete, which the api
 * answers 409 `session_type_booked` (deactivate the type or its booking instead).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE bookings DROP CONSTRAINT bookings_session_type_id_fkey;
ALTER TABLE bookings ADD CONSTRAINT bookings_session_type_id_fkey
  FOREIGN KEY (session_type_id) REFERENCES user_session_types(id) ON DELETE RESTRICT;`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE bookings DROP CONSTRAINT bookings_session_type_id_fkey;
ALTER TABLE bookings ADD CONSTRAINT bookings_session_type_id_fkey
  FOREIGN KEY (session_type_id) REFERENCES user_session_types(id) ON DELETE CASCADE;`,
  );
