import { type Migration, runSql } from '../migrator';

/**
 * Storage links and cleanup (docs/storage.md):
 * - users.avatar_key / logo_key: the user's current avatar and logo (object keys), read by the
 *   signed-link rule and by the orphan cleanup, which must never take a current image;
 * - prefix scans (`key LIKE 'exports/%'`): the existing btree on key uses the database
 *   collation, which cannot serve LIKE outside the C locale; text_pattern_ops compares bytes
 *   and can, whatever the locale;
 * - the orphan file-object cleanup looks rows up by key in users, hence the partial indexes.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE users
  ADD COLUMN avatar_key varchar(1024) CHECK (avatar_key LIKE 'avatars/%'),
  ADD COLUMN logo_key varchar(1024) CHECK (logo_key LIKE 'logos/%');
CREATE INDEX users_avatar_key_idx ON users (avatar_key) WHERE avatar_key IS NOT NULL;
CREATE INDEX users_logo_key_idx ON users (logo_key) WHERE logo_key IS NOT NULL;
CREATE INDEX file_objects_key_prefix_idx ON file_objects (key text_pattern_ops);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX file_objects_key_prefix_idx;
DROP INDEX users_logo_key_idx;
DROP INDEX users_avatar_key_idx;
ALTER TABLE users DROP COLUMN logo_key, DROP COLUMN avatar_key;
`,
  );
