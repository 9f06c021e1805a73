import { type Migration, runSql } from '../migrator';

/**
 * Issue 32 §5: the option for VAT on debits (option pour le paiement de la taxe d'après les
 * débits, CGI annexe III art. 77) is the studio's tax status, not a setting of its platform: it is
 * printed on its invoices and carried in their e-invoice, and it stops the cashed status. It moves
 * from `platform_connections` to the company profile (`user_company`), keeping what studios chose.
 * A studio that chose it without a company profile (none can issue an invoice) gets a profile only
 * when it saves one: there is no row to copy it into.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_company ADD COLUMN vat_on_debits boolean NOT NULL DEFAULT false;
UPDATE user_company u SET vat_on_debits = true
  FROM platform_connections c WHERE c.owner_id = u.user_id AND c.vat_on_debits;
ALTER TABLE platform_connections DROP COLUMN vat_on_debits;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE platform_connections ADD COLUMN vat_on_debits boolean NOT NULL DEFAULT false;
UPDATE platform_connections c SET vat_on_debits = true
  FROM user_company u WHERE u.user_id = c.owner_id AND u.vat_on_debits;
ALTER TABLE user_company DROP COLUMN vat_on_debits;
`,
  );
