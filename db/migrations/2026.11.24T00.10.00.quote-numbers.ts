import { type Migration, runSql } from '../migrator';

/**
 * Quotes get a number of their own series (D-2026-00001) when they are first sent (issue 20 §2),
 * kept for good; quotes sent before this migration are numbered per studio and year in the order
 * they were created. A quote still PENDING has none.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quotes ADD COLUMN number varchar(60), ADD COLUMN sent_at timestamptz;
WITH numbered AS (
  SELECT q.id, EXTRACT(YEAR FROM q.created_at AT TIME ZONE u.time_zone)::int AS year,
         row_number() OVER (PARTITION BY q.owner_id, EXTRACT(YEAR FROM q.created_at AT TIME ZONE u.time_zone) ORDER BY q.created_at, q.id) AS seq
  FROM quotes q JOIN users u ON u.id = q.owner_id
  WHERE q.status <> 'PENDING'
)
UPDATE quotes q SET number = 'D-' || n.year || '-' || lpad(n.seq::text, 5, '0'), sent_at = q.created_at FROM numbered n WHERE n.id = q.id;
INSERT INTO document_counters (owner_id, series, period, last_value)
SELECT owner_id, 'quote', substring(number from 3 for 4)::int, count(*)
FROM quotes WHERE number IS NOT NULL GROUP BY owner_id, substring(number from 3 for 4);
CREATE UNIQUE INDEX quotes_owner_number ON quotes (owner_id, number) WHERE number IS NOT NULL;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DELETE FROM document_counters WHERE series = 'quote';
DROP INDEX quotes_owner_number;
ALTER TABLE quotes DROP COLUMN number, DROP COLUMN sent_at;
`,
  );
