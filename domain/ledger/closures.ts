import { addDays, daysBetween } from '../invoicing/calendar-date';
import { canonicalJson } from './canonical-json';
import { type ClosureTotals, closureTotals } from './closure-totals';
import { sha256Hex } from './record-content';
import { GENESIS_HASH, type LedgerBreak } from './record-types';
import { type ChainWalker } from './verify-chain';

/**
 * Periodic closures (issue 32 §6): a day, a month or a fiscal year of a studio's chain, closed
 * once it has ended, keeps its totals and the chain's head at its end, and is chained to the
 * studio's previous closure. A record changed afterwards, even with its chain rewritten from there
 * on, no longer ends where a closure says the chain stood.
 */
export const PERIOD_KINDS = ['DAY', 'MONTH', 'FISCAL_YEAR'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** A stored closure (ledger_closures). Dates are calendar days on the studio's clock, both included. */
export interface LedgerClosure {
  id: string;
  closureSeq: number;
  periodKind: PeriodKind;
  periodStart: string;
  periodEnd: string;
  /** The studio's time zone when it was closed: its days are that zone's. */
  timeZone: string;
  /** The period's first record; null when it has none. */
  firstSeq: number | null;
  /** The chain's head at the period's end (0 and GENESIS_HASH for an empty chain). */
  headSeq: number;
  headHash: string;
  recordCount: number;
  totals: ClosureTotals;
  /** ISO 8601 UTC to the microsecond. */
  closedAt: string;
  previousClosureHash: string;
  closureHash: string;
}

/** What a closure's hash covers: everything it stores but its id and the hash itself. */
export function closureHash(ownerId: string, c: Omit<LedgerClosure, 'id' | 'closureHash'>): string {
  return sha256Hex(
    canonicalJson({
      v: 1,
      owner_id: ownerId,
      closure_seq: c.closureSeq,
      period_kind: c.periodKind,
      period_start: c.periodStart,
      period_end: c.periodEnd,
      time_zone: c.timeZone,
      first_seq: c.firstSeq,
      head_seq: c.headSeq,
      head_hash: c.headHash,
      record_count: c.recordCount,
      totals: c.totals,
      closed_at: c.closedAt,
      previous_closure_hash: c.previousClosureHash,
    }),
  );
}

/** A calendar period: its first and last day. */
export interface Period {
  start: string;
  end: string;
}

/** A fiscal year lasts at most this many days (a first fiscal year may run up to 24 months in France). */
export const MAX_FISCAL_YEAR_DAYS = 731;

/**
 * The period of kind `kind` starting at `start` (`YYYY-MM-DD`): that day; the month of that day
 * (which must be its first); a fiscal year from that day to `end` when given, else to the day
 * before the same date a year later. Answers a problem as a sentence instead when the input does
 * not make such a period.
 */
export function periodOf(kind: PeriodKind, start: string, end?: string): Period | { problem: string } {
  if (kind === 'DAY')
    return end && end !== start ? { problem: 'A day closes one day: leave period_end out' } : { start, end: start };
  if (kind === 'MONTH') {
    if (!start.endsWith('-01')) return { problem: 'A month starts on its first day (YYYY-MM-01)' };
    const last = lastDayOfMonth(start);
    if (end && end !== last) return { problem: `That month ends on ${last}: leave period_end out` };
    return { start, end: last };
  }
  const yearEnd = end ?? addDays(addYears(start, 1), -1);
  const days = daysBetween(start, yearEnd) + 1;
  if (days < 1) return { problem: 'A fiscal year ends after it starts' };
  if (days > MAX_FISCAL_YEAR_DAYS) return { problem: `A fiscal year lasts at most ${MAX_FISCAL_YEAR_DAYS} days` };
  return { start, end: yearEnd };
}

/** The calendar year of `date` as a fiscal year: the studio's fiscal year unless it closes another (docs/ledger-integrity.md). */
export const calendarYearOf = (date: string): Period => ({
  start: `${date.slice(0, 4)}-01-01`,
  end: `${date.slice(0, 4)}-12-31`,
});

/** The periods a day's end closes: that day, its month when it is the month's last day, its calendar year on 31 December. */
export function periodsEndingOn(day: string): { kind: PeriodKind; period: Period }[] {
  const periods: { kind: PeriodKind; period: Period }[] = [{ kind: 'DAY', period: { start: day, end: day } }];
  if (lastDayOfMonth(`${day.slice(0, 7)}-01`) === day)
    periods.push({ kind: 'MONTH', period: { start: `${day.slice(0, 7)}-01`, end: day } });
  if (day.endsWith('-12-31')) periods.push({ kind: 'FISCAL_YEAR', period: calendarYearOf(day) });
  return periods;
}

function lastDayOfMonth(first: string): string {
  const [y, m] = first.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number);
  // 29 February a year later is 1 March: the year then still ends on 28 February.
  const target = `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  return addDays(target, d - 1);
}

const closureBreak = (c: LedgerClosure, reason: LedgerBreak['reason'], message: string): LedgerBreak => ({
  seq: c.headSeq,
  recordType: 'CLOSURE',
  recordId: c.id,
  number: `${c.periodKind} ${c.periodStart}${c.periodEnd !== c.periodStart ? `..${c.periodEnd}` : ''}`,
  reason,
  message,
});

const sameTotals = (a: ClosureTotals, b: ClosureTotals) => canonicalJson(a) === canonicalJson(b);

/**
 * The first closure (in closure order) that no longer holds against the walked chain: one not
 * chained to the closure before it, one whose stored fields no longer hash to its closure hash,
 * one whose head is not where the chain stands (a record rewritten with the chain after it), or
 * whose count and totals are not those of its records. A closure whose head lies past the chain's
 * first break is checked only for its own hashes: the break is reported first anyway.
 */
export function verifyClosures(
  ownerId: string,
  closures: readonly LedgerClosure[],
  walker: ChainWalker,
): LedgerBreak | null {
  let previous = GENESIS_HASH;
  const chainEnd = walker.head?.seq ?? 0;
  for (const [i, c] of closures.entries()) {
    if (c.closureSeq !== i + 1 || c.previousClosureHash !== previous)
      return closureBreak(
        c,
        'chain_broken',
        `Closure ${c.closureSeq} (${c.periodKind} ${c.periodStart}) does not follow the closure before it`,
      );
    previous = c.closureHash;
    if (closureHash(ownerId, c) !== c.closureHash)
      return closureBreak(
        c,
        'content_changed',
        `Closure ${c.closureSeq} (${c.periodKind} ${c.periodStart}) was changed: its fields no longer have its closure hash`,
      );
    if (c.headSeq > chainEnd)
      return closureBreak(
        c,
        'missing_record',
        `Closure ${c.closureSeq} (${c.periodKind} ${c.periodStart}) ends at record ${c.headSeq}, but the chain ends at ${chainEnd}: records were removed`,
      );
    if (c.headSeq > walker.intactUpTo) continue;
    const head = c.headSeq === 0 ? GENESIS_HASH : walker.chainHashAt(c.headSeq);
    if (head !== c.headHash)
      return closureBreak(
        c,
        'chain_broken',
        `The chain at record ${c.headSeq} is not what closure ${c.closureSeq} (${c.periodKind} ${c.periodStart}) kept: the chain was rewritten up to there`,
      );
    const shares = c.firstSeq === null ? [] : walker.sharesOf(c.firstSeq, c.headSeq);
    if (shares.length !== c.recordCount || !sameTotals(closureTotals(shares), c.totals))
      return closureBreak(
        c,
        'content_changed',
        `The records of closure ${c.closureSeq} (${c.periodKind} ${c.periodStart}) no longer add up to its count and totals`,
      );
  }
  return null;
}

/** The first of the chain's break and the closures' (by seq; the chain's first when they meet). */
export function firstOf(chain: LedgerBreak | null, closure: LedgerBreak | null): LedgerBreak | null {
  if (!chain || !closure) return chain ?? closure;
  return (closure.seq ?? Infinity) < (chain.seq ?? Infinity) ? closure : chain;
}
