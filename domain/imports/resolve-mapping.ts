import { ValidationError } from '../errors';
import { autoMapHeaders, headerVariants } from './header-mapping';
import { type ImportEntity } from './target-fields';

/**
 * The mapping an import uses: the custom one (already checked against the target fields), kept
 * to the headers the file has, else the automatic one. No usable column is a 400 that says which
 * headers are recognised.
 */
export function resolveImportMapping(
  entity: ImportEntity,
  headers: readonly string[],
  custom?: Record<string, string>,
): Record<string, string> {
  const mapping = custom
    ? Object.fromEntries(Object.entries(custom).filter(([h]) => headers.includes(h)))
    : autoMapHeaders(entity, headers);
  if (Object.keys(mapping).length === 0) {
    const examples = Object.values(headerVariants(entity)).map((v) => v[0]);
    throw new ValidationError(
      custom
        ? `None of the mapping's columns is in the file (its columns: ${headers.join(', ')})`
        : `No column of the file is recognised for ${entity}: use headers such as ${examples.join(', ')}, or send a mapping`,
      { headers, recognised_headers: examples },
    );
  }
  return mapping;
}
