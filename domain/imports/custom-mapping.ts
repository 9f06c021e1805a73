import { ValidationError } from '../errors';
import { IMPORT_TARGET_FIELDS, type ImportEntity, isTargetField } from './target-fields';

/**
 * Parses and checks the `mapping` query parameter: a JSON object of file column header to target
 * field name. Anything else, or a target the entity does not have, is a ValidationError whose
 * details list the valid fields, so the user can fix the mapping without reading the docs.
 */
export function parseCustomMapping(entity: ImportEntity, raw: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ValidationError('mapping must be a JSON object of column header to target field');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('mapping must be a JSON object of column header to target field');
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) throw new ValidationError('mapping must name at least one column');
  const valid = [...IMPORT_TARGET_FIELDS[entity]];
  const invalid = entries
    .filter(([, target]) => typeof target !== 'string' || !isTargetField(entity, target))
    .map(([, target]) => (typeof target === 'string' ? target : JSON.stringify(target)));
  if (invalid.length > 0) {
    throw new ValidationError(
      `Unknown target fields for ${entity}: ${invalid.join(', ')}. Valid fields: ${valid.join(', ')}`,
      {
        entity,
        invalid_fields: invalid,
        valid_fields: valid,
      },
    );
  }
  return Object.fromEntries(entries as [string, string][]);
}
