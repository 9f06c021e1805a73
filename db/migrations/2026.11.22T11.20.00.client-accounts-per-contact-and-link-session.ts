import { type Migration, runSql } from '../migrator';

/**
 * Two contacts of one studio may share an email address (a couple, a company's office address)
 * and must both be able to answer their session's form: a client account stays one per contact,
 * and the email is no longer unique per studio (only indexed, to find accounts by address).
 * A magic link records what it was issued for: the session of the invitation.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX client_accounts_owner_email_key;
CREATE INDEX client_accounts_owner_email_idx ON client_accounts (owner_id, lower(email));
ALTER TABLE magic_link_tokens ADD COLUMN session_id uuid REFERENCES sessions(id) ON DELETE CASCADE;
CREATE INDEX magic_link_tokens_session_idx ON magic_link_tokens (session_id) WHERE session_id IS NOT NULL;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX magic_link_tokens_session_idx;
ALTER TABLE magic_link_tokens DROP COLUMN session_id;
DROP INDEX client_accounts_owner_email_idx;
CREATE UNIQUE INDEX client_accounts_owner_email_key ON client_accounts (owner_id, lower(email));
`,
  );
