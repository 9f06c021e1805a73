import { type Sequelize } from 'sequelize-typescript';
import { validateExportFields } from '../../domain/exports/fields';
import { ExportTemplate } from '../models/ExportTemplate';
import { findOwned } from '../queries/owned';
import { type ExportTemplateProps, takeDefault } from './save-export-template';

/**
 * Applies a partial update. The fields are checked against the entity the template ends up
 * with, so changing a template's entity without new fields is refused when its fields do not
 * fit; a template that is (or becomes) the default takes the default of its new entity and format.
 */
export async function updateExportTemplate(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: Partial<ExportTemplateProps>,
): Promise<ExportTemplate> {
  return sequelize.transaction(async (transaction) => {
    const template = await findOwned(sequelize, ExportTemplate, 'Export template', id, ownerId, {
      transaction,
      lock: true,
    });
    template.set(props);
    template.selected_fields = validateExportFields(template.entity, template.selected_fields);
    if (template.is_default) await takeDefault(sequelize, template, transaction);
    return template.save({ transaction });
  });
}
