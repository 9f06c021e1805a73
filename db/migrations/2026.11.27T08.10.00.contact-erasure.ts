import { type Migration, runSql } from '../migrator';

/**
 * A contact erased at the studio's request (issue 31 §4, docs/data-retention.md): `erased_at` marks
 * it for good. Its personal fields are replaced in the same transaction (domain/contacts/erasure.ts),
 * and the check keeps them empty whatever the code path: an erased contact holds no address, phone,
 * note or company identifier. The row itself stays, because issued invoices, credit notes and their
 * payments still point at it (their buyer copy is the legal record). `erased_at` is never cleared:
 * an erasure is not undone.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE contacts ADD COLUMN erased_at timestamptz;
ALTER TABLE contacts ADD CONSTRAINT contacts_erased_holds_nothing CHECK (erased_at IS NULL OR (
  email IS NULL AND phone_number IS NULL AND street IS NULL AND city IS NULL AND zipcode IS NULL
  AND country IS NULL AND notes IS NULL AND company_name IS NULL AND siren IS NULL AND vat_number IS NULL
  AND region IS NULL AND tax_exempt_reference IS NULL));
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE contacts DROP CONSTRAINT contacts_erased_holds_nothing;
ALTER TABLE contacts DROP COLUMN erased_at;
`,
  );
