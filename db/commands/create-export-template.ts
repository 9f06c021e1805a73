import { type Sequelize } from 'sequelize-typescript';
import { validateExportFields } from '../../domain/exports/fields';
import { ExportTemplate } from '../models/ExportTemplate';
import { type ExportTemplateProps, takeDefault } from './save-export-template';

/** Saves a template; with is_default, the owner's previous default for that entity and format stops being one. */
export async function createExportTemplate(
  sequelize: Sequelize,
  ownerId: string,
  props: ExportTemplateProps,
): Promise<ExportTemplate> {
  const selected = validateExportFields(props.entity, props.selected_fields);
  return sequelize.transaction(async (transaction) => {
    const template = ExportTemplate.build({
      ...props,
      selected_fields: selected,
      is_default: props.is_default ?? false,
      owner_id: ownerId,
    });
    if (template.is_default) await takeDefault(sequelize, template, transaction);
    return template.save({ transaction });
  });
}
