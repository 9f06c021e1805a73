import { type Logger } from 'pino';
import { type recordPlatformStatus } from '../../db/commands/record-platform-status';
import { FLOW_ENDED } from '../../domain/addons/fr-e-invoicing/flow-statuses';
import { type findTransmissionByFlow, type listOwnersToPoll } from '../../db/queries/platform-transmissions';
import { type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { type PlatformStatusPollActivities } from '../../workflows/e-invoicing/contract';
import { type Bound } from '../db-deps';
import { recordFlowHistory } from './transmit-e-invoice';

export interface PlatformStatusPollDb {
  listOwnersToPoll: Bound<typeof listOwnersToPoll>;
  findTransmissionByFlow: Bound<typeof findTransmissionByFlow>;
  recordPlatformStatus: Bound<typeof recordPlatformStatus>;
}

export interface PlatformStatusPollDeps extends PlatformStatusPollDb {
  logger: Logger;
  studioPlatform(ownerId: string): Promise<PlatformClient | null>;
}

/** A platform's clock may run a little ahead or behind ours. */
const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * The status poll (issue 32 §2): for each studio with open transmissions, the flows its platform
 * changed since the oldest of them, each status recorded once (history rows are unique), each new
 * one an INVOICE_STATUS_CHANGED with `platform_status`. A studio whose platform does not answer is
 * skipped until the next pass (logged), never failing the others.
 */
export function createPlatformStatusPollActivities(deps: PlatformStatusPollDeps): PlatformStatusPollActivities {
  return {
    async pollPlatformStatuses() {
      let studios = 0;
      let statuses = 0;
      for (const { owner_id: ownerId, since } of await deps.listOwnersToPoll(FLOW_ENDED)) {
        const platform = await deps.studioPlatform(ownerId);
        if (!platform) continue;
        try {
          const updatedAfter = new Date(new Date(since).getTime() - CLOCK_MARGIN_MS).toISOString();
          for (const flow of await platform.searchFlows({ updatedAfter, direction: 'Out' })) {
            const transmission = await deps.findTransmissionByFlow(ownerId, flow.flowId);
            if (!transmission) continue; // a lifecycle flow of ours, or a flow sent by other software
            statuses += await recordFlowHistory(
              deps,
              { kind: transmission.document_kind, documentId: transmission.document_id, ownerId },
              flow,
            );
          }
          studios += 1;
        } catch (err) {
          deps.logger.warn({ ownerId, err: (err as Error).message }, 'platform statuses not read; next pass retries');
        }
      }
      return { studios, statuses };
    },
  };
}
