import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';

export async function deleteBaseField(_sequelize: Sequelize, templateId: string, fieldId: string): Promise<void> {
  const n = await BaseSessionInfoTemplateField.destroy({ where: { id: fieldId, template_id: templateId } });
  if (n === 0) throw new NotFoundError('Base session info field');
}
