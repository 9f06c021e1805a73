import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ImportEntity } from '../../domain/imports/target-fields';

/** A stored record an import row may match, with the fields its keys and the preview diff use. */
export type StoredRecord = Record<string, unknown> & { id: string };

const TABLES: Record<ImportEntity, string> = { contacts: 'contacts', sessions: 'sessions', quotes: 'quotes', invoices: 'invoices' };

/**
 * The owner's records whose lower-cased keys are among those of the file, oldest first then by
 * id, so the plan's choice among several matches is stable. Each branch is served by an index
 * (contacts_owner_email_idx, contacts_owner_name_idx, *_owner_title_idx).
 */
export async function findImportCandidates(sequelize: Sequelize, entity: ImportEntity, ownerId: string, values: { emails: string[]; firstNames: string[]; lastNames: string[]; titles: string[] }): Promise<StoredRecord[]> {
  // Postgres must see every bound parameter used: each branch binds only its own.
  const [where, bind] =
    entity === 'contacts'
      ? [
          '(lower(email) = ANY($2::text[]) OR (lower(first_name), lower(last_name)) IN (SELECT * FROM unnest($3::text[], $4::text[])) OR (first_name IS NULL AND lower(last_name) = ANY($4::text[])) OR (last_name IS NULL AND lower(first_name) = ANY($3::text[])))',
          [ownerId, values.emails, values.firstNames, values.lastNames],
        ]
      : ['lower(title) = ANY($2::text[])', [ownerId, values.titles]];
  return sequelize.query<StoredRecord>(`SELECT * FROM ${TABLES[entity]} WHERE owner_id = $1 AND ${where} ORDER BY created_at, id`, {
    bind,
    type: QueryTypes.SELECT,
  });
}

/** Which of these ids name records of the owner, per table: the others are someone else's or gone. */
export async function ownedIds(sequelize: Sequelize, table: 'contacts' | 'sessions' | 'quotes', ownerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await sequelize.query<{ id: string }>(`SELECT id FROM ${table} WHERE owner_id = $1 AND id = ANY($2::uuid[])`, { bind: [ownerId, ids], type: QueryTypes.SELECT });
  return new Set(rows.map((r) => r.id));
}

/** Lines of a job run already written (import_row_writes), with the record each wrote. */
export async function writtenLines(sequelize: Sequelize, jobRunId: string, transaction?: Transaction): Promise<Map<number, string>> {
  const rows = await sequelize.query<{ line: number; entity_id: string }>('SELECT line, entity_id FROM import_row_writes WHERE job_run_id = $1', {
    bind: [jobRunId],
    type: QueryTypes.SELECT,
    transaction,
  });
  return new Map(rows.map((r) => [r.line, r.entity_id]));
}
