import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { type ExportTemplate } from '../models/ExportTemplate';

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
export async function takeDefault(
  sequelize: Sequelize,
  template: ExportTemplate,
  transaction: Transaction,
): Promise<void> {
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
