import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { countAccountingPeriod } from '../../db/queries/accounting-export';
import { findCompanyProfile } from '../../db/queries/company-profile';
import { findStudio } from '../../db/queries/studios';
import { findUserPreferences } from '../../db/queries/users';
import { accountingFileProblem, accountingFormatProblem } from '../../domain/accounting/period';
import { type CsvDialect } from '../../domain/exports/csv-dialect';
import { DomainError, ValidationError } from '../../domain/errors';
import { provides, studioRegimeOf } from '../../domain/regimes';
import { startJob } from '../../lib/jobs/start-job';
import { ACCOUNTING_EXPORT_JOB, type AccountingExportPayload } from '../../workflows/accounting-export/contract';

/** The studio user exporting: the owner of the rows, and the org its job runs under. */
type Exporter = { id: string; orgId: string };

/** The period and format asked for (GET /api/accounting/export's query). */
export type AccountingExportRequest = Pick<AccountingExportPayload, 'from' | 'to' | 'format'> & {
  csv_dialect?: CsvDialect;
};

/**
 * The job's payload, once what no retry can fix is checked: the FEC and its csv are French
 * (a studio elsewhere asks for the journal or the tax subtotals), a FEC needs the SIREN.
 */
export async function accountingExportPayload(
  sequelize: Sequelize,
  user: Exporter,
  query: AccountingExportRequest,
  mode: AccountingExportPayload['mode'],
): Promise<AccountingExportPayload> {
  // The ledger's calendar is the studio's; the file's dialect, the member's who asks (docs/teams.md).
  const [owner, member] = await Promise.all([
    findStudio(sequelize, user.orgId),
    findUserPreferences(sequelize, user.id),
  ]);
  const company = await findCompanyProfile(sequelize, user.orgId);
  const formatProblem = accountingFormatProblem(query, provides(studioRegimeOf(company?.company_country), 'fec'));
  if (formatProblem) throw new ValidationError(formatProblem, [{ path: 'format', message: formatProblem }]);
  const problem = accountingFileProblem(query, company?.siren ?? null);
  if (problem) throw new ValidationError(problem, [{ path: 'siren', message: problem }]);
  return {
    ownerId: user.orgId,
    orgId: user.orgId,
    from: query.from,
    to: query.to,
    format: query.format,
    csvDialect: query.csv_dialect ?? member.csv_dialect,
    timeZone: owner.time_zone,
    mode,
  };
}

/**
 * Starts the accounting export of a period (issue 22 §2): a synchronous one is refused when the
 * period holds more rows than `syncMaxRows` (`export_too_large`, pointing to the async route).
 */
export async function startAccountingExport(
  sequelize: Sequelize,
  temporal: Client,
  user: Exporter,
  query: AccountingExportRequest,
  mode: AccountingExportPayload['mode'],
  options: { syncMaxRows?: number; requestId?: string },
) {
  const payload = await accountingExportPayload(sequelize, user, query, mode);
  if (options.syncMaxRows !== undefined) {
    const rows = await countAccountingPeriod(sequelize, payload);
    if (rows > options.syncMaxRows) {
      throw new DomainError(
        'export_too_large',
        `This period has ${rows} documents and payments, more than the ${options.syncMaxRows} a synchronous export allows: use GET /api/accounting/export/async`,
        {
          rows,
          max: options.syncMaxRows,
          async_url: '/api/accounting/export/async',
        },
      );
    }
  }
  return startJob(sequelize, temporal, ACCOUNTING_EXPORT_JOB, user.orgId, payload, {
    orgId: user.orgId,
    userId: user.id,
    requestId: options.requestId,
  });
}
