import { type ClientBase } from 'pg';
import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { findOwnerCurrency } from '../queries/owner-currency';
import { type DomainEntityType, type OutboxEventType } from '../../domain/events/domain-event';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { counterKey, numberTemplate } from '../../domain/invoicing/numbering';
import { numberFormatOf } from '../queries/number-formats';
import { appendUnchainedLedgerRecords } from './append-unchained-ledger-records';
import { clientOf, copyIntoStage, ensureStage, markStaged, stageTable } from './import-stage';

/** One row to write: its file line, the record id (chosen before the write) and its columns. */
export interface ImportWrite {
  line: number;
  action: 'create' | 'update';
  id: string;
  values: Record<string, unknown>;
}

/** The columns an import writes, with their SQL types (db/models), per table. */
const COLUMNS: Record<ImportEntity, Record<string, string>> = {
  contacts: {
    first_name: 'text',
    last_name: 'text',
    email: 'text',
    phone_number: 'text',
    street: 'text',
    city: 'text',
    zipcode: 'text',
    country: 'text',
    notes: 'text',
    contact_type: 'text',
    locale: 'text',
    company_name: 'text',
    siren: 'text',
    vat_number: 'text',
    region: 'text',
    tax_exempt_reference: 'text',
    reverse_charge: 'boolean',
  },
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
  quotes: {
    title: 'text',
    amount: 'numeric',
    status: 'text',
    valid_until: 'date',
    description: 'text',
    session_id: 'uuid',
    contact_id: 'uuid',
    currency: 'text',
  },
  invoices: {
    title: 'text',
    amount: 'numeric',
    status: 'text',
    due_date: 'date',
    description: 'text',
    session_id: 'uuid',
    contact_id: 'uuid',
    quote_id: 'uuid',
    currency: 'text',
  },
};

/**
 * Values staged beside a record's columns, written elsewhere than its table: a session's members
 * (`assigned`, a json list of { user_id, role }; absent when the row names none: they are kept).
 */
const STAGED_ONLY: Partial<Record<ImportEntity, Record<string, string>>> = { sessions: { assigned: 'jsonb' } };

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
  if (entity === 'sessions' && column === 'session_info_template_id')
    return 'COALESCE(t.session_info_template_id, v.session_info_template_id)';
  // An import never changes a stored invoice's status (issue 20: issuing is POST .../issue); the
  // amount of an issued one cannot change at all (the database refuses it: an error on that line).
  if (entity === 'invoices' && column === 'status') return 't.status';
  return `COALESCE(v.${column}, t.${column})`;
}

const CREATED_EVENTS: Partial<Record<ImportEntity, [OutboxEventType, DomainEntityType]>> = {
  contacts: ['CONTACT_CREATED', 'CONTACT'],
  sessions: ['SESSION_CREATED', 'SESSION'],
};

/** What one batch did: rows created, and matched rows whose stored values really changed. */
export interface ImportBatchOutcome {
  created: number;
  changed: number;
}

/**
 * Writes one batch of an import in one transaction, whatever its size: the batch's records (one
 * per record, mergeWrites) are copied into the connection's staging table (import-stage.ts: COPY,
 * values never spliced into the SQL), then one statement of data-modifying CTEs inserts the
 * created rows (INSERT … SELECT), their CONTACT_CREATED / SESSION_CREATED outbox rows (payload:
 * the stored row, as recordDomainEvent writes it), updates the matched rows (UPDATE … FROM) and
 * records every line in import_row_writes. A retry after a crash finds the committed lines there
 * and skips them; an uncommitted batch left nothing behind.
 *
 * An update keeps a stored value where the cell is empty, and leaves a row alone (no new row
 * version, no index entries, updated_at kept) when the file changes none of its values: a file
 * imported again with updateExisting costs reads, not rewrites.
 */
