import { type Migration, runSql } from '../migrator';

/**
 * Currencies (issue 30 §1). A studio has a currency (`user_company.currency`; NULL: the default of
 * its country, domain/money/currency.ts), and every quote, invoice and credit note carries its own
 * (the studio's when made; a credit note's is its invoice's). Every document written before this is
 * in euros, the service's only currency until now. The studio's tax registrations (VAT numbers other
 * than the French one, ABN, Canadian GST/HST and QST numbers, US sales tax permits) are a list on
 * its profile, each checked by domain/company/tax-registrations.ts. The column is covered by the immutability of an
 * issued invoice and of a credit note like every other one. ISO 4217 codes, upper case.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_company ADD COLUMN currency varchar(3),
  ADD CONSTRAINT user_company_currency_code CHECK (currency ~ '^[A-Z]{3}$'),
  ADD COLUMN tax_registrations jsonb NOT NULL DEFAULT '[]',
  ADD CONSTRAINT user_company_tax_registrations_list CHECK (jsonb_typeof(tax_registrations) = 'array');
ALTER TABLE quotes ADD COLUMN currency varchar(3) NOT NULL DEFAULT 'EUR',
  ADD CONSTRAINT quotes_currency_code CHECK (currency ~ '^[A-Z]{3}$');
ALTER TABLE invoices ADD COLUMN currency varchar(3) NOT NULL DEFAULT 'EUR',
  ADD CONSTRAINT invoices_currency_code CHECK (currency ~ '^[A-Z]{3}$');
ALTER TABLE credit_notes ADD COLUMN currency varchar(3) NOT NULL DEFAULT 'EUR',
  ADD CONSTRAINT credit_notes_currency_code CHECK (currency ~ '^[A-Z]{3}$');
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE credit_notes DROP COLUMN currency;
ALTER TABLE invoices DROP COLUMN currency;
ALTER TABLE quotes DROP COLUMN currency;
ALTER TABLE user_company DROP COLUMN tax_registrations, DROP COLUMN currency;
`,
  );
