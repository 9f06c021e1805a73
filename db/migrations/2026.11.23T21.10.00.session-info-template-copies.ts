import { type Migration, runSql } from '../migrator';

/**
 * A studio may copy a base questionnaire as often as it likes (from-base creates a new template
 * each time, as the spec says), while the copies made for it at registration and by
 * create-defaults stay one per base template, so those stay idempotent. `is_default_copy` tells
 * them apart; every copy that exists today is the one default copy of its base.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE user_session_info_templates ADD COLUMN is_default_copy boolean NOT NULL DEFAULT false;
UPDATE user_session_info_templates SET is_default_copy = true WHERE base_template_id IS NOT NULL;
DROP INDEX user_session_info_templates_base_key;
CREATE UNIQUE INDEX user_session_info_templates_base_key ON user_session_info_templates (owner_id, base_template_id)
  WHERE base_template_id IS NOT NULL AND is_default_copy;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DELETE FROM user_session_info_templates WHERE base_template_id IS NOT NULL AND NOT is_default_copy;
DROP INDEX user_session_info_templates_base_key;
CREATE UNIQUE INDEX user_session_info_templates_base_key ON user_session_info_templates (owner_id, base_template_id)
  WHERE base_template_id IS NOT NULL;
ALTER TABLE user_session_info_templates DROP COLUMN is_default_copy;
`,
  );
