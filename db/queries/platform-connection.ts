import { type Sequelize } from 'sequelize-typescript';
import { PlatformConnection } from '../models/PlatformConnection';

/** A studio's platform connection as plain data (the secret still encrypted). */
export interface PlatformConnectionRow {
  owner_id: string;
  base_url: string;
  client_id: string;
  client_secret_encrypted: string;
  created_at: Date;
  updated_at: Date;
}

/** The owner's platform connection, or null when the studio has set none. */
export async function findPlatformConnection(
  _sequelize: Sequelize,
  ownerId: string,
): Promise<PlatformConnectionRow | null> {
  return PlatformConnection.findOne({
    where: { owner_id: ownerId },
    attributes: ['owner_id', 'base_url', 'client_id', 'client_secret_encrypted', 'created_at', 'updated_at'],
    raw: true,
  });
}
