/** What of a session type a session takes by default (db/models/UserSessionType). */
export interface SessionTypeDefaultsSource {
  /** NULL: a system type. */
  owner_id: string | null;
  default_workflow_id: string | null;
  default_session_info_template_id: string | null;
}

/**
 * The columns a session given this type takes from it, when it has none of its own: the type's
 * default workflow, and its questionnaire for the studio's own types only (a system type's
 * questionnaire is not the studio's). The API (db/commands/sessions.ts) and the sessions import
 * (activities/imports/prepare-rows.ts) both apply it.
 */
export function sessionTypeDefaults(type: SessionTypeDefaultsSource): {
  workflow_id?: string;
  session_info_template_id?: string;
} {
  return {
    ...(type.default_workflow_id ? { workflow_id: type.default_workflow_id } : {}),
    ...(type.owner_id && type.default_session_info_template_id
      ? { session_info_template_id: type.default_session_info_template_id }
      : {}),
  };
}
