import { type SessionTypeDefaultsSource } from './session-type-defaults';

/**
 * A session type name folded for comparison: lower case, then decomposed (NFD) with its accents
 * and other combining marks stripped, runs of white space made one space, trimmed.
 * "  Séance  NAISSANCE " and "seance naissance" fold alike; folding twice changes nothing
 * (lower case first: "İ" lower-cases to "i" plus a combining dot, which the marks step removes).
 */
export function normalizeSessionTypeName(name: string): string {
  return (
    name
      .toLowerCase()
      // "ß" upper-cases to "SS": so "STRASSE" and "Straße" fold alike.
      .replace(/ß/g, 'ss')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

/** A session type as a name lookup needs it. */
export interface NamedSessionType extends SessionTypeDefaultsSource {
  id: string;
  name: string;
}

/** Session types by folded name: what an import matches its cells against. */
export type SessionTypesByName = ReadonlyMap<string, readonly NamedSessionType[]>;

/**
 * Indexes the types a studio may name: its own (owner_id = the studio) and the system ones (owner
 * NULL). When a studio type and a system type fold to the same name, only the studio's are kept (a
 * studio's copy of "Wedding" is the one it means). Types of the same kind that fold to the same
 * name are all kept, in the order given: the name is ambiguous and the import says so.
 */
export function indexSessionTypesByName(types: readonly NamedSessionType[]): SessionTypesByName {
  const index = new Map<string, NamedSessionType[]>();
  for (const type of types) {
    const key = normalizeSessionTypeName(type.name);
    if (key === '') continue;
    const held = index.get(key) ?? [];
    const heldOwn = held.some((t) => t.owner_id !== null);
    if (type.owner_id !== null && !heldOwn) index.set(key, [type]);
    else if ((type.owner_id !== null) === heldOwn) index.set(key, [...held, type]);
  }
  return index;
}

/** What a cell's session type name points at. */
export type SessionTypeMatch =
  | { kind: 'found'; type: NamedSessionType }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; types: readonly NamedSessionType[] };

/** The type a cell names (case, accents and surrounding spaces ignored): one, none, or several. */
export function findSessionTypeByName(index: SessionTypesByName, name: string): SessionTypeMatch {
  const types = index.get(normalizeSessionTypeName(name)) ?? [];
  if (types.length === 0) return { kind: 'unknown' };
  if (types.length === 1) return { kind: 'found', type: types[0] as NamedSessionType };
  return { kind: 'ambiguous', types };
}
