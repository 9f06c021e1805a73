import { type Sequelize } from 'sequelize-typescript';
import { type Model, type ModelCtor } from 'sequelize-typescript';
import { findOwned } from '../queries/owned';

/**
 * Deletes one of the owner's rows in one transaction; another user's id reads as not found
 * (`label`). The delete commands of each capability are written with it.
 */
export async function deleteOwned<M extends Model>(
  sequelize: Sequelize,
  model: ModelCtor<M>,
  label: string,
  id: string,
  ownerId: string,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const row = await findOwned(sequelize, model, label, id, ownerId, { transaction, lock: true });
    await row.destroy({ transaction });
  });
}
