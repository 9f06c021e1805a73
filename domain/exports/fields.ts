import { ValidationError } from '../errors';
import { exportKeys } from './columns';
import { type ExportEntity } from './export-kinds';

/**
 * Checks a field selection against the entity's valid keys (spec: Exports rule 1, Errors 1):
 * trimmed, duplicates dropped (first place kept), and any unknown key rejects the whole request
 * with a message naming the entity, the invalid fields and the valid fields.
 */
export function validateExportFields(entity: ExportEntity, fields: readonly string[]): string[] {
  const valid = exportKeys(entity);
  const wanted = [...new Set(fields.map((f) => f.trim()).filter(Boolean))];
  if (wanted.length === 0)
    throw new ValidationError(`Choose at least one field to export for ${entity}. Valid fields: ${valid.join(', ')}`, {
      entity,
      invalid_fields: [],
      valid_fields: valid,
    });
  const invalid = wanted.filter((f) => !valid.includes(f));
  if (invalid.length > 0) {
    throw new ValidationError(
      `Invalid fields for ${entity}: ${invalid.join(', ')}. Valid fields: ${valid.join(', ')}`,
      { entity, invalid_fields: invalid, valid_fields: valid },
    );
  }
  return wanted;
}

/**
 * The fields an export uses (spec: Exports rule 2): those asked for; else the default
 * template's; else every key of the entity in catalogue order.
 */
export function resolveExportFields(
  entity: ExportEntity,
  asked: readonly string[] | undefined,
  templateFields: readonly string[] | undefined,
): string[] {
  if (asked !== undefined) return validateExportFields(entity, asked);
  if (templateFields?.length) return validateExportFields(entity, templateFields);
  return exportKeys(entity);
}
