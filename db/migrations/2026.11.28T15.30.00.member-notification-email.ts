import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §2: each member's own address for what the studio sends them (a task addressed to their
 * role on a session); null: their account's address.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(context, 'ALTER TABLE users ADD COLUMN notification_email varchar(255);');

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'ALTER TABLE users DROP COLUMN notification_email;');
