import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type Scrubber } from '../../domain/contacts/erasure';
import { escapeLike } from '../queries/escape-like';

/**
 * A table that keeps copies of a contact's values in passing (an event's payload, a job's input
 * and result, an email's recipient, an audit row's metadata): the rows to look at and the columns
 * to scrub. Every fragment is a constant of this file; values are bound: `$1` the owner, `$2` the
 * ids of the contact and of its records, `$3` the ILIKE patterns of its strong values.
 */
interface CopyTable {
  table: string;
  /** The primary key's type (`id`): outbox events count, everything else is a uuid. */
  idType?: 'bigint';
  /** The owner's rows. */
  owned: string;
  /** Rows about the contact or one of its records, scrubbed whatever they hold. */
  linked: string;
  columns: { name: string; json: boolean }[];
}

const text = (name: string) => ({ name, json: false });
const json = (name: string) => ({ name, json: true });

/**
 * Where copies of a contact live besides the contact (docs/data-retention.md lists them). Issued
 * invoices, credit notes and payments are not here: their buyer copy is the legal record.
 */
const COPY_TABLES: readonly CopyTable[] = [
  {
    table: 'outbox_events',
    idType: 'bigint',
    owned: 'owner_id = $1',
    linked: 'entity_id = ANY($2::uuid[])',
    columns: [json('payload'), text('last_error')],
  },
  {
    table: 'job_runs',
    owned: "(user_id = $1 OR payload ->> 'ownerId' = $1::text)",
    linked: 'entity_id = ANY($2::text[])',
    columns: [json('payload'), json('result'), text('error')],
  },
  {
    table: 'audit_logs',
    owned: 'resource_owner_id = $1',
    linked: 'entity_id = ANY($2::uuid[])',
    columns: [json('metadata')],
  },
  {
    table: 'email_tracking',
    owned: 'owner_id = $1',
    linked: 'entity_id = ANY($2::uuid[])',
    columns: [text('recipient'), text('subject'), text('error')],
  },
  {
    table: 'session_workflow_task_runs',
    owned: 'session_id IN (SELECT id FROM sessions WHERE owner_id = $1)',
    linked: 'session_id = ANY($2::uuid[])',
    columns: [json('metadata'), text('error')],
  },
  {
    table: 'entity_workflow_task_runs',
    owned: 'owner_id = $1',
    linked: '(entity_id = ANY($2::uuid[]) OR contact_id = ANY($2::uuid[]))',
    columns: [json('metadata'), text('error')],
  },
  {
    table: 'workflow_trigger_executions',
    owned: 'owner_id = $1',
    linked: 'entity_id = ANY($2::uuid[])',
    columns: [text('error_message')],
  },
  {
    table: 'invoice_reminders',
    owned: 'owner_id = $1',
    linked: 'invoice_id = ANY($2::uuid[])',
    columns: [text('error')],
  },
];

/** What an erasure changes in a copy besides scrubbing its strings (whole payloads that are the person's). */
export interface CopyRules {
  /** The erased contact: events about it (CONTACT_CREATED, FORM_SUBMITTED) lose their whole payload. */
  contactId: string;
  /** Sessions whose answers were cleared: their SESSION_INFO_SUBMITTED events lose the answers too. */
  clearedSessionIds: ReadonlySet<string>;
}

/** A copy's payload after the rules, before its strings are scrubbed. */
function ruledPayload(row: Record<string, unknown>, rules: CopyRules): unknown {
  if (row.entity_type === 'CONTACT' && row.entity_id === rules.contactId) return { erased: true };
  const payload = row.payload as Record<string, unknown> | null;
  if (row.event_type === 'SESSION_INFO_SUBMITTED' && rules.clearedSessionIds.has(String(row.entity_id)) && payload)
    return { ...payload, responses: {} };
  return payload;
}

/**
 * Scrubs the copies of one contact in every COPY_TABLES table, in the erasure's transaction: the
 * owner's rows about the contact or its records, and any other row of the owner holding one of its
 * strong values (an email, a phone number, the full name). Each string is scrubbed
 * (domain/contacts/erasure.ts); a row is written only when something changed. Answers how many
 * rows changed per table (counts for the audit row and the summary, never values).
 */
export async function scrubContactCopies(
  sequelize: Sequelize,
  ownerId: string,
  linkedIds: readonly string[],
  scrubber: Scrubber,
  rules: CopyRules,
  transaction: Transaction,
): Promise<Record<string, number>> {
  const patterns = scrubber.strong.map((n) => `%${escapeLike(n)}%`);
  const counts: Record<string, number> = {};
  for (const copy of COPY_TABLES) {
    const extra = copy.table === 'outbox_events' ? ', entity_type, entity_id::text AS entity_id, event_type' : '';
    const haystack = copy.columns.map((c) => `coalesce(${c.name}::text, '')`).join(` || ' ' || `);
    const rows = await sequelize.query<Record<string, unknown> & { row_id: string }>(
      `SELECT id::text AS row_id, ${copy.columns.map((c) => c.name).join(', ')}${extra} FROM ${copy.table}
       WHERE ${copy.owned} AND ((${copy.linked}) OR (${haystack}) ILIKE ANY($3::text[]))`,
      { bind: [ownerId, [...linkedIds], patterns], type: QueryTypes.SELECT, transaction },
    );
    let changed = 0;
    for (const row of rows) {
      const sets: string[] = [];
      const values: unknown[] = [];
      for (const column of copy.columns) {
        const before = row[column.name];
        if (before === null || before === undefined) continue;
        const ruled = copy.table === 'outbox_events' && column.name === 'payload' ? ruledPayload(row, rules) : before;
        const after = column.json ? scrubber.json(ruled) : scrubber.text(String(ruled));
        if (JSON.stringify(after) === JSON.stringify(before)) continue;
        values.push(column.json ? JSON.stringify(after) : after);
        sets.push(`${column.name} = $${values.length}${column.json ? '::jsonb' : ''}`);
      }
      if (sets.length === 0) continue;
      values.push(row.row_id);
      await sequelize.query(
        `UPDATE ${copy.table} SET ${sets.join(', ')} WHERE id = $${values.length}::${copy.idType ?? 'uuid'}`,
        {
          bind: values,
          transaction,
        },
      );
      changed += 1;
    }
    if (changed > 0) counts[copy.table] = changed;
  }
  return counts;
}
