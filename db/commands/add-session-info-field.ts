import { type Sequelize } from 'sequelize-typescript';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { findOwned } from '../queries/owned';
import { fieldColumns, type FieldInput, keyTaken } from './session-info-templates';

/** Fields of a user template; the template row is locked so two adds of one key cannot both pass. */
export async function addUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  input: FieldInput,
): Promise<UserSessionInfoTemplateField> {
  return sequelize.transaction(async (transaction) => {
    await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', templateId, ownerId, {
      transaction,
      lock: true,
    });
    const fields = await UserSessionInfoTemplateField.findAll({ where: { template_id: templateId }, transaction });
    if (fields.some((f) => f.field_key === input.field_key)) throw keyTaken(input.field_key);
    return UserSessionInfoTemplateField.create(
      { template_id: templateId, ...fieldColumns(input, fields.length) },
      { transaction },
    );
  });
}
