import { type Migration, runSql } from '../migrator';

/**
 * The studio's company profile as its invoices need it: legal form and capital, RCS, contact,
 * bank details, VAT exemption (franchise en base) and payment terms. Countries become ISO 3166-1
 * alpha-2 codes ('France' → 'FR'). SIREN and SIRET are checked as French numbers only for a French
 * company (their keys are checked by the api, domain/company/identifiers.ts); elsewhere they hold
 * the country's own registration numbers, so the columns widen and the digit checks apply to FR.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_company
  ADD COLUMN legal_form varchar(100),
  ADD COLUMN share_capital decimal(14,2) CHECK (share_capital >= 0),
  ADD COLUMN rcs_city varchar(100),
  ADD COLUMN email varchar(255),
  ADD COLUMN phone varchar(50),
  ADD COLUMN iban varchar(34),
  ADD COLUMN bic varchar(11),
  ADD COLUMN vat_exempt boolean NOT NULL DEFAULT false,
  ADD COLUMN late_payment_rate decimal(5,2) CHECK (late_payment_rate >= 0),
  ADD COLUMN payment_terms_days integer CHECK (payment_terms_days BETWEEN 0 AND 365);
UPDATE user_company SET company_country = 'FR' WHERE lower(btrim(company_country)) IN ('france', 'fr');
ALTER TABLE user_company DROP CONSTRAINT user_company_siren_check;
ALTER TABLE user_company DROP CONSTRAINT user_company_siret_check;
ALTER TABLE user_company DROP CONSTRAINT user_company_siret_extends_siren;
ALTER TABLE user_company ALTER COLUMN siren TYPE varchar(20), ALTER COLUMN siret TYPE varchar(20), ALTER COLUMN vat_number TYPE varchar(20);
ALTER TABLE user_company ADD CONSTRAINT user_company_french_numbers CHECK (
  company_country IS DISTINCT FROM 'FR' OR (
    (siren IS NULL OR siren ~ '^[0-9]{9}$') AND (siret IS NULL OR siret ~ '^[0-9]{14}$')
    AND (siren IS NULL OR siret IS NULL OR left(siret, 9) = siren)));
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_company DROP CONSTRAINT user_company_french_numbers;
ALTER TABLE user_company
  DROP COLUMN legal_form, DROP COLUMN share_capital, DROP COLUMN rcs_city, DROP COLUMN email, DROP COLUMN phone,
  DROP COLUMN iban, DROP COLUMN bic, DROP COLUMN vat_exempt, DROP COLUMN late_payment_rate, DROP COLUMN payment_terms_days;
UPDATE user_company SET siren = NULL WHERE siren !~ '^[0-9]{9}$';
UPDATE user_company SET siret = NULL WHERE siret !~ '^[0-9]{14}$' OR (siren IS NOT NULL AND left(siret, 9) <> siren);
ALTER TABLE user_company ALTER COLUMN siren TYPE varchar(9), ALTER COLUMN siret TYPE varchar(14);
ALTER TABLE user_company ADD CONSTRAINT user_company_siren_check CHECK (siren ~ '^[0-9]{9}$');
ALTER TABLE user_company ADD CONSTRAINT user_company_siret_check CHECK (siret ~ '^[0-9]{14}$');
ALTER TABLE user_company ADD CONSTRAINT user_company_siret_extends_siren CHECK (siren IS NULL OR siret IS NULL OR left(siret, 9) = siren);
`,
  );
