import { type Transaction } from 'sequelize';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';
import { type UserSessionType } from '../models/UserSessionType';
import { BASE_SESSION_INFO_TEMPLATES } from './session-info-template-data';
import { insertIfMissing } from './upsert';

/**
 * Inserts the base session-info templates that are missing, with their fields. A template that
 * exists is admin-managed from then on: the seed never rewrites it or brings back a field an
 * admin deleted. Returns how many templates were created.
 */
export async function seedBaseSessionInfoTemplates(
  sessionTypes: Map<string, UserSessionType>,
  transaction: Transaction,
): Promise<number> {
  let created = 0;
  for (const [index, t] of BASE_SESSION_INFO_TEMPLATES.entries()) {
    const result = await insertIfMissing(
      BaseSessionInfoTemplate,
      { business_key: t.businessKey, locale: t.locale },
      {
        name: t.name,
        description: t.description,
        default_session_type_id: sessionTypes.get(t.sessionTypeKey)?.id ?? null,
        display_order: index,
      },
      transaction,
    );
    if (!result.created) continue;
    created += 1;
    await BaseSessionInfoTemplateField.bulkCreate(
      t.fields.map((f, order) => ({
        template_id: result.row.id,
        field_key: f.key,
        label: f.label,
        field_type: f.type,
        options: f.options ?? null,
        is_required: f.required ?? false,
        display_order: order,
      })),
      { transaction },
    );
  }
  return created;
}
