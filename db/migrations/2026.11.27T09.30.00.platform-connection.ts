import { type Migration, runSql } from '../migrator';

/**
 * Issue 32 §1: each studio's connection to its approved e-invoicing platform (PA): the platform's
 * API base, the OAuth2 client id, and the client secret encrypted (AES-256-GCM, key from
 * PA_CREDENTIALS_KEY, lib/e-invoicing/credentials-cipher.ts), never in clear. `vat_on_debits`: the
 * studio opted for VAT on debits, so no cashed status (Encaissée) is sent for its payments.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE platform_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  base_url text NOT NULL CHECK (base_url ~ '^https?://'),
  client_id varchar(200) NOT NULL,
  client_secret_encrypted text NOT NULL CHECK (client_secret_encrypted LIKE 'v1.%'),
  vat_on_debits boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, `DROP TABLE platform_connections;`);
