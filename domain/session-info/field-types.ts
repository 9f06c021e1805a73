/** Field types of session-info questionnaires. */
export const SESSION_INFO_FIELD_TYPES = ['TEXT', 'TEXTAREA', 'DATE', 'NUMBER', 'SELECT'] as const;
export type SessionInfoFieldType = (typeof SESSION_INFO_FIELD_TYPES)[number];

/** field_key is snake_case (`^[a-z][a-z0-9_]*$`), unique in its template. */
export const SESSION_INFO_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
