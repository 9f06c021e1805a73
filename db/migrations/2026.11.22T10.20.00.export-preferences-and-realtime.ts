import { type Migration, runSql } from '../migrator';

/**
 * Export preferences of a user: the zone dates are written in, and the csv dialect their
 * spreadsheet opens (docs/exports.md). And the table @socket.io/postgres-adapter keeps large
 * event payloads in (api and worker processes share Socket.IO events through PostgreSQL).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE users
  ADD COLUMN time_zone varchar(64) NOT NULL DEFAULT 'Europe/Paris',
  ADD COLUMN csv_dialect varchar(10) NOT NULL DEFAULT 'rfc4180' CHECK (csv_dialect IN ('rfc4180', 'excel-fr'));
CREATE TABLE socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    'DROP TABLE socket_io_attachments; ALTER TABLE users DROP COLUMN csv_dialect, DROP COLUMN time_zone;',
  );
