import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type VatRegime } from '../../domain/e-reporting/reporting-periods';

/** A studio whose e-reports are made when their periods end: what a report needs of it. */
export interface EReportingStudio {
  owner_id: string;
  org_id: string;
  company_country: string | null;
  vat_regime: VatRegime;
  time_zone: string;
  siren: string | null;
  vat_number: string | null;
  company_name: string | null;
}

/**
 * The studios after `afterOwnerId` (by id) that have a VAT regime and an approved platform (issue
 * 32 §4): their reports are made and sent by the daily job. A studio without a platform makes its
 * reports itself (POST /api/e-reporting/reports).
 */
export async function pageEReportingStudios(
  sequelize: Sequelize,
  afterOwnerId: string | null,
  limit: number,
): Promise<EReportingStudio[]> {
  return sequelize.query<EReportingStudio>(
    `SELECT c.user_id AS owner_id, u.id AS org_id, c.company_country, c.vat_regime, u.time_zone, c.siren, c.vat_number, c.company_name
       FROM user_company c
       JOIN organizations u ON u.id = c.user_id
       JOIN platform_connections p ON p.owner_id = c.user_id
      WHERE c.vat_regime IS NOT NULL AND ($1::uuid IS NULL OR c.user_id > $1::uuid)
      ORDER BY c.user_id
      LIMIT $2`,
    { bind: [afterOwnerId, limit], type: QueryTypes.SELECT },
  );
}
