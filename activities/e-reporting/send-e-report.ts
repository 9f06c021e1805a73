import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { type recordEReportTransmission } from '../../db/commands/record-e-report-transmission';
import { type findEReport } from '../../db/queries/e-reports';
import { type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { type EReportSendActivities } from '../../workflows/e-reporting/contract';
import { sendFlowOnce } from '../../lib/e-invoicing/send-flow-once';
import { type Bound } from '../db-deps';
import { asActivityFailure } from '../e-invoicing/transmit-e-invoice';

export interface EReportSendDb {
  findEReport: Bound<typeof findEReport>;
  recordEReportTransmission: Bound<typeof recordEReportTransmission>;
}

export interface EReportSendDeps extends EReportSendDb {
  logger: Logger;
  studioPlatform(ownerId: string): Promise<PlatformClient | null>;
}

/**
 * Sends an e-report's file as kept (the very bytes its SHA-256 covers, issue 40 §14) to the studio's
 * platform as an e-reporting flow (issue 32 §4), once: a flow already carrying its tracking id is
 * taken as sent. Without a platform nothing is sent (the report stays to download).
 */
export function createEReportSendActivities(deps: EReportSendDeps): EReportSendActivities {
  return {
    async sendEReport({ ownerId, reportId }) {
      const report = await deps.findEReport(ownerId, reportId).catch(() => null);
      if (!report) throw ApplicationFailure.nonRetryable('The e-report no longer exists', 'document_not_found');
      const platform = await deps.studioPlatform(ownerId);
      if (!platform) return { outcome: 'skipped', status: null };
      const trackingId = `e-report:${report.id}`;
      try {
        const { flow, found } = await sendFlowOnce(
          platform,
          {
            flowSyntax: 'E-reporting',
            processingRule: 'B2C',
            flowType: 'EReporting',
            trackingId,
            name: `e-report-${report.flow.toLowerCase()}-${report.period_start}.json`,
          },
          () => Buffer.from(report.file, 'utf8'),
        );
        await deps.recordEReportTransmission(ownerId, report.id, {
          flowId: flow.flowId,
          status: flow.status,
          reason: flow.reason ?? null,
        });
        deps.logger.info(
          { reportId: report.id, flowId: flow.flowId, status: flow.status },
          'e-report sent to the platform',
        );
        return { outcome: found ? 'found' : 'sent', status: flow.status };
      } catch (err) {
        deps.logger.warn({ reportId: report.id, err: (err as Error).message }, 'e-report not sent');
        throw asActivityFailure(err);
      }
    },
  };
}
