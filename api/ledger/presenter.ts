import { type LedgerClosure } from '../../domain/ledger/closures';
import { type LedgerIntegrity } from '../../db/queries/ledger-integrity';

/** The integrity check's answer, with the API's names. */
export function presentLedgerIntegrity(r: LedgerIntegrity) {
  const b = r.firstBreak;
  return {
    ok: r.ok,
    records_checked: r.recordsChecked,
    head: r.head,
    closures_checked: r.closuresChecked,
    first_break: b && {
      seq: b.seq,
      record_type: b.recordType,
      record_id: b.recordId,
      number: b.number,
      reason: b.reason,
      message: b.message,
    },
  };
}

/** A closure, with the API's names. */
export function presentLedgerClosure(c: LedgerClosure) {
  return {
    id: c.id,
    closure_seq: c.closureSeq,
    period_kind: c.periodKind,
    period_start: c.periodStart,
    period_end: c.periodEnd,
    time_zone: c.timeZone,
    record_count: c.recordCount,
    first_seq: c.firstSeq,
    head_seq: c.headSeq,
    head_hash: c.headHash,
    totals: c.totals,
    closed_at: c.closedAt,
    previous_closure_hash: c.previousClosureHash,
    closure_hash: c.closureHash,
  };
}
