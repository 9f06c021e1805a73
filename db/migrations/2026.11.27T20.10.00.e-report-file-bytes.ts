import { type Migration, runSql } from '../migrator';

/**
 * An e-report keeps the bytes it hashed (issue 40 §14): `file` is the JSON text exactly as made,
 * the one its `sha256` covers, sent to the platform and served by
 * `GET /api/e-reporting/reports/:id/file`. `content` (jsonb, for reading its totals) reorders keys,
 * so it is no longer what is sent. Reports made before keep their content's text: their original
 * bytes are gone, so their hash covers no file the service still has (docs/e-invoicing.md).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE e_reports ADD COLUMN file text;
UPDATE e_reports SET file = content::text;
ALTER TABLE e_reports ALTER COLUMN file SET NOT NULL;
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'ALTER TABLE e_reports DROP COLUMN file;');
