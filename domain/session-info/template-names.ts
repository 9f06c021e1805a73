/** The longest template name the column holds. */
export const MAX_TEMPLATE_NAME = 255;

/**
 * `name` itself when no template of the owner has it, else the first of "name (2)", "name (3)"…
 * that is free; the name is shortened so that the suffix always fits the column.
 */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name) && name.length <= MAX_TEMPLATE_NAME) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, MAX_TEMPLATE_NAME - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
