import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ImportEntity } from '../../domain/imports/target-fields';

/**
 * A stored record an import row may match, with the fields its keys and the preview diff use.
 * `created_us`: created_at in microseconds since the epoch (exact, unlike a JS Date), so records
 * found by different batches sort as one ORDER BY created_at, id would.
 */
export type StoredRecord = Record<string, unknown> & { id: string; created_us: number };

/** The lower-cased, trimmed values of a batch's match keys (domain/imports/match-keys.ts). */
export interface MatchValues {
  emails: string[];
  /** First and last names of the same rows, pairwise ('' for an absent name). */
  firstNames: string[];
  lastNames: string[];
  titles: string[];
}

/** The columns a stored record's match keys are made of (domain/imports/match-keys.ts#storedMatchKeys). */
const KEY_COLUMNS: Record<ImportEntity, string[]> = {
  contacts: ['email', 'first_name', 'last_name'],
  sessions: ['title', 'start_date'],
  quotes: ['title'],
  invoices: ['title'],
};

/**
 * The owner's records whose keys are among a batch's, oldest first then by id (the plan's choice
 * among several matches is stable). An erased contact is never a match (issue 31 §4): a row with
 * its old name creates a new contact. One statement per batch: every lookup value probes its index
 * on its own (contacts_owner_email_idx, contacts_owner_name_key_idx, *_owner_title_idx), then the
 * rows are read by primary key (`= ANY(ARRAY(...))`). `fields`: every column (a preview shows
 * what an update would change), or only the id and the key columns (an import matches by keys
 * only: a tenth of the columns to send, parse and keep per batch).
 *
 * Each probe is a LATERAL subquery fenced with OFFSET 0: left to itself, the planner turns 1 000
 * lookups into one pass over every record of the owner (a hash join, or a filter on the owner
 * index when a bulk import has just outdated the statistics), 60 to 200 ms per batch at 100 000
 * contacts against about 5 ms for the probes.
 */
export async function findImportCandidates(
  sequelize: Sequelize,
  entity: ImportEntity,
  ownerId: string,
  values: MatchValues,
  fields: 'all' | 'keys' = 'all',
): Promise<StoredRecord[]> {
  const read = fields === 'all' ? 't.*' : ['t.id', ...KEY_COLUMNS[entity].map((c) => `t.${c}`)].join(', ');
  const select = (table: string, ids: string) =>
    `SELECT ${read}, (extract(epoch FROM t.created_at) * 1000000)::bigint AS created_us FROM ${table} t WHERE t.id = ANY(ARRAY(${ids})) ORDER BY t.created_at, t.id`;
  // The probes are functions of the tables' owner (migration 2026.11.28T16.00.00): under the
  // studio's row-level security `lower(...)`, which PostgreSQL does not mark leakproof, may not be
  // an index condition, and each probe became a pass over all the owner's records (10 s per batch
  // of 1 000 at 30 000 contacts). They answer ids only; the rows are read here, through the policy.
  // Postgres must see every bound parameter used: each entity binds only its own.
  const [sql, bind] =
    entity === 'contacts'
      ? [
          select('contacts', 'SELECT studio_import_contact_ids($1, $2::text[], $3::text[], $4::text[])'),
          [ownerId, values.emails, values.firstNames, values.lastNames],
        ]
      : [select(entity, `SELECT studio_import_title_ids('${entity}', $1, $2::text[])`), [ownerId, values.titles]];
  const rows = await sequelize.query<StoredRecord>(sql, { bind, type: QueryTypes.SELECT });
  // bigint arrives as text; epoch microseconds (about 1.8e15) are exact in a double.
  return rows.map((r) => ({ ...r, created_us: Number(r.created_us) }));
}

/**
 * Which of these ids name records of the owner, per table: the others are someone else's or gone.
 * An erased contact is gone for an import: a row naming it is refused like an unknown id.
 */
export async function ownedIds(
  sequelize: Sequelize,
  table: 'contacts' | 'sessions' | 'quotes',
  ownerId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await sequelize.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE owner_id = $1 AND id = ANY($2::uuid[])${table === 'contacts' ? ' AND erased_at IS NULL' : ''}`,
    { bind: [ownerId, ids], type: QueryTypes.SELECT },
  );
  return new Set(rows.map((r) => r.id));
}

/** A line of a job run already written (import_row_writes): the record it wrote and how. */
export interface WrittenLine {
  id: string;
  action: 'create' | 'update';
}

/** Lines of a job run already written, so a retried import skips them and reuses their ids. */
export async function writtenLines(
  sequelize: Sequelize,
  jobRunId: string,
  transaction?: Transaction,
): Promise<Map<number, WrittenLine>> {
  const rows = await sequelize.query<{ line: number; entity_id: string; action: 'create' | 'update' }>(
    'SELECT line, entity_id, action FROM import_row_writes WHERE job_run_id = $1',
    {
      bind: [jobRunId],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return new Map(rows.map((r) => [r.line, { id: r.entity_id, action: r.action }]));
}
