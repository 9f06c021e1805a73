import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { findOwned } from '../queries/owned';

export async function deleteUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  fieldId: string,
): Promise<void> {
  await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', templateId, ownerId);
  const n = await UserSessionInfoTemplateField.destroy({ where: { id: fieldId, template_id: templateId } });
  if (n === 0) throw new NotFoundError('Session info field');
}
