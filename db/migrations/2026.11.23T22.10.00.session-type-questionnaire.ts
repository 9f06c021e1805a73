import { type Migration, runSql } from '../migrator';

/**
 * A session type names the questionnaire its sessions get by default (one of the studio's
 * templates). Existing types have none.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_session_types ADD COLUMN default_session_info_template_id uuid REFERENCES user_session_info_templates(id) ON DELETE SET NULL;
CREATE INDEX user_session_types_template_idx ON user_session_types (default_session_info_template_id) WHERE default_session_info_template_id IS NOT NULL;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(context, `ALTER TABLE user_session_types DROP COLUMN default_session_info_template_id;`);
