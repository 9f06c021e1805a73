import { type StoredRecord } from '../../db/queries/import-matches';
import { type ExistingRecord } from '../../domain/imports/import-plan';
import { storedMatchKeys } from '../../domain/imports/match-keys';
import { type ImportEntity } from '../../domain/imports/target-fields';

interface KnownRecord extends ExistingRecord {
  createdUs: number;
}

/**
 * The stored records an import has matched so far, with their keys as they were before the import
 * wrote anything: what planning the whole file up front would have seen. Each batch looks up the
 * records sharing its keys; a record already known keeps its first keys (an earlier batch may
 * have updated it since, e-mail included), and a record the import created itself is no stored
 * match (a later row with its key updates it through the plan's same-record rule instead).
 */
export function createKnownRecords(entity: ImportEntity, timeZone: string) {
  const byId = new Map<string, KnownRecord>();
  const byKey = new Map<string, string[]>();
  return {
    /** Records found for a batch; those in `createdHere` are this import's own. */
    learn(found: readonly StoredRecord[], createdHere: ReadonlySet<string>): void {
      for (const record of found) {
        if (byId.has(record.id) || createdHere.has(record.id)) continue;
        const keys = storedMatchKeys(entity, record as Parameters<typeof storedMatchKeys>[1], timeZone);
        byId.set(record.id, { id: record.id, keys, createdUs: record.created_us });
        for (const key of keys) byKey.set(key, [...(byKey.get(key) ?? []), record.id]);
      }
    },

    /** The known records sharing a key with these, oldest first then by id (ORDER BY created_at, id). */
    sharingKeys(keys: Iterable<string>): ExistingRecord[] {
      const ids = new Set<string>();
      for (const key of keys) for (const id of byKey.get(key) ?? []) ids.add(id);
      return [...ids]
        .map((id) => byId.get(id) as KnownRecord)
        .sort((a, b) => a.createdUs - b.createdUs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(({ id, keys: recordKeys }) => ({ id, keys: recordKeys }));
    },
  };
}
