import { type z } from 'zod';
import { type DirectoryEntry } from '../../lib/e-invoicing/platform-client';
import { type PlatformConnectionRow } from '../../db/queries/platform-connection';
import { type PlatformStatusEventRow, type PlatformTransmissionRow } from '../../db/queries/platform-transmissions';
import { type DirectoryEntryView, type PlatformConnectionView, type PlatformStatusesView } from './schema';

/**
 * The correction of an invoice the platform rejected or its client refused: it is issued, so never
 * edited. A rejected invoice never reached the client, so its credit note stays in the studio's
 * books; a refused one did, so its credit note travels through the platform too.
 */
export function correctionHint(status: string | null): string | null {
  if (status === 'Rejetée')
    return 'The platform rejected this invoice, so it never reached the client: fix what the reason names, cancel it with a credit note (POST /api/invoices/{id}/credit-notes; kept in your books, not sent), then issue a new corrected invoice: an issued invoice is never changed.';
  if (status === 'Refusée')
    return 'The client refused this invoice: issue a credit note for it (POST /api/invoices/{id}/credit-notes; sent to the client through the platform), then a new corrected invoice: an issued invoice is never changed.';
  return null;
}

export function presentPlatformStatuses(
  transmission: PlatformTransmissionRow | null,
  events: PlatformStatusEventRow[],
): z.infer<typeof PlatformStatusesView> {
  const status = transmission?.status ?? null;
  return {
    platform_flow_id: transmission?.flow_id ?? null,
    platform_status: status,
    platform_status_reason: transmission?.reason ?? null,
    correction: correctionHint(status),
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
