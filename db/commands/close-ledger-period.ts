import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, ValidationError } from '../../domain/errors';
import { addDays } from '../../domain/invoicing/calendar-date';
import { closureTotals, type Contribution, contributionOf } from '../../domain/ledger/closure-totals';
import { closureHash, type LedgerClosure, type PeriodKind, periodOf } from '../../domain/ledger/closures';
import { GENESIS_HASH } from '../../domain/ledger/record-types';
import { ChainWalker } from '../../domain/ledger/verify-chain';
import { formatDateInZone } from '../../domain/wall-clock';
import { CLOSURE_COLUMNS } from '../queries/ledger-closures';
import { ledgerPages } from '../queries/ledger-integrity';
import { isoUtc } from '../queries/ledger-sources';
import { ledgerHead, lockLedger } from './append-ledger-record';

/** What to close: a kind and its first day (`YYYY-MM-DD`), and a fiscal year's last day when it is not a year later. */
export interface ClosureRequest {
  kind: PeriodKind;
  start: string;
  end?: string;
}

/** The instant a calendar day starts on the studio's clock, in SQL (`$n` a date, `$tz` the zone). */
const dayStart = (date: string, zone: string) => `((${date})::date::timestamp AT TIME ZONE ${zone})`;

/**
 * Closes a period of the studio's ledger (issue 32 §6): under the chain's lock, the records
 * recorded in it on the studio's clock (a contiguous run of seqs), their count and totals per
 * currency from their live rows, the chain's head at the period's end, chained to the studio's
 * previous closure, written once. A period that has not ended is refused (409
 * ledger_period_open), as is a fiscal year from the same day as a closed one but to another
 * (409 ledger_period_closed), and so is any period while the chain up to its end is broken (409
 * ledger_chain_broken, naming the first break: closing would seal it). A period already closed answers its closure with `created: false`.
 * Periods of one kind may overlap (a studio's own fiscal year over a calendar year the daily job
 * closed): each closure keeps the head where the chain stood at its end, whatever the others. `now` is the instant the
 * period must have ended by (the database's clock unless given: a test closes today).
 */
export async function closeLedgerPeriod(
  sequelize: Sequelize,
  ownerId: string,
  request: ClosureRequest,
  options: { now?: Date } = {},
): Promise<{ closure: LedgerClosure; created: boolean }> {
  const period = periodOf(request.kind, request.start, request.end);
  if ('problem' in period)
    throw new ValidationError(period.problem, [{ path: 'period_start', message: period.problem }]);
  return sequelize.transaction(async (transaction) => {
    await lockLedger(sequelize, ownerId, transaction);
    const [owner] = await sequelize.query<{ time_zone: string }>('SELECT time_zone FROM organizations WHERE id = $1', {
      bind: [ownerId],
      type: QueryTypes.SELECT,
      transaction,
    });
    const { now } = await ledgerHead(sequelize, ownerId, transaction);
    const today = formatDateInZone(options.now ?? new Date(now), owner.time_zone);
    if (period.end >= today)
      throw new ConflictError(
        'ledger_period_open',
        `The period ${period.start} to ${period.end} has not ended yet on the studio's clock: it can be closed from ${addDays(period.end, 1)}`,
      );
    const [existing] = await sequelize.query<LedgerClosure>(
      `SELECT ${CLOSURE_COLUMNS} FROM ledger_closures WHERE owner_id = $1 AND period_kind = $2 AND period_start = $3`,
      { bind: [ownerId, request.kind, period.start], type: QueryTypes.SELECT, transaction },
    );
    if (existing) {
      if (existing.periodEnd !== period.end)
        throw new ConflictError(
          'ledger_period_closed',
          `A ${request.kind} closure from ${existing.periodStart} already exists, to ${existing.periodEnd}`,
          { closure_id: existing.id },
        );
      return { closure: existing, created: false };
    }
    const closure = await writeClosure(sequelize, ownerId, request.kind, period, owner.time_zone, transaction);
    return { closure, created: true };
  });
}

/**
 * The period's records' contributions to the totals. The whole chain up to the head is walked: a
 * closure seals it, so a break anywhere before the head is refused rather than sealed (issue 40 §17).
 */
