import { type Migration, runSql } from '../migrator';

/**
 * Issue 43: the name of each country in each locale a studio reads, as Intl.DisplayNames gives it
 * (domain/countries.ts#countryName), so a list page built in PostgreSQL (db/queries/owned.ts,
 * listOwnedJson) names a contact's country as the api's presenter does. Filled and refreshed by
 * the seed (db/seed/country-names.ts) on every migrate, from the running Node's own ICU data.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE country_names (
  locale varchar(10) NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (locale, code)
);`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, `DROP TABLE country_names;`);
