import { type Migration, runSql } from '../migrator';

/**
 * The language a contact reads (issue 19, part 4): the invitation, the portal, SMS and email
 * tasks, quotes and invoices sent to them. NULL follows the studio's own locale (users.locale),
 * so existing contacts keep what they got before.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE contacts ADD COLUMN locale varchar(5);
ALTER TABLE contacts ADD CONSTRAINT contacts_locale_check CHECK (locale IN ('fr-FR', 'en-US'));
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'ALTER TABLE contacts DROP COLUMN locale;');
