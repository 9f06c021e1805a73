import { type StoredRecord } from '../../db/queries/import-matches';
import { type ExistingRecord, identityKey } from '../../domain/imports/import-plan';
import { storedMatchKeys } from '../../domain/imports/match-keys';
import { type ImportEntity } from '../../domain/imports/target-fields';

/**
 * The stored records an import has matched so far, with their keys as they were before the import
 * wrote anything: what planning the whole file up front would have seen. Each batch looks up the
 * records sharing its keys; a record already known keeps its first keys (an earlier batch may
 * have updated it since, e-mail included), and a record the import created itself is no stored
 * match (a later row with its key updates it through the plan's same-record rule instead).
 *
 * Kept lean, as it lives as long as the import: key → id (an array only for a key several
 * records share), id → creation time for the order, and id → identity (a contact's e-mail key:
 * a name never joins a row to a record with another e-mail).
 */
export function createKnownRecords(entity: ImportEntity, timeZone: string, compact: (key: string) => string) {
  const createdUs = new Map<string, number>();
  const byKey = new Map<string, string | string[]>();
  /** Each record's identity (contacts: its e-mail key), as it was before the import. */
  const identities = new Map<string, string>();
  return {
    /** Records found for a batch; those in `createdHere` are this import's own. */
    learn(found: readonly StoredRecord[], createdHere: ReadonlySet<string>): void {
      for (const record of found) {
        if (createdUs.has(record.id) || createdHere.has(record.id)) continue;
        createdUs.set(record.id, record.created_us);
        const keys = storedMatchKeys(entity, record as Parameters<typeof storedMatchKeys>[1], timeZone).map(compact);
        const identity = identityKey(keys);
        if (identity !== undefined) identities.set(record.id, identity);
        for (const key of keys) {
          const ids = byKey.get(key);
          byKey.set(
            key,
            ids === undefined ? record.id : typeof ids === 'string' ? [ids, record.id] : [...ids, record.id],
          );
        }
      }
    },

    /**
     * The known records sharing one of these (compacted) keys, each with the keys it shares,
     * oldest first then by id (ORDER BY created_at, id): all the plan needs for rows with them.
     */
    sharingKeys(keys: Iterable<string>): ExistingRecord[] {
      const shared = new Map<string, string[]>();
      for (const key of new Set(keys)) {
        const ids = byKey.get(key);
        for (const id of ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids)
          shared.set(id, [...(shared.get(id) ?? []), key]);
      }
      const order = (id: string) => createdUs.get(id) as number;
      return [...shared]
        .sort(([a], [b]) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0))
        .map(([id, recordKeys]) => {
          const identity = identities.get(id);
          return identity === undefined ? { id, keys: recordKeys } : { id, keys: recordKeys, identity };
        });
    },
  };
}
