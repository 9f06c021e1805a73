import { type Sequelize } from 'sequelize-typescript';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';
import { loadBaseTemplate } from '../queries/session-info-templates';
import { type BaseTemplateInput, fieldColumns } from './session-info-templates';

export async function createBaseTemplate(
  sequelize: Sequelize,
  input: BaseTemplateInput,
): Promise<BaseSessionInfoTemplate> {
  const id = await sequelize.transaction(async (transaction) => {
    const t = await BaseSessionInfoTemplate.create(
      {
        name: input.name,
        description: input.description ?? null,
        display_order: input.display_order ?? 0,
        default_session_type_id: input.default_session_type_id ?? null,
        locale: input.locale ?? 'fr-FR',
      },
      { transaction },
    );
    await BaseSessionInfoTemplateField.bulkCreate(
      (input.fields ?? []).map((f, i) => ({ template_id: t.id, ...fieldColumns(f, i) })),
      { transaction },
    );
    return t.id;
  });
  return loadBaseTemplate(sequelize, id);
}
