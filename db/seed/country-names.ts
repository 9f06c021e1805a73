import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { USER_LOCALES } from '../../domain/accounts/users';
import { countryName, ISO_COUNTRY_CODES } from '../../domain/countries';

/**
 * Every country's name in every locale a studio may read (country_names), as countryName gives it
 * with this Node's ICU data: what the lists built in PostgreSQL show (db/queries/owned.ts). One
 * statement; a name that is already right is not rewritten, so a second run writes nothing.
 */
export async function seedCountryNames(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  const names = USER_LOCALES.flatMap((locale) =>
    ISO_COUNTRY_CODES.map((code) => ({ locale, code, name: countryName(code, locale) ?? code })),
  );
  await sequelize.query(
    `INSERT INTO country_names (locale, code, name)
     SELECT locale, code, name FROM json_to_recordset($1::json) AS n(locale text, code text, name text)
     ON CONFLICT (locale, code) DO UPDATE SET name = EXCLUDED.name WHERE country_names.name IS DISTINCT FROM EXCLUDED.name`,
    { bind: [JSON.stringify(names)], transaction },
  );
}
