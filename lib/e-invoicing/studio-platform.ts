import { type Sequelize } from 'sequelize-typescript';
import { findPlatformConnection } from '../../db/queries/platform-connection';
import { type CredentialsCipher } from '../credentials-cipher';
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './platform-client';

/**
 * The platform client of a studio, or null when it has connected none. Clients are kept per
 * connection (owner and last change) so each keeps its cached token; a changed connection gets a
 * new one.
 */
export function createStudioPlatforms(
  sequelize: Sequelize,
  cipher: () => CredentialsCipher,
  options: PlatformClientOptions = {},
): (ownerId: string) => Promise<PlatformClient | null> {
  const clients = new Map<string, { version: number; client: PlatformClient }>();
  return async (ownerId) => {
    const connection = await findPlatformConnection(sequelize, ownerId);
    if (!connection) return null;
    const version = new Date(connection.updated_at).getTime();
    const kept = clients.get(ownerId);
    if (kept && kept.version === version) return kept.client;
    const client = createPlatformClient(
      {
        baseUrl: connection.base_url,
        clientId: connection.client_id,
        clientSecret: cipher().decrypt(connection.client_secret_encrypted),
      },
      options,
    );
    clients.set(ownerId, { version, client });
    return client;
  };
}
