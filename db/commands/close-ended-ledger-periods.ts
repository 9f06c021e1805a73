import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { DomainError } from '../../domain/errors';
import { addDays } from '../../domain/invoicing/calendar-date';
import { type LedgerClosure, type PeriodKind, periodsEndingOn } from '../../domain/ledger/closures';
import { formatDateInZone } from '../../domain/wall-clock';
import { closeLedgerPeriod } from './close-ledger-period';

/**
 * The daily job's closures for one studio (issue 32 §6), on its clock at `now`: each ended day
 * that has records and no DAY closure yet (days a stopped worker missed are caught up), and the
 * month and the calendar year that yesterday ended, if any. A period the studio closed itself is
 * left as it is (a fiscal year of its own overlapping the calendar year included). Answers the
 * closures made.
 */
export async function closeEndedLedgerPeriods(
  sequelize: Sequelize,
  ownerId: string,
  now: Date,
): Promise<LedgerClosure[]> {
  const [owner] = await sequelize.query<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', {
    bind: [ownerId],
    type: QueryTypes.SELECT,
  });
  if (!owner) return [];
  const today = formatDateInZone(now, owner.time_zone);
  const days = await sequelize.query<{ day: string }>(
    `SELECT DISTINCT (recorded_at AT TIME ZONE $2)::date::text AS day FROM ledger_records
     WHERE owner_id = $1
       AND seq > COALESCE((SELECT max(head_seq) FROM ledger_closures WHERE owner_id = $1 AND period_kind = 'DAY'), 0)
       AND recorded_at < ($3::date::timestamp AT TIME ZONE $2)
     ORDER BY day`,
    { bind: [ownerId, owner.time_zone, today], type: QueryTypes.SELECT },
  );
  const wanted: { kind: PeriodKind; start: string; end: string }[] = days.map(({ day }) => ({
    kind: 'DAY',
    start: day,
    end: day,
  }));
  for (const { kind, period } of periodsEndingOn(addDays(today, -1)))
    if (kind !== 'DAY') wanted.push({ kind, start: period.start, end: period.end });
  const made: LedgerClosure[] = [];
  for (const request of wanted) {
    try {
      const { closure, created } = await closeLedgerPeriod(sequelize, ownerId, request, { now });
      if (created) made.push(closure);
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'ledger_period_overlaps')) throw err;
    }
  }
  return made;
}
