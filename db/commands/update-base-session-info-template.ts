import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';
import { loadBaseTemplate } from '../queries/session-info-templates';
import { type BaseTemplateInput, fieldColumns } from './session-info-templates';

/** Admin update: template columns, and the given fields upserted by field_key. */
export async function updateBaseTemplate(
  sequelize: Sequelize,
  id: string,
  input: Partial<BaseTemplateInput>,
): Promise<BaseSessionInfoTemplate> {
  await sequelize.transaction(async (transaction) => {
    const t = await BaseSessionInfoTemplate.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!t) throw new NotFoundError('Base session info template');
    const { fields, ...columns } = input;
    await t.update(columns, { transaction });
    if (!fields) return;
    const existing = await BaseSessionInfoTemplateField.findAll({ where: { template_id: id }, transaction });
    for (const [i, f] of fields.entries()) {
      const row = existing.find((e) => e.field_key === f.field_key);
      if (row) await row.update(fieldColumns(f, f.display_order ?? row.display_order), { transaction });
      else
        await BaseSessionInfoTemplateField.create(
          { template_id: id, ...fieldColumns(f, existing.length + i) },
          { transaction },
        );
    }
  });
  return loadBaseTemplate(sequelize, id);
}
