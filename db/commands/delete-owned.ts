import { type Model, type ModelCtor } from 'sequelize-typescript';
import { findOwned } from '../queries/owned';

/**
 * Deletes one of the owner's rows in one transaction; another user's id reads as not found
 * (`label`). The delete commands of each capability are written with it.
 */
export async function deleteOwned<M extends Model>(
  model: ModelCtor<M>,
  label: string,
  id: string,
  ownerId: string,
): Promise<void> {
  const sequelize = model.sequelize;
  if (!sequelize) throw new Error(`${model.name} is not registered with Sequelize`);
  await sequelize.transaction(async (transaction) => {
    const row = await findOwned(model, label, id, ownerId, { transaction, lock: true });
    await row.destroy({ transaction });
  });
}
