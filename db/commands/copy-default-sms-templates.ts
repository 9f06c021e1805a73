import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { SmsTemplate } from '../models/SmsTemplate';
import { type SmsTemplateRow } from '../rows';

/**
 * Copies the system templates of the user's language that the user does not have yet (same
 * business key): idempotent, and safe when called twice at once (a unique index decides).
 * Templates the user already has, edited or not, are left as they are. Answers how many were
 * copied and the owner's templates, oldest first.
 */
export async function copyDefaultSmsTemplates(
  sequelize: Sequelize,
  ownerId: string,
  locale: string,
): Promise<{ created: number; templates: SmsTemplateRow[] }> {
  const created = await sequelize.query<{ id: string }>(
    `INSERT INTO sms_templates (owner_id, business_key, name, message, locale, is_active)
     SELECT $1, business_key, name, message, locale, true FROM sms_templates WHERE owner_id IS NULL AND locale = $2
     ON CONFLICT (owner_id, business_key, locale) WHERE owner_id IS NOT NULL AND business_key IS NOT NULL DO NOTHING
     RETURNING id`,
    { bind: [ownerId, locale], type: QueryTypes.SELECT },
  );
  const templates = await SmsTemplate.findAll({
    where: { owner_id: ownerId },
    order: [
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: 500,
  });
  return { created: created.length, templates };
}
