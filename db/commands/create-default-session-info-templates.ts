import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { userTemplateInclude } from '../queries/session-info-templates';
import { copyBaseSessionInfoTemplates } from './copy-base-session-info-templates';
import { fieldColumns } from './session-info-templates';

/**
 * create-defaults: copies the base templates in the user's locale that the user has no copy of yet
 * (the registration code path), then adds to each existing copy the base fields whose field_key it lacks. A field the user
 * already has, edited or not, is never changed or removed, so user edits survive; a second run
 * finds nothing missing and changes nothing.
 */
export async function createDefaults(
  sequelize: Sequelize,
  ownerId: string,
  locale: UserLocale,
): Promise<{ created: number; fields_added: number }> {
  return sequelize.transaction(async (transaction) => {
    const created = await copyBaseSessionInfoTemplates(sequelize, ownerId, { transaction, locale });
    const copies = await UserSessionInfoTemplate.findAll({
      where: { owner_id: ownerId, is_default_copy: true },
      include: userTemplateInclude,
      transaction,
    });
    let fieldsAdded = 0;
    for (const copy of copies) {
      if (!copy.base_template_id) continue;
      const base = await BaseSessionInfoTemplate.findByPk(copy.base_template_id, {
        include: [{ association: 'fields' }],
        transaction,
      });
      if (!base) continue;
      const have = new Set((copy.fields ?? []).map((f) => f.field_key));
      const missing = (base.fields ?? []).filter((f) => !have.has(f.field_key));
      await UserSessionInfoTemplateField.bulkCreate(
        missing.map((f) => ({ template_id: copy.id, ...fieldColumns(f, f.display_order) })),
        { transaction },
      );
      fieldsAdded += missing.length;
    }
    return { created, fields_added: fieldsAdded };
  });
}
