import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { PlatformConnection } from '../models/PlatformConnection';
import { findPlatformConnection, type PlatformConnectionRow } from '../queries/platform-connection';

export interface PlatformConnectionInput {
  base_url: string;
  client_id: string;
  /** Already encrypted by the caller; null keeps the one stored (a change of URL alone). */
  client_secret_encrypted: string | null;
}

/**
 * Sets (or replaces) the owner's platform connection in one transaction. A null secret keeps the
 * stored one; a first save without one is a 400.
 */
export async function savePlatformConnection(
  sequelize: Sequelize,
  ownerId: string,
  input: PlatformConnectionInput,
): Promise<PlatformConnectionRow> {
  await sequelize.transaction(async (transaction) => {
    const existing = await PlatformConnection.findOne({ where: { owner_id: ownerId }, transaction, lock: true });
    if (existing) {
      existing.set({
        base_url: input.base_url,
        client_id: input.client_id,
        ...(input.client_secret_encrypted ? { client_secret_encrypted: input.client_secret_encrypted } : {}),
      });
      await existing.save({ transaction });
    } else {
      if (!input.client_secret_encrypted)
        throw new ValidationError('client_secret is required to connect a platform', [
          { path: 'client_secret', message: 'Required the first time' },
        ]);
      await PlatformConnection.create(
        {
          owner_id: ownerId,
          base_url: input.base_url,
          client_id: input.client_id,
          client_secret_encrypted: input.client_secret_encrypted,
        },
        { transaction },
      );
    }
  });
  return (await findPlatformConnection(sequelize, ownerId))!;
}
