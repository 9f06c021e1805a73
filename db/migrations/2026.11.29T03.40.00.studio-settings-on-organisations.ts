import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §1–2: the studio's settings on the studio (`organizations`), no longer on its founder's
 * account row. Until now the founder's time zone was both theirs and the studio's, and a founder
 * who handed the studio over and left still held its settings on their own account.
 *
 * - Moved (the studio's only): plan, tenant_slug, country, logo_key, calendar_feed_client_names.
 * - Copied (each member keeps their own, the studio gets its own): time_zone (the calendar of its
 *   documents, numbers and ledger), locale (its documents' and clients' language by default),
 *   csv_dialect (its exports run by a job).
 *
 * Each organisation takes its founder's row's values (the founder's account and the studio share
 * one id since `2026.11.28T12.00.00.studios-are-organisations`); nothing else changes.
 */
const LOCALES = `'fr-FR', 'en-US', 'fr-CA', 'en-GB', 'en-CA', 'en-AU', 'en-IE'`;
const SLUG = `'^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'`;

export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE organizations
  ADD COLUMN time_zone varchar(64) NOT NULL DEFAULT 'Europe/Paris',
  ADD COLUMN locale varchar(5) NOT NULL DEFAULT 'fr-FR' CONSTRAINT organizations_locale_check CHECK (locale IN (${LOCALES})),
  ADD COLUMN csv_dialect varchar(10) NOT NULL DEFAULT 'rfc4180' CHECK (csv_dialect IN ('rfc4180', 'excel-fr')),
  ADD COLUMN country varchar(2) CONSTRAINT organizations_country_code CHECK (country ~ '^[A-Z]{2}$'),
  ADD COLUMN plan varchar(20) NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'studio')),
  ADD COLUMN tenant_slug varchar(63) CHECK (tenant_slug ~ ${SLUG}),
  ADD COLUMN logo_key varchar(1024) CHECK (logo_key LIKE 'logos/%'),
  ADD COLUMN calendar_feed_client_names boolean NOT NULL DEFAULT false;

UPDATE organizations o
   SET time_zone = u.time_zone, locale = u.locale, csv_dialect = u.csv_dialect, country = u.country,
       plan = u.plan, tenant_slug = u.tenant_slug, logo_key = u.logo_key,
       calendar_feed_client_names = u.calendar_feed_client_names
  FROM users u
 WHERE u.id = o.id;

CREATE UNIQUE INDEX organizations_tenant_slug_key ON organizations (tenant_slug) WHERE tenant_slug IS NOT NULL;
CREATE INDEX organizations_logo_key_idx ON organizations (logo_key) WHERE logo_key IS NOT NULL;

DROP INDEX users_tenant_slug_key;
DROP INDEX users_logo_key_idx;
ALTER TABLE users DROP COLUMN plan, DROP COLUMN tenant_slug, DROP COLUMN country, DROP COLUMN logo_key,
  DROP COLUMN calendar_feed_client_names;
`,
  );

/** Back on the founder's row: the studio's values replace what the founder had set as their own. */
export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE users
  ADD COLUMN plan varchar(20) NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'studio')),
  ADD COLUMN tenant_slug varchar(63) CHECK (tenant_slug ~ ${SLUG}),
  ADD COLUMN country varchar(2) CONSTRAINT users_country_code CHECK (country ~ '^[A-Z]{2}$'),
  ADD COLUMN logo_key varchar(1024) CHECK (logo_key LIKE 'logos/%'),
  ADD COLUMN calendar_feed_client_names boolean NOT NULL DEFAULT false;
UPDATE users u
   SET time_zone = o.time_zone, locale = o.locale, csv_dialect = o.csv_dialect, country = o.country,
       plan = o.plan, tenant_slug = o.tenant_slug, logo_key = o.logo_key,
       calendar_feed_client_names = o.calendar_feed_client_names
  FROM organizations o
 WHERE o.id = u.id;
CREATE UNIQUE INDEX users_tenant_slug_key ON users (tenant_slug) WHERE tenant_slug IS NOT NULL;
CREATE INDEX users_logo_key_idx ON users (logo_key) WHERE logo_key IS NOT NULL;
DROP INDEX organizations_tenant_slug_key;
DROP INDEX organizations_logo_key_idx;
ALTER TABLE organizations DROP COLUMN time_zone, DROP COLUMN locale, DROP COLUMN csv_dialect, DROP COLUMN country,
  DROP COLUMN plan, DROP COLUMN tenant_slug, DROP COLUMN logo_key, DROP COLUMN calendar_feed_client_names;
`,
  );
