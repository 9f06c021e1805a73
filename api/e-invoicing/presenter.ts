import { type z } from 'zod';
import { type DirectoryEntry } from '../../lib/e-invoicing/platform-client';
import { type PlatformConnectionRow } from '../../db/queries/platform-connection';
import { type DirectoryEntryView, type PlatformConnectionView } from './schema';

/** A platform connection without its secret: only that one is kept. */
export function presentPlatformConnection(row: PlatformConnectionRow): z.infer<typeof PlatformConnectionView> {
  return {
    base_url: row.base_url,
    client_id: row.client_id,
    has_secret: true,
    vat_on_debits: row.vat_on_debits,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function presentDirectoryEntry(entry: DirectoryEntry): z.infer<typeof DirectoryEntryView> {
  return {
    siren: entry.siren,
    siret: entry.siret ?? null,
    name: entry.name,
    directory_line: entry.directoryLine,
    routing_code: entry.routingCode ?? null,
    platform: entry.platform ?? null,
  };
}
