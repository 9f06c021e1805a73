import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { type recordAnswerSent } from '../../db/commands/answer-purchase-invoice';
import { type findPurchaseAnswer } from '../../db/queries/purchase-invoices';
import { PLATFORM_STATUS_OF_ANSWER } from '../../domain/e-invoicing/buyer-answer';
import { type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { type PurchaseAnswerActivities } from '../../workflows/e-invoicing/contract';
import { sendFlowOnce } from '../../lib/e-invoicing/send-flow-once';
import { type Bound } from '../db-deps';
import { asActivityFailure } from './transmit-e-invoice';

export interface PurchaseAnswerDb {
  findPurchaseAnswer: Bound<typeof findPurchaseAnswer>;
  recordAnswerSent: Bound<typeof recordAnswerSent>;
}

export interface PurchaseAnswerDeps extends PurchaseAnswerDb {
  logger: Logger;
  studioPlatform(ownerId: string): Promise<PlatformClient | null>;
}

/** The status message a buyer's answer carries (the simulator's simplified CDAR, as JSON). */
export interface BuyerStatusMessage {
  originalFlowId: string;
  status: string;
  reason: string | null;
  /** When the studio answered (ISO 8601). */
  at: string;
}

/**
 * Sends the studio's answer to a purchase invoice (issue 32 §3) as a lifecycle flow
 * (`SupplierInvoiceLC`, syntax CDAR) on the incoming flow, tracked as `answer:<id>` so a retry
 * finds what an earlier attempt sent instead of sending it twice.
 */
export function createPurchaseAnswerActivities(deps: PurchaseAnswerDeps): PurchaseAnswerActivities {
  return {
    async sendPurchaseAnswer({ answerId, ownerId }) {
      const answer = await deps.findPurchaseAnswer(ownerId, answerId);
      if (!answer) throw ApplicationFailure.nonRetryable('The answer no longer exists', 'document_not_found');
      if (answer.sent_flow_id) return { outcome: 'already' };
      if (!answer.platform_flow_id)
        throw ApplicationFailure.nonRetryable('The invoice did not come from the platform', 'validation_failed');
      const platform = await deps.studioPlatform(ownerId);
      if (!platform)
        throw ApplicationFailure.nonRetryable('The studio has no e-invoicing platform any more', 'platform_refused');
      const trackingId = `answer:${answerId}`;
      try {
        const message: BuyerStatusMessage = {
          originalFlowId: answer.platform_flow_id,
          status: PLATFORM_STATUS_OF_ANSWER[answer.status],
          reason: answer.reason,
          at: new Date(answer.created_at).toISOString(),
        };
        const { flow, found } = await sendFlowOnce(
          platform,
          {
            flowSyntax: 'CDAR',
            processingRule: 'B2B',
            flowType: 'SupplierInvoiceLC',
            trackingId,
            name: `answer-${answerId}.json`,
          },
          () => Buffer.from(JSON.stringify(message)),
        );
        await deps.recordAnswerSent(ownerId, answerId, flow.flowId);
        deps.logger.info({ answerId, flowId: flow.flowId, status: message.status }, 'answer sent to the platform');
        return { outcome: found ? 'found' : 'sent' };
      } catch (err) {
        deps.logger.warn({ answerId, err: (err as Error).message }, 'answer not sent');
        throw asActivityFailure(err);
      }
    },
  };
}
