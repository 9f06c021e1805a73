import { ConflictError, type ConflictCode, ValidationError } from '../errors';
import { type LedgerRefusal } from './ledger';

/** A refusal of the payments ledger's rules as the API's error: 400 for a bad amount, else a 409 with the rule's code. */
export function ledgerError(refusal: LedgerRefusal): Error {
  if (refusal.code === 'amount_not_positive') return new ValidationError(refusal.message);
  return new ConflictError(refusal.code as ConflictCode, refusal.message);
}
