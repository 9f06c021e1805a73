import { type Migration, runSql } from '../migrator';

/**
 * The locales of studios in the UK, Ireland, Australia and Canada (issue 30 §4): fr-CA, en-GB,
 * en-CA, en-AU and en-IE beside fr-FR and en-US, on every locale column (the studio's, a contact's,
 * the templates'). Dates and amounts follow the locale; words its language
 * (domain/accounts/locale-language.ts). Rows keep what they have.
 */
const TABLES = [
  'users',
  'contacts',
  'email_templates',
  'sms_templates',
  'base_session_info_templates',
  'user_session_info_templates',
];

const check = (table: string, locales: string) =>
  `ALTER TABLE ${table} DROP CONSTRAINT ${table}_locale_check, ADD CONSTRAINT ${table}_locale_check CHECK (locale IN (${locales}));`;

export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    TABLES.map((t) => check(t, `'fr-FR', 'en-US', 'fr-CA', 'en-GB', 'en-CA', 'en-AU', 'en-IE'`)).join('\n'),
  );

/**
 * Back to two locales: each row in a new one takes its language's (fr-CA → fr-FR, en-* → en-US).
 * A studio with a template in both en-GB and en-US under one key stops it (the unique keys): the
 * down does not choose which to drop.
 */
export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    TABLES.map(
      (t) =>
        `UPDATE ${t} SET locale = CASE WHEN locale LIKE 'fr-%' THEN 'fr-FR' ELSE 'en-US' END WHERE locale NOT IN ('fr-FR', 'en-US');\n${check(t, `'fr-FR', 'en-US'`)}`,
    ).join('\n'),
  );
