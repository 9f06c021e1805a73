/** What the import does with one valid row. */
export type RowAction = 'create' | 'update' | 'skip';
export const ROW_ACTIONS: readonly RowAction[] = ['create', 'update', 'skip'];

/**
 * A stored record that rows may match, with its keys. `identity` (contacts: its e-mail key) tells
 * two records apart: a weaker key (the name) never joins a row to a record whose identity differs.
 */
export interface ExistingRecord {
  id: string;
  keys: string[];
  identity?: string;
}

/** One valid row: its file line, its match keys, strongest first, and its identity (identityKey). */
export interface PlannedRow {
  line: number;
  keys: string[];
  identity?: string;
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

/** The identity of a row or record from its keys: contacts' e-mail key; other entities have none. */
export function identityKey(keys: readonly string[]): string | undefined {
  return keys.find((k) => k.startsWith('email:'));
}

/**
 * Decides, for each valid row in file order, whether to create, update or skip. Pure and
 * deterministic. Planning a file in batches decides exactly as planning it whole
 * (test/unit/imports/import-plan.test.ts).
 *
 * Without updateExisting every valid row creates its record: two rows are two records, and an
 * exact duplicate (same e-mail, or same name and neither with an e-mail) is only a warning.
 *
 * With updateExisting (or a row the user asked to update), a row updates the stored record its
 * strongest key matches (the oldest when several do, reported), else the record of an earlier row
 * of the file sharing a key (a warning), else it is created. A record whose identity (e-mail)
 * differs from the row's is never joined through a weaker key: "Marie Martin, marie1@" and
 * "Marie Martin, marie2@" are two people. A record takes the identity of the first row that gives
 * it one, so a third "Marie Martin, marie3@" does not join either.
 */
export function createImportPlanner(options: PlanOptions): ImportPlanner {
  /** Key → the first line of the file whose record has it. */
  const seenInFile = new Map<string, number>();
  /** Lines that updated a stored record: line → its id (the record's identity is kept under the id). */
  const storedOfLine = new Map<number, string>();
  /** Identities a record took during the import: stored id, or the line that created it. */
  const identities = new Map<string | number, string>();
  // Identities matter only where rows may join records; without, a plan keeps none.
  const joining = options.updateExisting || Object.values(options.rowActions ?? {}).includes('update');
  const state: PlanState = { seenInFile, storedOfLine, identities, joining };
  return {
    plan(rows, existing) {
      const byKey = new Map<string, ExistingRecord[]>();
      const byId = new Map(existing.map((r) => [r.id, r]));
      for (const record of existing) {
        for (const key of record.keys) {
          const records = byKey.get(key) ?? [];
          records.push(record);
          byKey.set(key, records);
        }
      }
      return rows.map((row) => {
        const decision = decide(row, byKey, state, options);
        remember(
          row,
          decision,
          decision.existingId === undefined ? undefined : byId.get(decision.existingId)?.identity,
          state,
        );
        return decision;
      });
    },
  };
}

/** The whole file at once: `existing` must come in a stable order (oldest first, then id). */
export function planImport(
  rows: readonly PlannedRow[],
  existing: readonly ExistingRecord[],
  options: PlanOptions,
): RowDecision[] {
  return createImportPlanner(options).plan(rows, existing);
}

interface PlanState {
  seenInFile: Map<string, number>;
  storedOfLine: Map<number, string>;
  identities: Map<string | number, string>;
  joining: boolean;
}

/** Whether a row may join a record: not when both have an identity and they differ. */
function compatible(rowIdentity: string | undefined, recordIdentity: string | undefined): boolean {
  return rowIdentity === undefined || recordIdentity === undefined || rowIdentity === recordIdentity;
}

function decide(
  row: PlannedRow,
  byKey: Map<string, ExistingRecord[]>,
  state: PlanState,
  options: PlanOptions,
): RowDecision {
  const asked = options.rowActions?.[row.line];
  if (asked === 'skip') return { line: row.line, action: 'skip' };
  const matching = (options.updateExisting && asked !== 'create') || asked === 'update';
  if (!matching) return { line: row.line, action: 'create', ...duplicateWarning(row, state) };
  const identityOfStored = (r: ExistingRecord) => state.identities.get(r.id) ?? r.identity;
  for (const key of row.keys) {
    const records = (byKey.get(key) ?? []).filter((r) => compatible(row.identity, identityOfStored(r)));
    if (records.length === 0) continue;
    const ids = records.map((r) => r.id);
    const warning =
      ids.length > 1
        ? `${ids.length} existing records match (${ids.join(', ')}); updated ${ids[0]}, the oldest`
        : undefined;
    return { line: row.line, action: 'update', existingId: ids[0], ...(warning ? { warning } : {}) };
  }
  for (const key of row.keys) {
    const line = state.seenInFile.get(key);
    if (line === undefined || !compatible(row.identity, state.identities.get(state.storedOfLine.get(line) ?? line)))
      continue;
    return {
      line: row.line,
      action: 'update',
      sameAsLine: line,
      warning: `Same record as line ${line}: this row updates it`,
    };
  }
  if (asked === 'update')
    return { line: row.line, action: 'skip', error: 'No existing record matches this row, so it cannot be updated' };
  return { line: row.line, action: 'create' };
}

/** Without updateExisting: the warning of an exact duplicate of an earlier line, which is still created. */
function duplicateWarning(row: PlannedRow, state: PlanState): { warning?: string } {
  for (const key of row.keys) {
    const line = state.seenInFile.get(key);
    if (line === undefined) continue;
    if (key.startsWith('email:'))
      return {
        warning: `Same e-mail as line ${line}: imported as another contact (updateExisting=true would update the first)`,
      };
    // A name shared by two rows without an e-mail (seenInFile keeps names of such rows only, see remember).
    if (key.startsWith('name:') && row.identity === undefined && state.identities.get(line) === undefined)
      return {
        warning: `Same name as line ${line}, neither with an e-mail: imported as another contact (updateExisting=true would update the first)`,
      };
  }
  return {};
}

/**
 * What the rest of the file must know of a planned row: its keys, and its record's identity
 * (`storedIdentity`: the stored record's own, when the row updates one).
 */
function remember(row: PlannedRow, decision: RowDecision, storedIdentity: string | undefined, state: PlanState): void {
  if (decision.action === 'skip') return;
  const root = decision.sameAsLine ?? row.line;
  if (decision.existingId !== undefined) state.storedOfLine.set(row.line, decision.existingId);
  if (state.joining) {
    const record = decision.existingId ?? state.storedOfLine.get(root) ?? root;
    // An update writes the row's e-mail: a record without one takes it.
    const identity = state.identities.get(record) ?? storedIdentity ?? row.identity;
    if (identity !== undefined) state.identities.set(record, identity);
  }
  for (const key of row.keys) {
    if (state.seenInFile.has(key)) continue;
    // Without joining, the keys serve the duplicate warnings only: a name only between rows without an e-mail.
    if (!state.joining && key.startsWith('name:') && row.identity !== undefined) continue;
    state.seenInFile.set(key, root);
  }
}

/**
 * The fields an update would change: stored value → file value, for the preview's diff. Values
 * compare as trimmed text; fields the file leaves empty are not changed by an update.
 */
export function fieldChanges(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, { from: string | null; to: string }> {
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
