import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type LedgerClosure, type PeriodKind } from '../../domain/ledger/closures';
import { isoUtc } from './ledger-sources';

/** The columns of a closure, named as domain/ledger/closures.ts names them. */
export const CLOSURE_COLUMNS = `id, closure_seq AS "closureSeq", period_kind AS "periodKind", period_start::text AS "periodStart",
  period_end::text AS "periodEnd", time_zone AS "timeZone", first_seq::int AS "firstSeq", head_seq::int AS "headSeq",
  head_hash AS "headHash", record_count AS "recordCount", totals, ${isoUtc('closed_at')} AS "closedAt",
  previous_closure_hash AS "previousClosureHash", closure_hash AS "closureHash"`;

/** Every closure of the studio, in closure order (what the integrity check walks). */
export async function listAllLedgerClosures(
  sequelize: Sequelize,
  ownerId: string,
  transaction?: Transaction,
): Promise<LedgerClosure[]> {
  return sequelize.query<LedgerClosure>(
    `SELECT ${CLOSURE_COLUMNS} FROM ledger_closures WHERE owner_id = $1 ORDER BY closure_seq`,
    { bind: [ownerId], type: QueryTypes.SELECT, transaction },
  );
}

/** A page of the studio's closures, newest first, of one kind when given, and how many there are. */
export async function listLedgerClosures(
  sequelize: Sequelize,
  ownerId: string,
  filter: { kind?: PeriodKind; limit: number; offset: number },
): Promise<{ items: LedgerClosure[]; total: number }> {
  const bind = [ownerId, filter.kind ?? null];
  const where = 'owner_id = $1 AND ($2::text IS NULL OR period_kind = $2)';
  const items = await sequelize.query<LedgerClosure>(
    `SELECT ${CLOSURE_COLUMNS} FROM ledger_closures WHERE ${where} ORDER BY closure_seq DESC LIMIT $3 OFFSET $4`,
    { bind: [...bind, filter.limit, filter.offset], type: QueryTypes.SELECT },
  );
  const [{ total }] = await sequelize.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ledger_closures WHERE ${where}`,
    { bind, type: QueryTypes.SELECT },
  );
  return { items, total };
}

/** One closure of the studio; null when it does not exist or is another studio's. */
export async function findLedgerClosure(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
): Promise<LedgerClosure | null> {
  const [closure] = await sequelize.query<LedgerClosure>(
    `SELECT ${CLOSURE_COLUMNS} FROM ledger_closures WHERE owner_id = $1 AND id = $2`,
    { bind: [ownerId, id], type: QueryTypes.SELECT },
  );
  return closure ?? null;
}
