import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type EReportRow } from '../commands/make-e-report';

const COLUMNS = `id, flow, vat_regime, to_char(period_start, 'YYYY-MM-DD') AS period_start,
  to_char(period_end, 'YYYY-MM-DD') AS period_end, content, sha256, created_at`;

/** The owner's e-reports, newest period first (at most 200). */
export function listEReports(sequelize: Sequelize, ownerId: string): Promise<EReportRow[]> {
  return sequelize.query<EReportRow>(
    `SELECT ${COLUMNS} FROM e_reports WHERE owner_id = $1 ORDER BY period_start DESC, flow LIMIT 200`,
    { bind: [ownerId], type: QueryTypes.SELECT },
  );
}

/** One of the owner's e-reports, or 404. */
export async function findEReport(sequelize: Sequelize, ownerId: string, id: string): Promise<EReportRow> {
  const [row] = await sequelize.query<EReportRow>(`SELECT ${COLUMNS} FROM e_reports WHERE owner_id = $1 AND id = $2`, {
    bind: [ownerId, id],
    type: QueryTypes.SELECT,
  });
  if (!row) throw new NotFoundError('E-report');
  return row;
}
