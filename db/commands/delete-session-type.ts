import { type Sequelize } from 'sequelize-typescript';
import { UserSessionType } from '../models/UserSessionType';
import { findOwned } from '../queries/owned';
import { audit } from './session-types';

/**
 * Deletes one of the studio's session types. Sessions and quote or invoice lines of that type are
 * detached (their type becomes null; the database's ON DELETE SET NULL), never deleted.
 */
export async function deleteSessionType(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  requestId?: string,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const row = await findOwned(sequelize, UserSessionType, 'Session type', id, ownerId, { transaction, lock: true });
    await row.destroy({ transaction });
    await audit(ownerId, 'DELETE', id, { name: row.name }, transaction, requestId);
  });
}
