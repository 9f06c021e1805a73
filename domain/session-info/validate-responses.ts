import { isCalendarDate } from '../invoicing/calendar-date';
import { type SessionInfoFieldType } from './field-types';

export interface ResponseField {
  field_key: string;
  label: string;
  field_type: SessionInfoFieldType;
  options: string[] | null;
  is_required: boolean;
}

/** Longest answer kept per field type: a form answer, not a document. */
export const MAX_ANSWER_LENGTH: Record<SessionInfoFieldType, number> = {
  TEXT: 500,
  TEXTAREA: 5_000,
  DATE: 10,
  NUMBER: 30,
  SELECT: 255,
};

export type AnswerProblem =
  | 'required'
  | 'unknown_field'
  | 'too_long'
  | 'not_a_date'
  | 'not_a_number'
  | 'not_an_option'
  | 'not_text';

export interface AnswerError {
  field_key: string;
  problem: AnswerProblem;
  message: string;
}

/**
 * Checks answers against a template's fields and returns the cleaned answers (trimmed text,
 * numbers as numbers, blank answers dropped) or one error per field. Portal forms post strings,
 * the API may post numbers: both are accepted for NUMBER.
 */
export function validateResponses(
  fields: ResponseField[],
  raw: Record<string, unknown>,
): { ok: true; responses: Record<string, string | number> } | { ok: false; errors: AnswerError[] } {
  const errors: AnswerError[] = [];
  const responses: Record<string, string | number> = {};
  const known = new Map(fields.map((f) => [f.field_key, f]));
  for (const key of Object.keys(raw)) {
    if (!known.has(key))
      errors.push({ field_key: key, problem: 'unknown_field', message: 'is not a field of this form' });
  }
  for (const f of fields) {
    const value = raw[f.field_key];
    const text =
      typeof value === 'string'
        ? value.trim()
        : typeof value === 'number' && Number.isFinite(value)
          ? String(value)
          : value == null
            ? ''
            : null;
    if (text === null) {
      errors.push({ field_key: f.field_key, problem: 'not_text', message: 'must be text' });
      continue;
    }
    if (text === '') {
      if (f.is_required) errors.push({ field_key: f.field_key, problem: 'required', message: 'is required' });
      continue;
    }
    if (text.length > MAX_ANSWER_LENGTH[f.field_type]) {
      errors.push({
        field_key: f.field_key,
        problem: 'too_long',
        message: `must be at most ${MAX_ANSWER_LENGTH[f.field_type]} characters`,
      });
      continue;
    }
    switch (f.field_type) {
      case 'DATE':
        if (!isCalendarDate(text))
          errors.push({ field_key: f.field_key, problem: 'not_a_date', message: 'must be a date (YYYY-MM-DD)' });
        else responses[f.field_key] = text;
        break;
      case 'NUMBER': {
        const n = Number(text.replace(',', '.'));
        if (!Number.isFinite(n))
          errors.push({ field_key: f.field_key, problem: 'not_a_number', message: 'must be a number' });
        else responses[f.field_key] = n;
        break;
      }
      case 'SELECT':
        if (!(f.options ?? []).includes(text))
          errors.push({ field_key: f.field_key, problem: 'not_an_option', message: 'must be one of the options' });
        else responses[f.field_key] = text;
        break;
      default:
        responses[f.field_key] = text;
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, responses };
}
