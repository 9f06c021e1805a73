import { type Logger } from 'pino';
import { type makeEReport } from '../../db/commands/make-e-report';
import { type pageEReportingStudios } from '../../db/queries/e-reporting-studios';
import { lastEndedPeriod, REPORT_FLOWS } from '../../domain/e-reporting/reporting-periods';
import { ConflictError } from '../../domain/errors';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { formatDateInZone } from '../../domain/wall-clock';
import {
  E_REPORT_SEND_JOB,
  type EReportingDailyActivities,
  type EReportingDailySummary,
} from '../../workflows/e-reporting/contract';
import { type Bound, type StartJob } from '../db-deps';

export interface EReportingDailyDb {
  pageEReportingStudios: Bound<typeof pageEReportingStudios>;
  makeEReport: Bound<typeof makeEReport>;
}

export interface EReportingDailyDeps extends EReportingDailyDb {
  logger: Logger;
  startJob: StartJob;
  /** The clock (a test's fixed instant). */
  now?: () => Date;
}

/**
 * The daily e-reporting activity (issue 32 §4): for each studio of the batch, each flow's latest
 * ended period (on the studio's own calendar) is reported, then sent by its job. A period reported
 * already (by the studio or an earlier run) has its send job started again, which finds it existing
 * or sends what was never sent. One studio's failure is logged and listed, never stopping the others.
 */
export function createEReportingDailyActivities(deps: EReportingDailyDeps): EReportingDailyActivities {
  return {
    async makeDueEReports({ afterOwnerId, limit }) {
      const studios = await deps.pageEReportingStudios(afterOwnerId, limit);
      let reports = 0;
      const failed: EReportingDailySummary['failed'] = [];
      for (const studio of studios) {
        if (!provides(studioRegimeOf(studio.company_country), 'e-reporting')) continue;
        const today = formatDateInZone(deps.now?.() ?? new Date(), studio.time_zone);
        for (const flow of REPORT_FLOWS) {
          const period = lastEndedPeriod(studio.vat_regime, flow, today);
          let reportId: string;
          try {
            const made = await deps.makeEReport(studio.owner_id, {
              flow,
              period,
              regime: studio.vat_regime,
              timeZone: studio.time_zone,
              seller: { siren: studio.siren, vat_number: studio.vat_number, name: studio.company_name ?? '' },
            });
            reportId = made.id;
            reports += 1;
          } catch (err) {
            if (err instanceof ConflictError && err.code === 'e_report_exists')
              reportId = (err.details as { report_id: string }).report_id;
            else {
              failed.push({ ownerId: studio.owner_id, flow, message: (err as Error).message });
              deps.logger.error(
                { ownerId: studio.owner_id, flow, period, err: (err as Error).message },
                'e-report not made; the next run tries again',
              );
              continue;
            }
          }
          await deps
            .startJob(
              E_REPORT_SEND_JOB,
              reportId,
              { ownerId: studio.owner_id, reportId },
              { orgId: studio.org_id, userId: studio.owner_id, entityId: reportId },
            )
            .catch((err: Error) =>
              deps.logger.warn({ reportId, err: err.message }, 'e-report send not started; dead-lettered for replay'),
            );
        }
      }
      deps.logger.info({ studios: studios.length, reports, failed: failed.length }, 'e-reporting daily batch finished');
      return { studios: studios.length, reports, failed, lastOwnerId: studios.at(-1)?.owner_id ?? null };
    },
  };
}
