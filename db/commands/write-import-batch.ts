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
  contacts: { first_name: 'text', last_name: 'text', email: 'text', phone_number: 'text', street: 'text', city: 'text', zipcode: 'text', country: 'text', notes: 'text', contact_type: 'text' },
  sessions: { title: 'text', location: 'text', contact_id: 'uuid', start_date: 'timestamptz', end_date: 'timestamptz', notes: 'text', status: 'text' },
  quotes: { title: 'text', amount: 'numeric', status: 'text', valid_until: 'date', description: 'text', session_id: 'uuid', contact_id: 'uuid' },
  invoices: { title: 'text', amount: 'numeric', status: 'text', due_date: 'date', description: 'text', session_id: 'uuid', contact_id: 'uuid', quote_id: 'uuid' },
};

const CREATED_EVENTS: Partial<Record<ImportEntity, [string, string]>> = { contacts: ['CONTACT_CREATED', 'CONTACT'], sessions: ['SESSION_CREATED', 'SESSION'] };

/**
 * Writes one batch of an import in one transaction, in four statements whatever its size: the
 * created rows (one INSERT … SELECT from the batch as JSON), the updates (one UPDATE … FROM; an
 * empty cell keeps the stored value), the CONTACT_CREATED / SESSION_CREATED outbox rows of the
 * created records (same columns as recordDomainEvent writes), and the import_row_writes lines.
 * A retry after a crash finds the committed lines there and skips them; an uncommitted batch
 * left nothing behind. Values are bound as one JSON parameter, never spliced into the SQL.
 */
export async function writeImportBatch(
  sequelize: Sequelize,
  input: { entity: ImportEntity; ownerId: string; jobRunId: string; requestId?: string; writes: ImportWrite[] },
): Promise<void> {
  const { entity, ownerId, jobRunId, writes } = input;
  if (writes.length === 0) return;
  const columns = COLUMNS[entity];
  const names = Object.keys(columns);
  const recordType = ['id uuid', ...names.map((n) => `${n} ${columns[n]}`)].join(', ');
  const json = (action: 'create' | 'update') => JSON.stringify(writes.filter((w) => w.action === action).map((w) => ({ ...w.values, id: w.id })));
  await sequelize.transaction(async (transaction) => {
    const creates = json('create');
    if (creates !== '[]') {
      // Columns the file left empty take the table's defaults (status, amount).
      const created = await sequelize.query<Record<string, unknown> & { id: string }>(
        `INSERT INTO ${entity} (id, owner_id, ${names.join(', ')}, created_at, updated_at)
         SELECT v.id, $2, ${names.map((n) => (n === 'status' || n === 'amount' ? `COALESCE(v.${n}, ${defaultOf(entity, n)})` : `v.${n}`)).join(', ')}, now(), now()
         FROM jsonb_to_recordset($1::jsonb) AS v(${recordType})
         RETURNING *`,
        { bind: [creates, ownerId], type: QueryTypes.SELECT, transaction },
      );
      const event = CREATED_EVENTS[entity];
      if (event && created.length > 0) {
        await sequelize.query(
          `INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
           SELECT $1, $2, (r->>'id')::uuid, $3, r, $4 FROM jsonb_array_elements($5::jsonb) AS r`,
          { bind: [event[0], event[1], ownerId, input.requestId ?? null, JSON.stringify(created)], transaction },
        );
      }
    }
    const updates = json('update');
    if (updates !== '[]') {
      await sequelize.query(
        `UPDATE ${entity} t SET ${names.map((n) => `${n} = COALESCE(v.${n}, t.${n})`).join(', ')}, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS v(${recordType})
         WHERE t.id = v.id AND t.owner_id = $2`,
        { bind: [updates, ownerId], transaction },
      );
    }
    await sequelize.query('INSERT INTO import_row_writes (job_run_id, line, entity_id, action) SELECT $1, * FROM unnest($2::int[], $3::uuid[], $4::text[])', {
      bind: [jobRunId, writes.map((w) => w.line), writes.map((w) => w.id), writes.map((w) => w.action)],
      transaction,
    });
  });
}

/** Defaults of the NOT NULL columns a file may leave empty (as the models declare them). */
function defaultOf(entity: ImportEntity, column: string): string {
  if (column === 'amount') return '0';
  return entity === 'sessions' ? "'PENDING'" : entity === 'quotes' ? "'PENDING'" : "'DRAFT'";
}
