import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §1: invitations to join a studio. The link's token is kept only as its SHA-256, set when
 * the email carrying it is sent (a resend replaces it, so the older link stops working); one
 * invitation waits per studio and address at a time.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE team_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email varchar(255) NOT NULL CHECK (btrim(email) <> ''),
  role varchar(20) NOT NULL CHECK (role IN ('admin', 'photographer', 'assistant', 'bookkeeper')),
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  token_hash char(64) UNIQUE,
  expires_at timestamptz NOT NULL,
  sent_at timestamptz,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX team_invitations_one_waiting ON team_invitations (org_id, lower(email))
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX team_invitations_org_idx ON team_invitations (org_id, created_at DESC);`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'DROP TABLE team_invitations;');
