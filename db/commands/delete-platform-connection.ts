import { type Sequelize } from 'sequelize-typescript';
import { PlatformConnection } from '../models/PlatformConnection';

/** Removes the owner's platform connection; answers whether there was one. */
export async function deletePlatformConnection(_sequelize: Sequelize, ownerId: string): Promise<boolean> {
  return (await PlatformConnection.destroy({ where: { owner_id: ownerId } })) > 0;
}
