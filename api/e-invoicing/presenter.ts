import { type z } from 'zod';
import { type DirectoryEntry } from '../../lib/e-invoicing/platform-client';
import { type PlatformConnectionRow } from '../../db/queries/platform-connection';
import { type PlatformStatusEventRow, type PlatformTransmissionRow } from '../../db/queries/platform-transmissions';
import { type DirectoryEntryView, type PlatformConnectionView, type PlatformStatusesView } from './schema';

/** The correction of an invoice the platform rejected or its client refused: it is issued, so never edited. */
export const CORRECTION_HINT =
  'Issue a credit note for this invoice (POST /api/credit-notes), then a new corrected invoice: an issued invoice is never changed.';

export function presentPlatformStatuses(
  transmission: PlatformTransmissionRow | null,
  events: PlatformStatusEventRow[],
): z.infer<typeof PlatformStatusesView> {
  const status = transmission?.status ?? null;
  return {
    platform_flow_id: transmission?.flow_id ?? null,
    platform_status: status,
    platform_status_reason: transmission?.reason ?? null,
    correction: status === 'Rejetée' || status === 'Refusée' ? CORRECTION_HINT : null,
    items: events.map((e) => ({
      status: e.status,
      reason: e.reason,
      at: new Date(e.at).toISOString(),
      source: e.source,
    })),
  };
}

/** A platform connection without its secret: only that one is kept. */
export function presentPlatformConnection(row: PlatformConnectionRow): z.infer<typeof PlatformConnectionView> {
  return {
    base_url: row.base_url,
    client_id: row.client_id,
    has_secret: true,
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