export async function writeImportBatch(
  sequelize: Sequelize,
  input: { entity: ImportEntity; ownerId: string; jobRunId: string; requestId?: string; writes: ImportWrite[] },
): Promise<ImportBatchOutcome> {
  const { entity, ownerId, jobRunId } = input;
  if (input.writes.length === 0) return { created: 0, changed: 0 };
  const writes = await withDocumentCurrency(sequelize, entity, ownerId, input.writes);
  const columns = COLUMNS[entity];
  const names = Object.keys(columns);
  const event = CREATED_EVENTS[entity];
  const invoices = entity === 'invoices' ? await issuedInvoiceImport(sequelize, ownerId, names, 6) : null;
  const sql = batchStatement(entity, names, event, invoices?.created);
  const bind: unknown[] = [
    ownerId,
    jobRunId,
    writes.map((w) => w.line),
    writes.map((w) => w.id),
    writes.map((w) => w.action),
  ];
  if (event) bind.push(input.requestId ?? null);
  if (invoices) bind.push(...invoices.bind);
  const table = stageTable(entity);
  // The record's place in the batch: created invoices are numbered in file order.
  const records = mergeWrites(writes);
  records.forEach((r, ord) => (r.ord = ord));
  let client: ClientBase | undefined;
  const outcome = await sequelize.transaction(async (transaction) => {
    client = clientOf(transaction);
    const staged = { ...columns, ...STAGED_ONLY[entity] };
    const stagedNames = Object.keys(staged);
    await ensureStage(
      client,
      table,
      ['action text', 'id uuid', 'ord int', ...stagedNames.map((n) => `${n} ${staged[n]}`)].join(', '),
    );
    await copyIntoStage(client, table, ['action', 'id', 'ord', ...stagedNames], records);
    const [done] = await sequelize.query<ImportBatchOutcome>(sql, { bind, type: QueryTypes.SELECT, transaction });
    if (entity === 'sessions' && records.some((r) => r.assigned !== undefined))
      for (const [statement, arity] of ASSIGNMENT_STATEMENTS)
        await sequelize.query(statement, { bind: [ownerId, input.requestId ?? null].slice(0, arity), transaction });
    // Issued invoices and their payments join the studio's ledger chain with the batch (issue 32 §6).
    if (invoices) {
      const created = writes.filter((w) => w.action === 'create').map((w) => w.id);
      await appendUnchainedLedgerRecords(sequelize, ownerId, transaction, { recordedAt: 'now', invoiceIds: created });
    }
    return done;
  });
  if (client) markStaged(client, table);
  return outcome;
}

/**
 * A session's members from the file (issue 44 §2), after the batch's statement, for the rows that
 * name any: the members the row no longer names leave the session, then each named one is put on
 * it (or given the row's role), each new one with its SESSION_ASSIGNED event as the api writes it.
 * Two statements, so that a lead handed from one member to another never holds two leads at once.
 * The addresses were checked against the studio's members before (activities/imports/prepare-rows.ts).
 */
const ASSIGNMENT_STATEMENTS: [string, number][] = [
  [
    `DELETE FROM session_assignments a USING ${stageTable('sessions')} v
    WHERE a.session_id = v.id AND a.owner_id = $1 AND v.assigned IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(v.assigned) AS x(user_id uuid, role text)
                       WHERE x.user_id = a.user_id AND x.role = a.role)`,
    1,
  ],
  [
    `WITH put AS (
      INSERT INTO session_assignments (owner_id, session_id, user_id, role)
      SELECT $1, v.id, x.user_id, x.role
        FROM ${stageTable('sessions')} v CROSS JOIN LATERAL jsonb_to_recordset(v.assigned) AS x(user_id uuid, role text)
       WHERE v.assigned IS NOT NULL AND EXISTS (SELECT 1 FROM sessions s WHERE s.id = v.id AND s.owner_id = $1)
      ON CONFLICT (session_id, user_id) DO NOTHING
      RETURNING session_id, user_id, role
    )
    INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
    SELECT 'SESSION_ASSIGNED', 'SESSION', p.session_id, $1,
           jsonb_build_object('assigned', jsonb_build_object('user_id', p.user_id, 'role', p.role, 'name', u.name, 'email', u.email)), $2
      FROM put p JOIN users u ON u.id = p.user_id`,
    2,
  ],
];

