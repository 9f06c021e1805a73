import { type SessionContactRow } from '../../db/queries/session-contacts';

export function presentSessionContact(row: SessionContactRow) {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}
