/**
 * How many failing rows an import result lists, and how many lines a preview shows. The result
 * travels through Temporal (2 MB per payload) and to the studio app as one JSON answer: a file of
 * 100 000 failing rows would make both fail. Past the budget the answer says how many there were,
 * and the error file (every failing row) is where a studio fixes them.
 */
export const RESULT_BUDGET = { maxItems: 1000, maxChars: 1_000_000 } as const;

/**
 * The first items of `items` that fit `maxItems` and, measured as JSON, `maxChars`; at least
 * the first one whatever its size. `truncated` says whether any was left out.
 */
export function withinBudget<T>(
  items: readonly T[],
  budget: { maxItems: number; maxChars: number } = RESULT_BUDGET,
): { kept: T[]; truncated: boolean } {
  const kept: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (kept.length >= budget.maxItems) break;
    chars += JSON.stringify(item).length + 1;
    if (kept.length > 0 && chars > budget.maxChars) break;
    kept.push(item);
  }
  return { kept, truncated: kept.length < items.length };
}
