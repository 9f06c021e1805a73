import { type Transaction } from 'sequelize';
import { countryCode } from './frozen/2026.11.25T09.00.00.country-codes';
import { type Migration } from '../migrator';

/**
 * One rule for countries (issue 28, part 4): contacts and company profiles store a country as its
 * ISO 3166-1 alpha-2 code, as the api now writes it (domain/countries.ts). The texts stored before
 * ("France", "Royaume-Uni", "germany", "uk") become their codes; a text the rule does not read
 * (junk, a typo, a region) is left as it is, never lost: the api shows it as it is and asks for a
 * country on the next save of that field. The mapping is the domain rule itself (ICU's French and
 * English names, the aliases), which SQL alone cannot express, so the distinct values are read,
 * mapped here and written back in one transaction.
 *
 * A company profile keeps its text where the code would be FR but its SIREN or SIRET is no French
 * number (user_company_french_numbers would refuse the row): the studio corrects both on its next
 * save. Issued invoices keep the buyer they were issued with (the `buyer` copy is immutable).
 *
 * Down changes nothing: a code names the same country as the text it replaced. The rule is frozen
 * as it stood then (./frozen/2026.11.25T09.00.00.country-codes.ts): a migration imports no live code.
 */
const COLUMNS = [
  { table: 'contacts', column: 'country', guard: 'TRUE' },
  {
    table: 'user_company',
    column: 'company_country',
    guard: `(v.code <> 'FR' OR ((t.siren IS NULL OR t.siren ~ '^[0-9]{9}$') AND (t.siret IS NULL OR t.siret ~ '^[0-9]{14}$') AND (t.siren IS NULL OR t.siret IS NULL OR left(t.siret, 9) = t.siren)))`,
  },
] as const;

export const up: Migration['up'] = ({ context }) =>
  context.sequelize.transaction(async (transaction: Transaction) => {
    for (const { table, column, guard } of COLUMNS) {
      const [rows] = (await context.sequelize.query(
        `SELECT DISTINCT ${column} AS stored FROM ${table} WHERE ${column} IS NOT NULL`,
        { transaction },
      )) as [{ stored: string }[], unknown];
      const codes = rows
        .map(({ stored }) => ({ stored, code: countryCode(stored, null) }))
        .filter(({ stored, code }) => code !== null && code !== stored);
      if (codes.length === 0) continue;
      await context.sequelize.query(
        `UPDATE ${table} t SET ${column} = v.code FROM jsonb_to_recordset($1::jsonb) AS v(stored text, code text) WHERE t.${column} = v.stored AND ${guard}`,
        { bind: [JSON.stringify(codes)], transaction },
      );
    }
  });

export const down: Migration['down'] = async () => {};
