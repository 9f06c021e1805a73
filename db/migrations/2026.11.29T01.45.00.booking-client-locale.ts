import { type Migration, runSql } from '../migrator';

/**
 * Issue 45 §2: the language the client booked in (their browser's, among those the service writes,
 * else the studio's), kept so the booking's emails and invitation speak it. Bookings made before
 * have none: their emails are in the studio's language, as before.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(context, `ALTER TABLE bookings ADD COLUMN client_locale varchar(5);`);

export const down: Migration['down'] = ({ context }) =>
  runSql(context, `ALTER TABLE bookings DROP COLUMN client_locale;`);
