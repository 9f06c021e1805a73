/**
 * Frozen for migration 2026.11.24T00.05.00.invoice-trigger-conditions (issue 20): the rule that
 * read stored trigger conditions in the new invoice vocabulary, with the shapes of a condition as
 * they stood then (domain/workflow-triggers/conditions.ts). Never edit.
 */

/** A stored trigger condition (workflow_triggers.conditions), as it stood then. */
export interface Condition {
  field: string;
  operator: string;
  value?: unknown;
}

/** A stored group of conditions. */
export interface ConditionGroup {
  operator: 'AND' | 'OR';
  conditions: Condition[];
}

/**
 * Trigger conditions written before legal invoicing (issue 20) read an invoice's `status` as
 * DRAFT, SENT, PAID or OVERDUE. The status is now the document's life (DRAFT, ISSUED, CANCELLED)
 * and PAID a payment status, so a stored condition is read as the data migration reads invoices:
 * - `status` = PAID (or `in` a list of PAID only) → `payment_status` = PAID;
 * - SENT and OVERDUE → ISSUED (OVERDUE is a derived fact now, is_overdue, not a stored value);
 * - in a list mixing PAID with others, PAID becomes ISSUED too (a paid invoice is an issued one),
 *   so the condition never matches fewer invoices than before.
 * Conditions on other fields, or already in the new vocabulary, are left as they are.
 */
const LEGACY: Record<string, string> = { SENT: 'ISSUED', OVERDUE: 'ISSUED', PAID: 'ISSUED' };

function migrateCondition(condition: Condition): Condition {
  if (condition.field !== 'status') return condition;
  const value = condition.value;
  if (typeof value === 'string') {
    const upper = value.toUpperCase();
    if (upper === 'PAID' && (condition.operator === 'equals' || condition.operator === 'contains'))
      return { ...condition, field: 'payment_status', value: 'PAID' };
    return LEGACY[upper] ? { ...condition, value: LEGACY[upper] } : condition;
  }
  if (Array.isArray(value)) {
    const upper = value.map((v) => (typeof v === 'string' ? v.toUpperCase() : v));
    if (upper.length > 0 && upper.every((v) => v === 'PAID'))
      return { ...condition, field: 'payment_status', value: ['PAID'] };
    if (!upper.some((v) => typeof v === 'string' && LEGACY[v])) return condition;
    return { ...condition, value: [...new Set(upper.map((v) => (typeof v === 'string' ? (LEGACY[v] ?? v) : v)))] };
  }
  return condition;
}

/** The group with every legacy invoice-status condition read in today's vocabulary. */
export function migrateInvoiceConditions(group: ConditionGroup): ConditionGroup {
  return { ...group, conditions: (group.conditions ?? []).map(migrateCondition) };
}
