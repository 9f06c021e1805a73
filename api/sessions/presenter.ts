import { type SessionRow } from '../../db/rows';
import { type SessionAssignmentRow } from '../../db/queries/session-assignments';

/** The fields of a session itself, as the studio and its client read them. */
export function presentSessionFields(s: SessionRow) {
  return {
    id: s.id,
    title: s.title,
    status: s.status,
    start_date: s.start_date?.toISOString() ?? null,
    end_date: s.end_date?.toISOString() ?? null,
    location: s.location,
    notes: s.notes,
    contact_id: s.contact_id,
    user_rate_id: s.user_rate_id,
    user_session_type_id: s.user_session_type_id,
    workflow_id: s.workflow_id,
    session_info_template_id: s.session_info_template_id,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

/** A session as the studio's api shows it: its fields and the members on it (not in the client's data: they are the studio's people). */
export function presentSession(s: SessionRow, assigned: readonly SessionAssignmentRow[]) {
  const { created_at, updated_at, ...fields } = presentSessionFields(s);
  return {
    ...fields,
    assigned: assigned.map(({ user_id, role, name, email }) => ({ user_id, role, name, email })),
    created_at,
    updated_at,
  };
}
