import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { loadUserTemplate } from '../queries/session-info-templates';
import { fieldColumns, type TemplateInput } from './session-info-templates';

export async function createUserTemplate(
  sequelize: Sequelize,
  ownerId: string,
  input: TemplateInput,
  origin: { base_template_id: string; locale: UserLocale } | null = null,
): Promise<UserSessionInfoTemplate> {
  const id = await sequelize.transaction(async (transaction) => {
    const t = await UserSessionInfoTemplate.create(
      {
        owner_id: ownerId,
        name: input.name,
        description: input.description ?? null,
        display_order: input.display_order ?? 0,
        ...origin,
      },
      { transaction },
    );
    await UserSessionInfoTemplateField.bulkCreate(
      (input.fields ?? []).map((f, i) => ({ template_id: t.id, ...fieldColumns(f, i) })),
      { transaction },
    );
    return t.id;
  });
  return loadUserTemplate(sequelize, id, ownerId);
}
