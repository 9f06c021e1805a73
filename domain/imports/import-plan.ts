/** What the import does with one valid row. */
export type RowAction = 'create' | 'update' | 'skip';
export const ROW_ACTIONS: readonly RowAction[] = ['create', 'update', 'skip'];

/** A stored record that rows may match, with its keys (match-keys.ts). */
export interface ExistingRecord {
  id: string;
  keys: string[];
}

/** One valid row: its file line and its match keys, strongest first. */
export interface PlannedRow {
  line: number;
  keys: string[];
}

/**
 * The decision for one row. `existingId` is a stored record to update; `sameAsLine` is an
 * earlier row of the same file whose record this row updates once that one is written.
 */
export interface RowDecision {
  line: number;
  action: RowAction;
  existingId?: string;
  sameAsLine?: number;
  warning?: string;
  error?: string;
}

export interface PlanOptions {
  updateExisting: boolean;
  /** The user's review of a preview (contacts): file line → action. */
  rowActions?: Record<number, RowAction>;
}

/** Plans a file batch by batch, remembering the keys of the rows already planned. */
export interface ImportPlanner {
  /**
   * Decisions for the next rows of the file, in order. `existing` holds at least every stored
   * record sharing a key with these rows, in a stable order (oldest first, then id).
   */
  plan(rows: readonly PlannedRow[], existing: readonly ExistingRecord[]): RowDecision[];
}

/**
 * Decides, for each valid row in file order, whether to create, update or skip. Pure and
 * deterministic: when several stored records match, the first is chosen and the choice reported.
 * A key seen earlier in the same file (in this batch or an earlier one) makes the later row
 * update the earlier row's record (a warning), instead of a duplicate. Planning a file in batches
 * decides exactly as planning it whole (test/unit/imports/import-plan.test.ts).
 */
export function createImportPlanner(options: PlanOptions): ImportPlanner {
  const seenInFile = new Map<string, number>();
  return {
    plan(rows, existing) {
      const byKey = new Map<string, string[]>();
      for (const record of existing) {
        for (const key of record.keys) {
          const ids = byKey.get(key) ?? [];
          ids.push(record.id);
          byKey.set(key, ids);
        }
      }
      return rows.map((row) => {
        const decision = decide(row, byKey, seenInFile, options);
        if (decision.action !== 'skip') for (const key of row.keys) if (!seenInFile.has(key)) seenInFile.set(key, decision.sameAsLine ?? row.line);
        return decision;
      });
    },
  };
}

/** The whole file at once: `existing` must come in a stable order (oldest first, then id). */
export function planImport(rows: readonly PlannedRow[], existing: readonly ExistingRecord[], options: PlanOptions): RowDecision[] {
  return createImportPlanner(options).plan(rows, existing);
}

function decide(row: PlannedRow, byKey: Map<string, string[]>, seenInFile: Map<string, number>, options: PlanOptions): RowDecision {
  const asked = options.rowActions?.[row.line];
  if (asked === 'skip') return { line: row.line, action: 'skip' };
  const earlierKey = row.keys.find((k) => seenInFile.has(k));
  const matchKey = options.updateExisting || asked === 'update' ? row.keys.find((k) => byKey.has(k)) : undefined;
  if (asked !== 'create') {
    if (matchKey !== undefined) {
      const ids = byKey.get(matchKey) ?? [];
      const warning = ids.length > 1 ? `${ids.length} existing records match (${ids.join(', ')}); updated ${ids[0]}, the oldest` : undefined;
      return { line: row.line, action: 'update', existingId: ids[0], ...(warning ? { warning } : {}) };
    }
    if (earlierKey !== undefined) {
      const line = seenInFile.get(earlierKey) as number;
      return { line: row.line, action: 'update', sameAsLine: line, warning: `Same record as line ${line}: this row updates it` };
    }
    if (asked === 'update') return { line: row.line, action: 'skip', error: 'No existing record matches this row, so it cannot be updated' };
  }
  return { line: row.line, action: 'create' };
}

/**
 * The fields an update would change: stored value → file value, for the preview's diff. Values
 * compare as trimmed text; fields the file leaves empty are not changed by an update.
 */
export function fieldChanges(stored: Record<string, unknown>, incoming: Record<string, unknown>): Record<string, { from: string | null; to: string }> {
  const changes: Record<string, { from: string | null; to: string }> = {};
  for (const [field, value] of Object.entries(incoming)) {
    if (value === undefined || value === null || value === '') continue;
    const to = String(value).trim();
    const before = stored[field];
    const from = before === undefined || before === null ? null : String(before).trim();
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}
