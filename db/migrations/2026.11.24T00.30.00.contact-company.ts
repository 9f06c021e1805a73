import { type Migration, runSql } from '../migrator';

/**
 * A client may be a company (issue 20 §6): its name, SIREN and VAT number, printed on the invoices
 * it receives and copied into each issued invoice's buyer. A French SIREN's key is checked by the
 * api (domain/company/client-identifiers.ts); abroad these hold the country's own numbers.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE contacts
  ADD COLUMN company_name varchar(255),
  ADD COLUMN siren varchar(20),
  ADD COLUMN vat_number varchar(20);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'ALTER TABLE contacts DROP COLUMN company_name, DROP COLUMN siren, DROP COLUMN vat_number;');
