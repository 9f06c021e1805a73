import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { FLOW_STATUS } from '../../domain/addons/fr-e-invoicing/flow-statuses';
import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { type recordPlatformStatus } from '../../db/commands/record-platform-status';
import { type findPlatformTransmission } from '../../db/queries/platform-transmissions';
import { type Flow, PlatformError, type PlatformClient } from '../../lib/e-invoicing/platform-client';
import {
  type EInvoiceTransmitActivities,
  type EInvoiceTransmitPayload,
  transmissionKey,
} from '../../workflows/e-invoicing/contract';
import { sendFlowOnce } from '../../lib/e-invoicing/send-flow-once';
import { type Bound } from '../db-deps';

export interface EInvoiceTransmitDb {
  findPlatformTransmission: Bound<typeof findPlatformTransmission>;
  recordPlatformStatus: Bound<typeof recordPlatformStatus>;
}

export interface EInvoiceTransmitDeps extends EInvoiceTransmitDb {
  s3: S3Client;
  bucket: string;
  logger: Logger;
  /** The studio's platform client, or null when it has connected none (lib/e-invoicing/studio-platform.ts). */
  studioPlatform(ownerId: string): Promise<PlatformClient | null>;
}

/** A platform failure as Temporal sees it: retried (down, 5xx) or for good (a refused request, bad credentials). */
export function asActivityFailure(err: unknown): unknown {
  if (err instanceof PlatformError && !err.retryable)
    return ApplicationFailure.nonRetryable(err.message, 'platform_refused');
  return err;
}

/** Records every status of a flow's history (each once: the history rows are unique per flow, status and time). */
export async function recordFlowHistory(
  db: Pick<EInvoiceTransmitDb, 'recordPlatformStatus'>,
  payload: EInvoiceTransmitPayload,
  flow: Flow,
): Promise<number> {
  const history =
    flow.history.length > 0 ? flow.history : [{ status: flow.status, reason: flow.reason, at: flow.updatedAt }];
  let added = 0;
  for (const entry of history) {
    // The service sent Encaissée itself and recorded it then (send-cashed-status.ts).
    if (entry.status === FLOW_STATUS.cashed) continue;
    const isNew = await db.recordPlatformStatus({
      ownerId: payload.ownerId,
      documentKind: payload.kind,
      documentId: payload.documentId,
      flowId: flow.flowId,
      status: entry.status,
      reason: entry.reason ?? null,
      at: entry.at,
      source: 'platform',
    });
    if (isNew) added += 1;
  }
  return added;
}

/**
 * Sends an issued document's Factur-X to the studio's platform (issue 32 §2) and records its
 * answer. Idempotent: a document already recorded is not sent again, and a flow an earlier attempt
 * sent without recording it is found by its tracking id. No database transaction is open during
 * the platform's calls.
 */
export function createEInvoiceTransmitActivities(deps: EInvoiceTransmitDeps): EInvoiceTransmitActivities {
  return {
    async transmitEInvoice({ payload, file }) {
      const { kind, documentId, ownerId } = payload;
      const recorded = await deps.findPlatformTransmission(ownerId, kind, documentId);
      if (recorded) return { outcome: 'already', flowId: recorded.flow_id, status: recorded.status };
      const platform = await deps.studioPlatform(ownerId);
      if (!platform) return { outcome: 'skipped', flowId: null, status: null };
      const trackingId = transmissionKey(kind, documentId);
      try {
        const { flow, found } = await sendFlowOnce(
          platform,
          {
            flowSyntax: 'Factur-X',
            processingRule: 'B2B',
            flowType: 'CustomerInvoice',
            trackingId,
            name: file.filename,
          },
          async () => {
            const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: file.key }));
            const bytes = await object.Body?.transformToByteArray();
            if (!bytes) throw new Error(`The Factur-X file ${file.key} is empty`);
            return Buffer.from(bytes);
          },
        );
        const outcome = found ? 'found' : 'sent';
        await recordFlowHistory(deps, payload, flow);
        deps.logger.info(
          { documentId, kind, flowId: flow.flowId, status: flow.status, outcome },
          'e-invoice transmitted',
        );
        return { outcome, flowId: flow.flowId, status: flow.status };
      } catch (err) {
        deps.logger.warn({ documentId, kind, err: (err as Error).message }, 'e-invoice not transmitted');
        throw asActivityFailure(err);
      }
    },
  };
}
