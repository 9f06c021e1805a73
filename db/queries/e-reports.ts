import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type EReportRow } from '../commands/make-e-report';

const COLUMNS = `e.id, e.flow, e.vat_regime, to_char(e.period_start, 'YYYY-MM-DD') AS period_start,
  to_char(e.period_end, 'YYYY-MM-DD') AS period_end, e.content, e.file, e.sha256, e.created_at,
  CASE WHEN t.report_id IS NULL THEN NULL
       ELSE json_build_object('flow_id', t.flow_id, 'status', t.status, 'reason', t.reason, 'at', t.updated_at) END AS transmission`;
const FROM = 'e_reports e LEFT JOIN e_report_transmissions t ON t.report_id = e.id';

/** The owner's e-reports, newest period first (at most 200). */
export function listEReports(sequelize: Sequelize, ownerId: string): Promise<EReportRow[]> {
  return sequelize.query<EReportRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE e.owner_id = $1 ORDER BY e.period_start DESC, e.flow LIMIT 200`,
    { bind: [ownerId], type: QueryTypes.SELECT },
  );
}

/** One of the owner's e-reports, or 404. */
export async function findEReport(sequelize: Sequelize, ownerId: string, id: string): Promise<EReportRow> {
  const [row] = await sequelize.query<EReportRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE e.owner_id = $1 AND e.id = $2`,
    {
      bind: [ownerId, id],
      type: QueryTypes.SELECT,
    },
  );
  if (!row) throw new NotFoundError('E-report');
  return row;
}
