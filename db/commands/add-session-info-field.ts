import { type Sequelize } from 'sequelize-typescript';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { fieldColumns, type FieldInput, keyTaken, lockedUserFields } from './session-info-templates';

/** Fields of a user template; the template row is locked so two adds of one key cannot both pass. */
export async function addUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  input: FieldInput,
): Promise<UserSessionInfoTemplateField> {
  return sequelize.transaction(async (transaction) => {
    const fields = await lockedUserFields(sequelize, ownerId, templateId, transaction);
    if (fields.some((f) => f.field_key === input.field_key)) throw keyTaken(input.field_key);
    return UserSessionInfoTemplateField.create(
      { template_id: templateId, ...fieldColumns(input, fields.length) },
      { transaction },
    );
  });
}
