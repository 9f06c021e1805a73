import { type SessionRow } from '../../db/rows';

/** The fields of a session the API shows. */
export function presentSession(s: SessionRow) {
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
