import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { validateExportFields } from '../../domain/exports/fields';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { ExportTemplate } from '../models/ExportTemplate';
import { findOwned } from '../queries/owned';
import { deleteOwned } from './delete-owned';

export interface ExportTemplateProps {
  name: string;
  description?: string | null;
  entity: ExportEntity;
  format: ExportFormat;
  selected_fields: string[];
  is_default?: boolean;
}

/**
 * Makes `template` the only default of its owner, entity and format. An advisory lock on that
 * triple serialises concurrent saves, so two requests that both ask to be the default both
 * succeed and the later one wins, instead of one failing on the partial unique index.
 */
async function takeDefault(sequelize: Sequelize, template: ExportTemplate, transaction: Transaction): Promise<void> {
  await sequelize.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', {
    bind: [`export-template-default:${template.owner_id}:${template.entity}:${template.format}`],
    transaction,
  });
  await sequelize.query(
    'UPDATE export_templates SET is_default = false, updated_at = now() WHERE owner_id = $1 AND entity = $2 AND format = $3 AND is_default AND id <> $4',
    {
      bind: [template.owner_id, template.entity, template.format, template.id],
      transaction,
    },
  );
}

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

/** Deletes one of the owner's export templates. */
export async function deleteExportTemplate(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, ExportTemplate, 'Export template', id, ownerId);
}
