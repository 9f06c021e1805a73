import { type ExportColumn } from '../../../domain/exports/columns';
import { type ExportEntity } from '../../../domain/exports/export-kinds';

/**
 * Catalogue columns that are not a column of the entity's table (domain/exports/columns.ts): the
 * SQL that reads each over `t`, the exported row, and the joins it needs. A page (or the whole
 * COPY) stays one statement: each join finds its rows by key (user_session_types and contacts by
 * primary key, session_contacts by its (session_id, contact_id) primary key, session_assignments
 * by its (session_id, user_id) key), never a query per
 * row. Joined rows must belong to the row's owner (or be a system type): the exported rows are
 * filtered by owner, and so is everything shown beside them.
 */
interface DerivedColumn {
  expression: string;
  /** Names of entries of JOINS, in the order they must appear. */
  joins: readonly string[];
}

const JOINS: Record<string, string> = {
  session_type:
    'LEFT JOIN user_session_types AS st ON st.id = t.user_session_type_id AND (st.owner_id IS NULL OR st.owner_id = t.owner_id)',
  main_contact: 'LEFT JOIN contacts AS mc ON mc.id = t.contact_id AND mc.owner_id = t.owner_id',
  // One aggregate per session: "First Last (role)" in the order the contacts were added.
  session_contacts: `LEFT JOIN LATERAL (
      SELECT string_agg(btrim(concat_ws(' ', c.first_name, c.last_name)) || CASE WHEN coalesce(sc.role, '') <> '' THEN ' (' || sc.role || ')' ELSE '' END, '; ' ORDER BY sc.created_at, sc.contact_id) AS names
      FROM session_contacts AS sc JOIN contacts AS c ON c.id = sc.contact_id AND c.owner_id = t.owner_id
      WHERE sc.session_id = t.id
    ) AS sca ON true`,
  // The members on the session by role, by email, in the order they were put on it (issue 44 §2).
  assignments: `LEFT JOIN LATERAL (
      SELECT string_agg(u.email, '; ' ORDER BY a.created_at, a.user_id) FILTER (WHERE a.role = 'lead') AS lead,
             string_agg(u.email, '; ' ORDER BY a.created_at, a.user_id) FILTER (WHERE a.role = 'second_shooter') AS second_shooters,
             string_agg(u.email, '; ' ORDER BY a.created_at, a.user_id) FILTER (WHERE a.role = 'assistant') AS assistants
      FROM session_assignments AS a JOIN users AS u ON u.id = a.user_id
      WHERE a.session_id = t.id AND a.owner_id = t.owner_id
    ) AS asg ON true`,
};

const DERIVED: Partial<Record<ExportEntity, Record<string, DerivedColumn>>> = {
  // A yes/no cell, as the contacts import reads it back.
  contacts: { reverse_charge: { expression: "CASE WHEN t.reverse_charge THEN 'yes' ELSE 'no' END", joins: [] } },
  sessions: {
    session_type: { expression: 'st.name', joins: ['session_type'] },
    contact_name: {
      expression: "NULLIF(btrim(concat_ws(' ', mc.first_name, mc.last_name)), '')",
      joins: ['main_contact'],
    },
    session_contacts: { expression: 'sca.names', joins: ['session_contacts'] },
    lead: { expression: 'asg.lead', joins: ['assignments'] },
    second_shooters: { expression: 'asg.second_shooters', joins: ['assignments'] },
    assistants: { expression: 'asg.assistants', joins: ['assignments'] },
  },
};

/** True for a catalogue key read through joins, not a column of the entity's table. */
export function isDerivedColumn(entity: ExportEntity, key: string): boolean {
  return DERIVED[entity]?.[key] !== undefined;
}

/** The SQL that reads a derived column for the row `t`, or undefined for a column of the table itself. */
export function derivedSource(entity: ExportEntity, column: ExportColumn): string | undefined {
  return DERIVED[entity]?.[column.key]?.expression;
}

/** The joins the derived columns among `columns` need, each once, to append after `FROM <table> AS t`. */
export function joinsFor(entity: ExportEntity, columns: readonly ExportColumn[]): string {
  const names = new Set(columns.flatMap((c) => DERIVED[entity]?.[c.key]?.joins ?? []));
  return [...names].map((name) => ` ${JOINS[name]}`).join('');
}
