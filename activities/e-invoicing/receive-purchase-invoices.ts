import { type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type recordPurchaseInvoice } from '../../db/commands/purchase-invoices';
import { type markInboxRead, type recordInboxFlow } from '../../db/commands/record-inbox-flow';
import { type isInboxFlowHandled, type listInboxStudios } from '../../db/queries/platform-inbox';
import { DomainError } from '../../domain/errors';
import { MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { keepPurchaseInvoice } from '../../lib/purchase-invoices/keep-purchase-invoice';
import { readPurchaseFile } from '../../lib/purchase-invoices/read-purchase-file';
import { type PurchaseInvoiceInboxActivities } from '../../workflows/e-invoicing/contract';
import { type Bound } from '../db-deps';

export interface PurchaseInvoiceInboxDb {
  listInboxStudios: Bound<typeof listInboxStudios>;
  isInboxFlowHandled: Bound<typeof isInboxFlowHandled>;
  recordInboxFlow: Bound<typeof recordInboxFlow>;
  markInboxRead: Bound<typeof markInboxRead>;
  recordPurchaseInvoice: Bound<typeof recordPurchaseInvoice>;
}

export interface PurchaseInvoiceInboxDeps extends PurchaseInvoiceInboxDb {
  s3: S3Client;
  bucket: string;
  logger: Logger;
  studioPlatform(ownerId: string): Promise<PlatformClient | null>;
}

/** A platform's clock may run a little ahead or behind ours. */
const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * The inbox pass (issue 32 §3): for each studio with a platform, the purchase invoices delivered
 * since its last pass are downloaded and read like an upload (Factur-X, CII, UBL) into purchase
 * invoices that name their flow. Each flow is handled once: a file that cannot be read is recorded
 * with its problem (the platform keeps the file) and never blocks the next ones. A studio whose
 * platform does not answer keeps its mark and is read again on the next pass.
 */
export function createPurchaseInvoiceInboxActivities(deps: PurchaseInvoiceInboxDeps): PurchaseInvoiceInboxActivities {
  return {
    async receiveSupplierInvoices() {
      let studios = 0;
      let received = 0;
      let unreadable = 0;
      for (const studio of await deps.listInboxStudios()) {
        const platform = await deps.studioPlatform(studio.owner_id);
        if (!platform) continue;
        const passStart = new Date();
        try {
          const updatedAfter = new Date(
            studio.inbox_read_at ? new Date(studio.inbox_read_at).getTime() - CLOCK_MARGIN_MS : 0,
          ).toISOString();
          const flows = await platform.searchFlows({ updatedAfter, direction: 'In' });
          for (const flow of flows) {
            if (flow.direction !== 'In' || flow.flowType !== 'SupplierInvoice') continue;
            if (await deps.isInboxFlowHandled(studio.owner_id, flow.flowId)) continue;
            const bytes = await platform.downloadFlow(flow.flowId);
            const problem = await receiveOne(deps, studio, flow.flowId, flow.name ?? null, bytes);
            if (problem) {
              unreadable += 1;
              deps.logger.warn(
                { ownerId: studio.owner_id, flowId: flow.flowId, problem },
                'supplier invoice unreadable',
              );
            } else received += 1;
          }
          await deps.markInboxRead(studio.owner_id, passStart);
          studios += 1;
        } catch (err) {
          deps.logger.warn(
            { ownerId: studio.owner_id, err: (err as Error).message },
            'supplier invoices not read; next pass retries',
          );
        }
      }
      return { studios, received, unreadable };
    },
  };
}

/** Reads and keeps one delivered file; answers the problem when it cannot be read, else null. */
async function receiveOne(
  deps: PurchaseInvoiceInboxDeps,
  studio: { owner_id: string; org_id: string },
  flowId: string,
  fileName: string | null,
  bytes: Buffer,
): Promise<string | null> {
  if (bytes.length > MAX_IMPORT_BYTES) {
    const problem = `The file is larger than ${MAX_IMPORT_BYTES} bytes`;
    await deps.recordInboxFlow(studio.owner_id, flowId, { purchaseInvoiceId: null, problem });
    return problem;
  }
  let read;
  try {
    read = await readPurchaseFile(bytes);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const details = Array.isArray(err.details)
      ? (err.details as { path?: string; message?: string }[]).map((d) => `${d.path}: ${d.message}`).join('; ')
      : '';
    const problem = details ? `${err.message} (${details})` : err.message;
    await deps.recordInboxFlow(studio.owner_id, flowId, { purchaseInvoiceId: null, problem });
    return problem;
  }
  const id = await keepPurchaseInvoice(deps, { id: studio.owner_id, orgId: studio.org_id }, bytes, read, {
    fileName: fileName?.slice(0, 255) ?? null,
    platformFlowId: flowId,
  });
  await deps.recordInboxFlow(studio.owner_id, flowId, { purchaseInvoiceId: id, problem: null });
  return null;
}