async function periodShares(
  sequelize: Sequelize,
  ownerId: string,
  { firstSeq, headSeq }: { firstSeq: number | null; headSeq: number },
  transaction: Transaction,
): Promise<Contribution[]> {
  const walker = new ChainWalker(ownerId);
  const shares: Contribution[] = [];
  for await (const page of ledgerPages(sequelize, ownerId, { afterSeq: 0, upToSeq: headSeq }, transaction))
    for (const { record, source } of page) {
      walker.push(record, source);
      if (firstSeq !== null && record.seq >= firstSeq && source) shares.push(contributionOf(source));
    }
  const broken = walker.firstBreak;
  if (broken)
    throw new ConflictError(
      'ledger_chain_broken',
      `The ledger is broken at record ${broken.seq}: ${broken.message}. A closure would seal the break; the period stays open until the record is restored (GET /api/ledger/integrity names it)`,
      {
        seq: broken.seq,
        reason: broken.reason,
        record_type: broken.recordType,
        record_id: broken.recordId,
        number: broken.number,
      },
    );
  return shares;
}

async function writeClosure(
  sequelize: Sequelize,
  ownerId: string,
  kind: PeriodKind,
  period: { start: string; end: string },
  timeZone: string,
  transaction: Transaction,
): Promise<LedgerClosure> {
  // Records are appended in time order: the period's records are the seqs from its first to the head at its end.
  const [span] = await sequelize.query<{ first_seq: string | null; head_seq: string | null; head_hash: string | null }>(
    `SELECT (SELECT min(seq) FROM ledger_records WHERE owner_id = $1 AND recorded_at >= ${dayStart('$2', '$4')} AND recorded_at < ${dayStart('$3', '$4')}) AS first_seq,
            h.seq AS head_seq, h.chain_hash AS head_hash
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (SELECT seq, chain_hash FROM ledger_records WHERE owner_id = $1 AND recorded_at < ${dayStart('$3', '$4')} ORDER BY seq DESC LIMIT 1) h ON true`,
    { bind: [ownerId, period.start, addDays(period.end, 1), timeZone], type: QueryTypes.SELECT, transaction },
  );
  const firstSeq = span.first_seq === null ? null : Number(span.first_seq);
  const headSeq = span.head_seq === null ? 0 : Number(span.head_seq);
  const shares = await periodShares(sequelize, ownerId, { firstSeq, headSeq }, transaction);
  const [previous] = await sequelize.query<{ closure_seq: number; closure_hash: string; closed_at: string }>(
    `SELECT closure_seq, closure_hash, ${isoUtc('clock_timestamp()')} AS closed_at FROM (SELECT 1) one
     LEFT JOIN LATERAL (SELECT closure_seq, closure_hash FROM ledger_closures WHERE owner_id = $1 ORDER BY closure_seq DESC LIMIT 1) c ON true`,
    { bind: [ownerId], type: QueryTypes.SELECT, transaction },
  );
  const fields = {
    closureSeq: (previous.closure_seq ?? 0) + 1,
    periodKind: kind,
    periodStart: period.start,
    periodEnd: period.end,
    timeZone,
    firstSeq,
    headSeq,
    headHash: span.head_hash ?? GENESIS_HASH,
    recordCount: firstSeq === null ? 0 : headSeq - firstSeq + 1,
    totals: closureTotals(shares),
    closedAt: previous.closed_at,
    previousClosureHash: previous.closure_hash ?? GENESIS_HASH,
  };
  const hash = closureHash(ownerId, fields);
  const [row] = await sequelize.query<LedgerClosure>(
    `INSERT INTO ledger_closures (owner_id, closure_seq, period_kind, period_start, period_end, time_zone, first_seq, head_seq,
       head_hash, record_count, totals, closed_at, previous_closure_hash, closure_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::timestamptz, $13, $14)
     RETURNING ${CLOSURE_COLUMNS}`,
    {
      bind: [
        ownerId,
        fields.closureSeq,
        kind,
        period.start,
        period.end,
        timeZone,
        firstSeq,
        headSeq,
        fields.headHash,
        fields.recordCount,
        JSON.stringify(fields.totals),
        fields.closedAt,
        fields.previousClosureHash,
        hash,
      ],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row;
}
