import { type Sequelize } from 'sequelize-typescript';
import { asTableOwner } from './as-owner';

/**
 * Moves an issued record to another day (noon in `timeZone`), as if it had been made then: the
 * test's own connection, as the tables' owner, with the immutability triggers off for this one statement (what a test may
 * do, never the api).
 */
export async function backdate(
  sequelize: Sequelize,
  table: 'invoices' | 'credit_notes' | 'invoice_payments',
  id: string,
  day: string,
  timeZone = 'Europe/Paris',
): Promise<void> {
  const column = table === 'invoice_payments' ? 'received_at' : 'issued_at';
  await asTableOwner(sequelize, [
    ['SET LOCAL session_replication_role = replica'],
    [`UPDATE ${table} SET ${column} = ($1::date + time '12:00') AT TIME ZONE $3 WHERE id = $2`, [day, id, timeZone]],
  ]);
}