/**
 * The batch's one statement over the staging table `v`. Every statement of a WITH sees the same
 * snapshot, and an UPDATE … FROM applies one arbitrary source row per target row: so each record
 * gets one merged write (mergeWrites), while the write log (import_row_writes) keeps one line per
 * file line, its job run checked and locked once (a missing run leaves the log's NOT NULL job run
 * empty: the batch fails, as the foreign key this replaces failed it). Parameters: $1 owner, $2
 * job run, $3 to $5 the write log's lines, ids and actions,
 * $6 the request id when the entity has a created event; then the invoices' own.
 */
function batchStatement(
  entity: ImportEntity,
  names: string[],
  event: [OutboxEventType, DomainEntityType] | undefined,
  createdInvoices: string | undefined,
): string {
  // Columns the file left empty take the table's defaults (status, amount) on create.
  const insertValues = names
    .map((n) =>
      n === 'status' || n === 'amount' || n === 'reverse_charge'
        ? `COALESCE(v.${n}, ${defaultOf(entity, n)})`
        : `v.${n}`,
    )
    .join(', ');
  const created =
    createdInvoices ??
    `created AS (
      INSERT INTO ${entity} (id, owner_id, ${names.join(', ')}, created_at, updated_at)
      SELECT v.id, $1, ${insertValues}, now(), now() FROM v WHERE v.action = 'create'
      RETURNING *
    ),`;
  const events = event
    ? `
    events AS (
      INSERT INTO outbox_events (event_type, entity_type, entity_id, owner_id, payload, request_id)
      SELECT '${event[0]}', '${event[1]}', c.id, c.owner_id, to_jsonb(c), $6 FROM created c
    ),`
    : '';
  return `
    WITH v AS (SELECT * FROM ${stageTable(entity)}),
    ${created}${events}
    changed AS (
      UPDATE ${entity} t SET ${names.map((n) => `${n} = ${updatedValue(entity, n)}`).join(', ')},${entity === 'invoices' ? " balance_due = CASE WHEN t.status = 'DRAFT' THEN COALESCE(v.amount, t.amount) ELSE t.balance_due END," : ''} updated_at = now()
      FROM v
      WHERE v.action = 'update' AND t.id = v.id AND t.owner_id = $1
        AND (${names.map((n) => `t.${n}`).join(', ')}) IS DISTINCT FROM (${names.map((n) => updatedValue(entity, n)).join(', ')})
      RETURNING t.id
    ),
    run AS (SELECT id FROM job_runs WHERE id = $2 FOR KEY SHARE),
    write_log AS (
      INSERT INTO import_row_writes (job_run_id, line, entity_id, action)
      SELECT (SELECT id FROM run), * FROM unnest($3::int[], $4::uuid[], $5::text[])
    )
    SELECT (SELECT count(*) FROM created)::int AS created, (SELECT count(*) FROM changed)::int AS changed`;
}

/**
 * A created quote or invoice whose line names no currency is in the studio's (issue 30 §1), as one
 * made through the api; an update keeps the stored one where the cell is empty.
 */
async function withDocumentCurrency(
  sequelize: Sequelize,
  entity: ImportEntity,
  ownerId: string,
  writes: readonly ImportWrite[],
): Promise<readonly ImportWrite[]> {
  if (entity !== 'quotes' && entity !== 'invoices') return writes;
  if (!writes.some((w) => w.action === 'create' && !w.values.currency)) return writes;
  const currency = await findOwnerCurrency(sequelize, ownerId);
  return writes.map((w) =>
    w.action === 'create' && !w.values.currency ? { ...w, values: { ...w.values, currency } } : w,
  );
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
    for (const [field, value] of Object.entries(w.values))
      if (value !== undefined && value !== null) record[field] = value;
  }
  return [...byId.values()];
}

/** Defaults of the NOT NULL columns a file may leave empty (as the models declare them). */
function defaultOf(entity: ImportEntity, column: string): string {
  if (column === 'amount') return '0';
  if (column === 'reverse_charge') return 'false';
  return entity === 'sessions' ? "'PENDING'" : entity === 'quotes' ? "'PENDING'" : "'DRAFT'";
}

/** Statuses of an issued invoice of the studio's previous tool (issue 20: read as the migration reads them). */
const ISSUED_IMPORT = "('ISSUED', 'SENT', 'PAID', 'OVERDUE')";

