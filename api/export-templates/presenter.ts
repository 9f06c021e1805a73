import { type ExportTemplateRow } from '../../db/rows';

/** An export template as the spec lists its fields. */
export function presentExportTemplate(t: ExportTemplateRow) {
  return {
    id: t.id,
    owner_id: t.owner_id,
    name: t.name,
    description: t.description,
    entity: t.entity,
    format: t.format,
    selected_fields: t.selected_fields,
    is_default: t.is_default,
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}
