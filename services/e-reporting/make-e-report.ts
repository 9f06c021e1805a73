import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { makeEReport, type EReportRow } from '../../db/commands/make-e-report';
import { findCompanyProfile } from '../../db/queries/company-profile';
import { findStudio } from '../../db/queries/studios';
import {
  lastEndedPeriod,
  periodEnded,
  reportingPeriodOf,
  type ReportFlow,
  type ReportingPeriod,
  type VatRegime,
} from '../../domain/e-reporting/reporting-periods';
import { ConflictError, ValidationError } from '../../domain/errors';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { formatDateInZone } from '../../domain/wall-clock';
import { startJob } from '../../lib/jobs/start-job';
import { E_REPORT_SEND_JOB } from '../../workflows/e-reporting/contract';

/** The studio user reporting: the owner of the records, and the org its job runs under. */
type Reporter = { id: string; orgId: string };

/** The studio's regime and seller facts; a studio outside France or without a regime: 400/409 saying what to set. */
async function studioOf(sequelize: Sequelize, ownerId: string) {
  const company = await findCompanyProfile(sequelize, ownerId);
  if (!company || !provides(studioRegimeOf(company.company_country), 'e-reporting'))
    throw new ValidationError('E-reporting is for studios established in France', [
      { path: 'company_country', message: 'must be FR' },
    ]);
  if (!company.vat_regime)
    throw new ValidationError("Set the studio's VAT regime in its company profile: it says how often to report", [
      { path: 'vat_regime', message: 'is not set' },
    ]);
  const { time_zone: timeZone } = await findStudio(sequelize, ownerId);
  return {
    regime: company.vat_regime as VatRegime,
    timeZone,
    seller: { siren: company.siren ?? null, vat_number: company.vat_number ?? null, name: company.company_name },
  };
}

/**
 * Makes the e-report of one ended period (issue 32 §4): the period of `day`, or the latest that has
 * ended; a period not ended yet is a 409 `period_not_ended`. Then starts its send job.
 */
export async function makeEReportOf(
  sequelize: Sequelize,
  temporal: Client,
  user: Reporter,
  request: { flow: ReportFlow; day?: string },
  requestId?: string,
): Promise<EReportRow> {
  const studio = await studioOf(sequelize, user.orgId);
  const today = formatDateInZone(new Date(), studio.timeZone);
  const flow: ReportFlow = request.flow;
  const period: ReportingPeriod = request.day
    ? reportingPeriodOf(studio.regime, flow, request.day)
    : lastEndedPeriod(studio.regime, flow, today);
  if (!periodEnded(period, today))
    throw new ConflictError('period_not_ended', `The period ${period.start} to ${period.end} has not ended yet`);
  const report = await makeEReport(sequelize, user.orgId, { flow, period, ...studio });
  // Sent by a durable job (retried through a platform outage); without a platform it is only kept.
  await startJob(
    sequelize,
    temporal,
    E_REPORT_SEND_JOB,
    report.id,
    { ownerId: user.orgId, reportId: report.id },
    { orgId: user.orgId, userId: user.id, entityId: report.id, requestId },
  );
  return report;
}
