import { type Migration, runSql } from '../migrator';

/**
 * The country an account gave at registration (issue 30 §4), before it has a company profile: the
 * currency its first documents are in comes from it (domain/money/document-currency.ts). NULL for
 * every account made before, which keeps the service's French defaults.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE users ADD COLUMN country varchar(2), ADD CONSTRAINT users_country_code CHECK (country ~ '^[A-Z]{2}$');`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'ALTER TABLE users DROP COLUMN country;');
