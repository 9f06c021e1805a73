import { ApplicationFailure } from '@temporalio/common';
import { paymentDay } from '../../domain/payments/payment-day';
import { cashedStatusRefusal, FLOW_STATUS } from '../../domain/addons/fr-e-invoicing/flow-statuses';
import { type Logger } from 'pino';
import { type recordPlatformStatus } from '../../db/commands/record-platform-status';
import { type findCashedPayment } from '../../db/queries/platform-transmissions';
import { type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { type EInvoiceCashedActivities } from '../../workflows/e-invoicing/contract';
import { sendFlowOnce } from '../../lib/e-invoicing/send-flow-once';
import { type Bound } from '../db-deps';
import { asActivityFailure } from './transmit-e-invoice';

export interface EInvoiceCashedDb {
  findCashedPayment: Bound<typeof findCashedPayment>;
  recordPlatformStatus: Bound<typeof recordPlatformStatus>;
}

export interface EInvoiceCashedDeps extends EInvoiceCashedDb {
  logger: Logger;
  studioPlatform(ownerId: string): Promise<PlatformClient | null>;
}

/** The status message a cashed status flow carries (the simulator's simplified CDAR, as JSON). */
export interface CashedStatusMessage {
  originalFlowId: string;
  status: typeof FLOW_STATUS.cashed;
  /** The day the payment was received (YYYY-MM-DD). */
  date: string;
  amount: string;
  currency: string;
}

/**
 * Sends the cashed status (Encaissée) of one payment (issue 32 §2): a lifecycle flow
 * (`CustomerInvoiceLC`, syntax CDAR) about the invoice's flow, with the payment's date and amount,
 * tracked as `cashed:<payment id>` so a retry finds it instead of sending twice. Nothing is sent
 * when the studio opted for VAT on debits, or the invoice was not transmitted or was rejected.
 */
export function createEInvoiceCashedActivities(deps: EInvoiceCashedDeps): EInvoiceCashedActivities {
  return {
    async sendCashedStatus({ paymentId, ownerId }) {
      const payment = await deps.findCashedPayment(ownerId, paymentId);
      if (!payment) throw ApplicationFailure.nonRetryable('The payment no longer exists', 'document_not_found');
      const refusal = cashedStatusRefusal({
        flowId: payment.flow_id,
        transmissionStatus: payment.transmission_status,
        vatOnDebits: payment.vat_on_debits,
      });
      if (refusal || payment.flow_id === null) return { outcome: 'not_sent', why: refusal ?? 'not_transmitted' };
      const platform = await deps.studioPlatform(ownerId);
      if (!platform) return { outcome: 'not_sent', why: 'no_platform' };
      const trackingId = `cashed:${paymentId}`;
      // The studio's calendar day, as its receipt and e-report say (issue 40 §15).
      const date = paymentDay(new Date(payment.received_at), payment.time_zone);
      try {
        const message: CashedStatusMessage = {
          originalFlowId: payment.flow_id,
          status: FLOW_STATUS.cashed,
          date,
          amount: payment.amount,
          currency: payment.currency,
        };
        const { flow, found } = await sendFlowOnce(
          platform,
          {
            flowSyntax: 'CDAR',
            processingRule: 'B2B',
            flowType: 'CustomerInvoiceLC',
            trackingId,
            name: `encaissee-${paymentId}.json`,
          },
          () => Buffer.from(JSON.stringify(message)),
        );
        await deps.recordPlatformStatus({
          ownerId,
          documentKind: 'invoice',
          documentId: payment.invoice_id,
          flowId: payment.flow_id,
          status: FLOW_STATUS.cashed,
          reason: `${payment.amount} ${payment.currency} received on ${date}`,
          at: flow.history[0]?.at ?? flow.updatedAt,
          source: 'service',
        });
        deps.logger.info({ paymentId, flowId: flow.flowId }, 'cashed status sent to the platform');
        return { outcome: found ? 'found' : 'sent' };
      } catch (err) {
        deps.logger.warn({ paymentId, err: (err as Error).message }, 'cashed status not sent');
        throw asActivityFailure(err);
      }
    },
  };
}
