import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import { UserSessionType } from '../models/UserSessionType';
import { findOwned } from '../queries/owned';
import { audit } from './session-types';

/** PostgreSQL's restrict_violation: a reference ON DELETE RESTRICT (the clients' bookings) refused the delete. */
const RESTRICT_VIOLATION = '23001';

/**
 * Deletes one of the studio's session types. Sessions and quote or invoice lines of that type are
 * detached (their type becomes null; the database's ON DELETE SET NULL), never deleted. A type
 * clients booked is refused (409 `session_type_booked`): their bookings keep it.
 */
export async function deleteSessionType(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  requestId?: string,
): Promise<void> {
  try {
    await sequelize.transaction(async (transaction) => {
      const row = await findOwned(sequelize, UserSessionType, 'Session type', id, ownerId, {
        transaction,
        lock: true,
      });
      await row.destroy({ transaction });
      await audit(ownerId, 'DELETE', id, { name: row.name }, transaction, requestId);
    });
  } catch (err) {
    // The clients' bookings of the type keep it (their reference restricts the delete).
    if ((err as { parent?: { code?: string } }).parent?.code === RESTRICT_VIOLATION)
      throw new ConflictError(
        'session_type_booked',
        'Clients have booked this session type: deactivate it, or turn its booking off, instead',
      );
    throw err;
  }
}
