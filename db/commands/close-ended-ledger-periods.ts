import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { DomainError } from '../../domain/errors';
import { addDays } from '../../domain/invoicing/calendar-date';
import { type LedgerClosure, type PeriodKind, periodsEndingOn, periodOf } from '../../domain/ledger/closures';
import { formatDateInZone } from '../../domain/wall-clock';
import { closeLedgerPeriod } from './close-ledger-period';

/**
 * The daily job's closures for one studio (issue 32 §6), on its clock at `now`: each ended day
 * that has records and no DAY closure yet (days a stopped worker missed are caught up); the month
 * that yesterday ended, if any; and the fiscal year that yesterday ended: the year after the
 * studio's last FISCAL_YEAR closure, of the same dates a year on, or the calendar year while it
 * has none (docs/ledger-integrity.md). Answers the closures made.
 */
export async function closeEndedLedgerPeriods(
  sequelize: Sequelize,
  ownerId: string,
  now: Date,
): Promise<LedgerClosure[]> {
  const [owner] = await sequelize.query<{ time_zone: string; fiscal_end: string | null }>(
    `SELECT u.time_zone,
            (SELECT period_end::text FROM ledger_closures WHERE owner_id = u.id AND period_kind = 'FISCAL_YEAR' ORDER BY period_end DESC LIMIT 1) AS fiscal_end
     FROM organizations u WHERE u.id = $1`,
    { bind: [ownerId], type: QueryTypes.SELECT },
  );
  if (!owner) return [];
  const today = formatDateInZone(now, owner.time_zone);
  const yesterday = addDays(today, -1);
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
  const month = periodsEndingOn(yesterday).find((p) => p.kind === 'MONTH');
  if (month) wanted.push({ kind: 'MONTH', ...month.period });
  const fiscal = owner.fiscal_end
    ? periodOf('FISCAL_YEAR', addDays(owner.fiscal_end, 1))
    : periodsEndingOn(yesterday).find((p) => p.kind === 'FISCAL_YEAR')?.period;
  if (fiscal && 'end' in fiscal && fiscal.end === yesterday) wanted.push({ kind: 'FISCAL_YEAR', ...fiscal });
  const made: LedgerClosure[] = [];
  for (const request of wanted) {
    try {
      const { closure, created } = await closeLedgerPeriod(sequelize, ownerId, request, { now });
      if (created) made.push(closure);
    } catch (err) {
      // The studio closed a fiscal year from that day to another end itself: its own stands.
      if (err instanceof DomainError && err.code === 'ledger_period_closed') continue;
      // A broken chain is not sealed: nothing more is closed until it is repaired, and the check
      // that follows in the daily job reports the break.
      if (err instanceof DomainError && err.code === 'ledger_chain_broken') break;
      throw err;
    }
  }
  return made;
}
