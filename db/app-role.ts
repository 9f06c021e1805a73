/**
 * The role the service acts as in PostgreSQL (DATABASE_APP_ROLE): it owns no table and has no
 * BYPASSRLS, so the studios' row-level security applies to it. The migration that creates it and
 * the config that names it read the same default, so `npm start` needs no setting.
 */
export const DEFAULT_APP_ROLE = 'studio_app';

/** A plain lower-case identifier: it is written into SQL (SET ROLE, GRANT), where no bind parameter exists. */
export const APP_ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
