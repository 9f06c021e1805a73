import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { type UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { fieldColumns, type FieldInput, keyTaken, lockedUserFields, presentable } from './session-info-templates';

function assertSelectHasOptions(f: Pick<FieldInput, 'field_type' | 'options'>): void {
  if (f.field_type === 'SELECT' && (!f.options || f.options.length === 0)) {
    throw new ValidationError('a SELECT field needs at least one option', [
      { path: ['options'], message: 'a SELECT field needs at least one option' },
    ]);
  }
}

export async function updateUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  fieldId: string,
  patch: Partial<FieldInput>,
): Promise<UserSessionInfoTemplateField> {
  return sequelize.transaction(async (transaction) => {
    const fields = await lockedUserFields(sequelize, ownerId, templateId, transaction);
    const field = fields.find((f) => f.id === fieldId);
    if (!field) throw new NotFoundError('Session info field');
    const merged = { ...presentable(field), ...patch };
    assertSelectHasOptions(merged);
    if (patch.field_key && fields.some((f) => f.id !== fieldId && f.field_key === patch.field_key))
      throw keyTaken(patch.field_key);
    return field.update(fieldColumns(merged, field.display_order), { transaction });
  });
}
