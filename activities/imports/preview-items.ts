import { type StoredRecord } from '../../db/queries/import-matches';
import { fieldChanges, type RowDecision } from '../../domain/imports/import-plan';
import { type ImportPreviewItem, type ImportRowError } from '../../workflows/imports/contract';
import { type PreparedRow } from './prepare-rows';

/**
 * A preview's lines for one planned batch: each refused row (to skip), then each decision with its
 * reason, and for an update of a stored contact the fields it would change.
 */
export function previewItems(
  rows: readonly PreparedRow[],
  decisions: readonly RowDecision[],
  errors: readonly ImportRowError[],
  stored: readonly StoredRecord[],
  mapping: Record<string, string>,
): ImportPreviewItem[] {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const storedById = new Map(stored.map((s) => [s.id, s]));
  const items: ImportPreviewItem[] = [];
  for (const e of errors)
    items.push({
      line: e.line,
      firstName: e.row[firstHeader(mapping, 'first_name')] ?? '',
      lastName: e.row[firstHeader(mapping, 'last_name')] ?? '',
      reason: e.message,
      suggestedAction: 'skip',
    });
  for (const d of decisions) {
    const values = (byLine.get(d.line) as PreparedRow).values;
    const names = { firstName: String(values.first_name ?? ''), lastName: String(values.last_name ?? '') };
    if (d.action === 'update' && d.existingId) {
      items.push({
        line: d.line,
        ...names,
        reason: d.warning ?? 'Matches an existing contact',
        suggestedAction: 'update',
        existingContactId: d.existingId,
        changes: fieldChanges(storedById.get(d.existingId) ?? {}, values),
      });
    } else if (d.action === 'update') {
      items.push({
        line: d.line,
        ...names,
        reason: d.warning ?? 'Same contact as an earlier line',
        suggestedAction: 'update',
      });
    } else {
      items.push({
        line: d.line,
        ...names,
        reason: d.error ?? d.warning ?? (d.action === 'create' ? 'New contact' : 'Skipped'),
        suggestedAction: d.action,
      });
    }
  }
  return items;
}

function firstHeader(mapping: Record<string, string>, target: string): string {
  return Object.keys(mapping).find((h) => mapping[h] === target) ?? '';
}
