import { countryCode } from '../countries';
import { ValidationError } from '../errors';
import { type DomainEntityType, type DomainEventType } from '../events/domain-event';
import { CONDITION_FIELDS, conditionFieldsOf, EVENT_ENTITY } from './fields';

export const CONDITION_OPERATORS = [
  'equals',
  'contains',
  'greater_than',
  'less_than',
  'in',
  'not_in',
  'is_null',
  'is_not_null',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const GROUP_OPERATORS = ['AND', 'OR'] as const;

export interface Condition {
  field: string;
  operator: ConditionOperator;
  value?: unknown;
}
export interface ConditionGroup {
  operator: (typeof GROUP_OPERATORS)[number];
  conditions: Condition[];
}

/** At most this many conditions in a group: a trigger is read by a person. */
export const MAX_CONDITIONS = 50;

/** The value at `path` (dot notation through relations); undefined when any step is missing. */
export function fieldValue(entity: unknown, path: string): unknown {
  let current: unknown = entity;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * A number from a number, or from a string that is one: decimal columns (amount, price) reach
 * the evaluator as strings. Anything else (empty, text, NaN, booleans) is not a number.
 */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * A country field's value as compared: its ISO code when the country rule reads it, so a trigger
 * saved with "France" still matches the contacts stored as FR since issue 28 (part 4); any other
 * value as it is.
 */
const countryKey = (v: unknown) => (typeof v === 'string' ? (countryCode(v, null) ?? v) : v);
const isCountryField = (field: string) => field === 'country' || field.endsWith('.country');

/** One condition against an entity. */
export function holds(condition: Condition, entity: unknown): boolean {
  const country = isCountryField(condition.field) && ['equals', 'in', 'not_in'].includes(condition.operator);
  const actual = country ? countryKey(fieldValue(entity, condition.field)) : fieldValue(entity, condition.field);
  const expected = country
    ? Array.isArray(condition.value)
      ? condition.value.map(countryKey)
      : countryKey(condition.value)
    : condition.value;
  switch (condition.operator) {
    case 'equals':
      return actual === expected;
    case 'contains':
      if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
      if (Array.isArray(actual)) return actual.includes(expected);
      return false;
    case 'greater_than':
    case 'less_than': {
      const a = asNumber(actual);
      const b = asNumber(expected);
      if (a === undefined || b === undefined) return false;
      return condition.operator === 'greater_than' ? a > b : a < b;
    }
    case 'in':
      return Array.isArray(expected) && expected.includes(actual);
    case 'not_in':
      return Array.isArray(expected) && !expected.includes(actual);
    case 'is_null':
      return actual === null || actual === undefined;
    case 'is_not_null':
      return actual !== null && actual !== undefined;
    default:
      // Conditions are checked when saved; one that was not (an old row) fails its evaluation.
      throw new Error(`Unknown condition operator "${String((condition as { operator: unknown }).operator)}"`);
  }
}

/** A group against an entity. No condition: the trigger always fires (for AND and OR alike). */
export function evaluate(group: ConditionGroup | null | undefined, entity: unknown): boolean {
  if (!group || group.conditions.length === 0) return true;
  return group.operator === 'OR'
    ? group.conditions.some((c) => holds(c, entity))
    : group.conditions.every((c) => holds(c, entity));
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Checks a condition group when a trigger is saved, for the entity of its event (or the one given,
 * for a SCHEDULED trigger's schedule_config.entity): known operators,
 * fields the entity has, values that fit the operator, no nested group. Returns it normalised;
 * throws a ValidationError saying what is wrong and what is allowed.
 */
export function validateConditions(
  raw: unknown,
  event: DomainEventType,
  entityOfTrigger?: DomainEntityType,
): ConditionGroup {
  if (raw === null || raw === undefined) return { operator: 'AND', conditions: [] };
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ValidationError('conditions must be an object {operator: "AND" | "OR", conditions: [...]}');
  const group = raw as Record<string, unknown>;
  const operator = group.operator ?? 'AND';
  if (!GROUP_OPERATORS.includes(operator as never))
    throw new ValidationError(`conditions.operator must be AND or OR, not ${JSON.stringify(operator)}`);
  const list = group.conditions ?? [];
  if (!Array.isArray(list)) throw new ValidationError('conditions.conditions must be an array');
  if (list.length > MAX_CONDITIONS) throw new ValidationError(`A trigger has at most ${MAX_CONDITIONS} conditions`);
  // A SCHEDULED trigger names its entity in schedule_config; other triggers read their event's (with its own fields, e.g. form.* on FORM_SUBMITTED).
  const entity = entityOfTrigger ?? EVENT_ENTITY[event];
  const fields = entityOfTrigger ? CONDITION_FIELDS[entityOfTrigger] : conditionFieldsOf(event);
  const conditions = list.map((item, i): Condition => {
    const at = `conditions.conditions[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new ValidationError(`${at} must be an object {field, operator, value}`);
    const c = item as Record<string, unknown>;
    if ('conditions' in c || c.operator === 'AND' || c.operator === 'OR')
      throw new ValidationError(
        `${at}: nested condition groups are not supported; put every condition in one AND or OR group`,
      );
    if (!CONDITION_OPERATORS.includes(c.operator as never))
      throw new ValidationError(
        `${at}.operator "${String(c.operator)}" is not one of ${CONDITION_OPERATORS.join(', ')}`,
      );
    const op = c.operator as ConditionOperator;
    if (typeof c.field !== 'string' || !c.field) throw new ValidationError(`${at}.field is required`);
    if (entity && !fields.includes(c.field))
      throw new ValidationError(
        `${at}.field "${c.field}" is not a field of ${entity.toLowerCase()}s; valid fields: ${fields.join(', ')}`,
      );
    if (op === 'is_null' || op === 'is_not_null') return { field: c.field, operator: op };
    if (!('value' in c)) throw new ValidationError(`${at}.value is required for ${op}`);
    const value = c.value;
    if ((op === 'greater_than' || op === 'less_than') && asNumber(value) === undefined)
      throw new ValidationError(`${at}.value must be a number for ${op}`);
    if (
      (op === 'in' || op === 'not_in') &&
      !(Array.isArray(value) && value.length > 0 && value.length <= 100 && value.every(isScalar))
    ) {
      throw new ValidationError(`${at}.value must be a list of 1 to 100 plain values for ${op}`);
    }
    if ((op === 'equals' || op === 'contains') && !isScalar(value))
      throw new ValidationError(`${at}.value must be a plain value (text, number, true/false or null) for ${op}`);
    return { field: c.field, operator: op, value };
  });
  return { operator: operator as ConditionGroup['operator'], conditions };
}
