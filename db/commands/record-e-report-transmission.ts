import { type Sequelize } from 'sequelize-typescript';

/** Records (or updates) the platform's answer to an e-report: its flow and status. */
export async function recordEReportTransmission(
  sequelize: Sequelize,
  ownerId: string,
  reportId: string,
  flow: { flowId: string; status: string; reason: string | null },
): Promise<void> {
  await sequelize.query(
    `INSERT INTO e_report_transmissions (report_id, owner_id, flow_id, status, reason)
     SELECT id, owner_id, $3, $4, $5 FROM e_reports WHERE id = $1 AND owner_id = $2
     ON CONFLICT (report_id) DO UPDATE SET flow_id = EXCLUDED.flow_id, status = EXCLUDED.status,
       reason = EXCLUDED.reason, updated_at = now()`,
    { bind: [reportId, ownerId, flow.flowId, flow.status, flow.reason] },
  );
}
