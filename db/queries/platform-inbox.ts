import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** A studio whose platform may have delivered invoices, and when its incoming flows were last read. */
export interface InboxStudio {
  owner_id: string;
  org_id: string;
  inbox_read_at: Date | null;
}

/** Every studio with a platform connection, in a stable order (issue 32 §3). */
export async function listInboxStudios(sequelize: Sequelize): Promise<InboxStudio[]> {
  return sequelize.query<InboxStudio>(
    `SELECT c.owner_id, c.owner_id AS org_id, c.inbox_read_at
       FROM platform_connections c
      ORDER BY c.owner_id`,
    { type: QueryTypes.SELECT },
  );
}

/** Whether this studio handled this incoming flow already (read, or found unreadable). */
export async function isInboxFlowHandled(sequelize: Sequelize, ownerId: string, flowId: string): Promise<boolean> {
  const [row] = await sequelize.query(`SELECT 1 FROM platform_inbox WHERE owner_id = $1 AND flow_id = $2`, {
    bind: [ownerId, flowId],
    type: QueryTypes.SELECT,
  });
  return row !== undefined;
}

/** The incoming flows a studio could not read, newest first, with their problem (the platform keeps their file). */
export async function listUnreadableInboxFlows(
  sequelize: Sequelize,
  ownerId: string,
): Promise<{ flow_id: string; problem: string; received_at: Date }[]> {
  return sequelize.query(
    `SELECT flow_id, problem, received_at FROM platform_inbox
      WHERE owner_id = $1 AND problem IS NOT NULL ORDER BY received_at DESC, flow_id LIMIT 200`,
    { bind: [ownerId], type: QueryTypes.SELECT },
  );
}
