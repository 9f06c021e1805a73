import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** A page of the studios that have a ledger chain, by id after `afterOwnerId` (the daily job's batches). */
export async function pageLedgerOwners(
  sequelize: Sequelize,
  afterOwnerId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await sequelize.query<{ id: string }>(
    `SELECT u.id FROM organizations u
     WHERE ($1::uuid IS NULL OR u.id > $1::uuid) AND EXISTS (SELECT 1 FROM ledger_records r WHERE r.owner_id = u.id)
     ORDER BY u.id LIMIT $2`,
    { bind: [afterOwnerId, limit], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.id);
}
