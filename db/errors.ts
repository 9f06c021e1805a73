import {
  ConnectionError,
  DatabaseError,
  EmptyResultError,
  ForeignKeyConstraintError,
  UniqueConstraintError,
  ValidationError as SequelizeValidationError,
} from 'sequelize';

/**
 * What an error thrown by the ORM or the database means to a caller, without naming an HTTP
 * status: the api's error handler maps each kind to its answer, so `api/` never imports
 * `sequelize` to recognise its errors.
 */
export type DbErrorKind =
  /** A `rejectOnEmpty` lookup found nothing (missing, or not the caller's). */
  | { kind: 'not_found' }
  /** A unique constraint: the paths of the values that collide. */
  | { kind: 'unique'; paths: (string | null)[] }
  /** A foreign key: the record references, or is referenced by, a missing record. */
  | { kind: 'foreign_key' }
  /** A model validation rule. */
  | { kind: 'invalid'; details: { path: string | null; message: string }[] }
  /** The database cannot be reached. */
  | { kind: 'unavailable' }
  /** A check constraint, a value too long, out of range or of the wrong form. */
  | { kind: 'out_of_range' }
  /** A trigger refused to change a legal record (an issued invoice, a ledger row, a credit note). */
  | { kind: 'immutable'; code: 'invoice_issued' | 'ledger_append_only'; message: string };

// check_violation, string_data_right_truncation, invalid_text_representation, invalid_datetime_format, datetime_field_overflow
/** The SQLSTATE the legal-record triggers raise (migration 2026.11.24T00.00.00.legal-invoicing). */
const IMMUTABLE_CODE = 'SI409';

const OUT_OF_RANGE_CODES = new Set(['23514', '22001', '22P02', '22007', '22008']);

/** The kind of a database error, or undefined when `err` is not one the caller can be told about. */
export function classifyDbError(err: unknown): DbErrorKind | undefined {
  if (err instanceof EmptyResultError) return { kind: 'not_found' };
  if (err instanceof UniqueConstraintError) return { kind: 'unique', paths: err.errors.map((e) => e.path) };
  if (err instanceof ForeignKeyConstraintError) return { kind: 'foreign_key' };
  if (err instanceof SequelizeValidationError)
    return { kind: 'invalid', details: err.errors.map((e) => ({ path: e.path, message: e.message })) };
  if (err instanceof ConnectionError) return { kind: 'unavailable' };
  if (err instanceof DatabaseError) {
    const pgCode = (err.parent as { code?: string } | undefined)?.code;
    if (pgCode && OUT_OF_RANGE_CODES.has(pgCode)) return { kind: 'out_of_range' };
    if (pgCode === IMMUTABLE_CODE) {
      const hint = (err.parent as { hint?: string }).hint;
      return {
        kind: 'immutable',
        code: hint === 'ledger_append_only' ? 'ledger_append_only' : 'invoice_issued',
        message: err.parent.message,
      };
    }
  }
  return undefined;
}
