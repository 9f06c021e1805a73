import { type SessionTypeDefaultsSource } from './session-type-defaults';

/**
 * A session type name folded for comparison: lower case, then decomposed (NFD) with its accents
 * and other combining marks stripped, runs of white space made one space, trimmed.
 * "  Séance  NAISSANCE " and "seance naissance" fold alike; folding twice changes nothing
 * (lower case first: "İ" lower-cases to "i" plus a combining dot, which the marks step removes).
 */
export function normalizeSessionTypeName(name: string): string {
  return name
    .toLowerCase()
    // "ß" upper-cases to "SS": so "STRASSE" and "Straße" fold alike.
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A session type as a name lookup needs it. */
export interface NamedSessionType extends SessionTypeDefaultsSource {
  id: string;
  name: string;
}

/** Session types by folded name: what an import matches its cells against. */
export type SessionTypesByName = ReadonlyMap<string, NamedSessionType>;

/**
 * Indexes the types a studio may name: its own (owner_id = the studio) and the system ones (owner
 * NULL). When a studio type and a system type fold to the same name, the studio's wins (a studio's
 * copy of "Wedding" is the one it means). Among types of the same kind sharing a name, the first
 * in `types` wins: give them in a stable order (db/queries/session-types.ts#listNameableSessionTypes).
 */
export function indexSessionTypesByName(types: readonly NamedSessionType[]): SessionTypesByName {
  const index = new Map<string, NamedSessionType>();
  for (const type of types) {
    const key = normalizeSessionTypeName(type.name);
    if (key === '') continue;
    const held = index.get(key);
    if (held === undefined || (held.owner_id === null && type.owner_id !== null)) index.set(key, type);
  }
  return index;
}

/** The type a cell names (case, accents and surrounding spaces ignored), or undefined. */
export function findSessionTypeByName(index: SessionTypesByName, name: string): NamedSessionType | undefined {
  return index.get(normalizeSessionTypeName(name));
}
