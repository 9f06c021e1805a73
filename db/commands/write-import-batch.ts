import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ImportEntity } from '../../domain/imports/target-fields';

/** One row to write: its file line, the record id (chosen before the write) and its columns. */
export interface ImportWrite {
  line: number;
  action: 'create' | 'update';
  id: string;
  values: Record<string, unknown>;
}

/** The columns an import writes, with their SQL types (db/models), per table. */
const COLUMNS: Record<ImportEntity, Record<string, string>> = {
  contacts: { first_name: 'text', last_name: 'text', email: 'text', phone_number: 'text', street: 'text', city: 'text', zipcode: 'text', country: 'text', notes: 'text', contact_type: 'text', locale: 'text' },
  sessions: {
    title: 'text',
    location: 'text',
    contact_id: 'uuid',
    start_date: 'timestamptz',
    end_date: 'timestamptz',
    notes: 'text',
    status: 'text',
    // From the row's session_type (activities/imports/prepare-rows.ts): the type and its defaults.
    user_session_type_id: 'uuid',
    workflow_id: 'uuid',
    session_info_template_id: 'uuid',
  },
  quotes: { title: 'text', amount: 'numeric', status: 'text', valid_until: 'date', description: 'text', session_id: 'uuid', contact_id: 'uuid' },
  invoices: { title: 'text', amount: 'numeric', status: 'text', due_date: 'date', description: 'text', session_id: 'uuid', contact_id: 'uuid', quote_id: 'uuid' },
};

/**
 * What an update writes into a stored column: the file's value, or the stored one where the cell
 * is empty; except a session's type defaults, which follow db/commands/sessions.ts#updateSession:
 * the type's workflow only when the row changes the session's type, its questionnaire only when
 * the session has none.
 */
function updatedValue(entity: ImportEntity, column: string): string {
  if (entity === 'sessions' && column === 'workflow_id') {
    return 'CASE WHEN v.user_session_type_id IS DISTINCT FROM t.user_session_type_id THEN COALESCE(v.workflow_id, t.workflow_id) ELSE t.workflow_id END';
  }
  if (entity === 'sessions' && column === 'session_info_template_id') return 'COALESCE(t.session_info_template_id, v.session_info_template_id)';
  return `COALESCE(v.${column}, t.${column})`;
}

const CREATED_EVENTS: Partial<Record<ImportEntity, [string, string]>> = { contacts: ['CONTACT_CREATED', 'CONTACT'], sessions: ['SESSION_CREATED', 'SESSION'] };

/** What one batch did: rows created, and matched rows whose stored values really changed. */
export interface ImportBatchOutcome {
  created: number;
  changed: number;
}

/**
 * Writes one batch of an import in one statement, hence one transaction, whatever its size: the
 * batch arrives as one JSON parameter (values are bound, never spliced into the SQL) and a chain
 * of data-modifying CTEs inserts the created rows, their CONTACT_CREATED / SESSION_CREATED outbox
 * rows (payload: the stored row, as recordDomainEvent writes it), updates the matched rows and
 * records every line in import_row_writes. A retry after a crash finds the committed lines there
 * and skips them; an uncommitted batch left nothing behind. One round trip per batch: no BEGIN
 * and COMMIT around it to wait for.
 *
 * An update keeps a stored value where the cell is empty, and leaves a row alone (no new row
 * version, no index entries, updated_at kept) when the file changes none of its values: a file
 * imported again with updateExisting costs reads, not rewrites.
 */
export async function writeImportBatch(
  sequelize: Sequelize,
  input: { entity: ImportEntity; ownerId: string; jobRunId: string; requestId?: string; writes: ImportWrite[] },
): Promise<ImportBatchOutcome> {
  const { entity, ownerId, jobRunId, writes } = input;
  if (writes.length === 0) return { created: 0, changed: 0 };
  const columns = COLUMNS[entity];
  const names = Object.keys(columns);
  const recordType = ['action text', 'id uuid', ...names.map((n) => `${n} ${columns[n]}`)].join(', ');
  const event = CREATED_EVENTS[entity];
  // Columns the file left empty take the table's defaults (status, amount) on create.
  const insertValues = names.map((n) => (n === 'status' || n === 'amount' ? `COALESCE(v.${n}, ${defaultOf(entity, n)})` : `v.${n}`)).join(', ');
  // Every statement of a WITH sees the same snapshot, and an UPDATE … FROM applies one arbitrary
  // source row per target row: so each record gets one merged write (mergeWrites), while the
  // ledger keeps one line per file line.
  const sql = `
    WITH v AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(${recordType})),
    created AS (
      INSERT INTO ${entity} (id, owner_id, ${names.join(', ')}, created_at, updated_at)
      SELECT v.id, $2, ${insertValues}, now(), now() FROM v WHERE v.action = 'create'
      RETURNING *
    ),${event ? `
    events AS (
      INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
      SELECT '${event[0]}', '${event[1]}', c.id, c.owner_id, to_jsonb(c), $7 FROM created c
    ),` : ''}
    changed AS (
      UPDATE ${entity} t SET ${names.map((n) => `${n} = ${updatedValue(entity, n)}`).join(', ')}, updated_at = now()
      FROM v
      WHERE v.action = 'update' AND t.id = v.id AND t.owner_id = $2
        AND (${names.map((n) => `t.${n}`).join(', ')}) IS DISTINCT FROM (${names.map((n) => updatedValue(entity, n)).join(', ')})
      RETURNING t.id
    ),
    ledger AS (
      INSERT INTO import_row_writes (job_run_id, line, entity_id, action)
      SELECT $3, * FROM unnest($4::int[], $5::uuid[], $6::text[])
    )
    SELECT (SELECT count(*) FROM created)::int AS created, (SELECT count(*) FROM changed)::int AS changed`;
  const bind: unknown[] = [JSON.stringify(mergeWrites(writes)), ownerId, jobRunId, writes.map((w) => w.line), writes.map((w) => w.id), writes.map((w) => w.action)];
  if (event) bind.push(input.requestId ?? null);
  const [outcome] = await sequelize.query<ImportBatchOutcome>(sql, { bind, type: QueryTypes.SELECT });
  return outcome;
}

/**
 * One write per record, in file order: rows of the same record in one batch (a record created
 * then updated by a later line, or one record matched twice) merge as if written one after the
 * other, an update's empty cells keeping the value before it. The first row's action stands.
 */
export function mergeWrites(writes: readonly ImportWrite[]): Record<string, unknown>[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const w of writes) {
    const record = byId.get(w.id);
    if (!record) {
      byId.set(w.id, { ...w.values, action: w.action, id: w.id });
      continue;
    }
    for (const [field, value] of Object.entries(w.values)) if (value !== undefined && value !== null) record[field] = value;
  }
  return [...byId.values()];
}

/** Defaults of the NOT NULL columns a file may leave empty (as the models declare them). */
function defaultOf(entity: ImportEntity, column: string): string {
  if (column === 'amount') return '0';
  return entity === 'sessions' ? "'PENDING'" : entity === 'quotes' ? "'PENDING'" : "'DRAFT'";
}