/**
 * The created-invoices part of an invoices batch (issue 20 §1): a row whose status is DRAFT (or
 * empty) is a draft owing its amount; a row of an issued invoice (ISSUED, or the former SENT, PAID,
 * OVERDUE) is read as the data migration reads invoices: ISSUED now, numbered from the studio's
 * series in file order (the counter row drawn in this statement, as an issue does: no gaps), PAID
 * ones with a payment of method `other` for their amount in the write log. The answer's warnings say
 * so per line (activities/imports/imported-invoice-warning.ts). Parameters from `first` on: prefix, width,
 * suffix and counter period of the studio's invoice numbers at this moment. An imported invoice
 * has no lines (an import carries none, and an issued invoice's lines can never be added), so the
 * VAT summary an issue keeps (vat_amounts, read by the accounting export) is empty: `[]`.
 */
async function issuedInvoiceImport(
  sequelize: Sequelize,
  ownerId: string,
  names: string[],
  first: number,
): Promise<{ created: string; bind: unknown[] }> {
  const [owner] = await sequelize.query<{ time_zone: string }>('SELECT time_zone FROM organizations WHERE id = $1', {
    bind: [ownerId],
    type: QueryTypes.SELECT,
  });
  const { format, reset } = await numberFormatOf(sequelize, ownerId, 'invoice');
  const now = new Date();
  const template = numberTemplate(format, reset, now, owner.time_zone);
  const period = counterKey('invoice', reset, now, owner.time_zone).year ?? 0;
  const [prefix, width, suffix, periodParam] = [0, 1, 2, 3].map((i) => `$${first + i}`);
  const seq = `(c.last_value - (SELECT count(*) FROM issuing) + i.n)::text`;
  const paid = "(v.status = 'PAID' AND COALESCE(v.amount, 0) > 0)";
  const kept = names.filter((n) => n !== 'status');
  const created = `issuing AS (
      SELECT v.id, row_number() OVER (ORDER BY v.ord) AS n FROM v WHERE v.action = 'create' AND v.status IN ${ISSUED_IMPORT}
    ),
    counter AS (
      INSERT INTO document_counters (owner_id, series, period, last_value)
      SELECT $1, 'invoice', ${periodParam}::int, count(*) FROM issuing HAVING count(*) > 0
      ON CONFLICT (owner_id, series, period) DO UPDATE SET last_value = document_counters.last_value + EXCLUDED.last_value
      RETURNING last_value
    ),
    created AS (
      INSERT INTO invoices (id, owner_id, ${kept.join(', ')}, status, number, issued_at, vat_amounts, payment_status, amount_paid, balance_due, paid_at, created_at, updated_at)
      SELECT v.id, $1, ${kept.map((n) => (n === 'amount' ? 'COALESCE(v.amount, 0)' : `v.${n}`)).join(', ')},
        CASE WHEN i.n IS NULL THEN 'DRAFT' ELSE 'ISSUED' END,
        CASE WHEN i.n IS NOT NULL THEN ${prefix}::text || CASE WHEN length(${seq}) >= ${width}::int THEN ${seq} ELSE lpad(${seq}, ${width}::int, '0') END || ${suffix}::text END,
        CASE WHEN i.n IS NOT NULL THEN now() END,
        CASE WHEN i.n IS NOT NULL THEN '[]'::jsonb END,
        CASE WHEN i.n IS NOT NULL AND ${paid} THEN 'PAID' ELSE 'UNPAID' END,
        CASE WHEN i.n IS NOT NULL AND ${paid} THEN v.amount ELSE 0 END,
        CASE WHEN i.n IS NOT NULL AND ${paid} THEN 0 ELSE COALESCE(v.amount, 0) END,
        CASE WHEN i.n IS NOT NULL AND ${paid} THEN now() END,
        now(), now()
      FROM v LEFT JOIN issuing i ON i.id = v.id LEFT JOIN counter c ON true
      WHERE v.action = 'create'
      RETURNING *
    ),
    paid AS (
      INSERT INTO invoice_payments (owner_id, invoice_id, amount, currency, method, received_at, note)
      SELECT owner_id, id, amount, currency, 'other', now(), 'Imported as paid' FROM created WHERE payment_status = 'PAID'
    ),`;
  return { created, bind: [template.prefix, template.width, template.suffix, period] };
}
