/**
 * The studio's ledger chain (issue 32 §6, docs/ledger-integrity.md): every issued document and
 * every row of the payments ledger is one record of its studio's chain, numbered 1, 2, 3… and
 * hashed with the record before it.
 */

/** What a record stands for: an issued invoice, an issued credit note, a row of invoice_payments by its kind. */
export const LEDGER_RECORD_TYPES = ['INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED', 'PAYMENT', 'REFUND', 'REVERSAL'] as const;
export type LedgerRecordType = (typeof LEDGER_RECORD_TYPES)[number];

/** The record type of a payments-ledger row of kind `kind`. */
export function paymentRecordType(kind: 'payment' | 'refund' | 'reversal'): LedgerRecordType {
  return kind === 'payment' ? 'PAYMENT' : kind === 'refund' ? 'REFUND' : 'REVERSAL';
}

/** The previous hash of a chain's first record, and the head of an empty chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** One stored record of the chain (ledger_records), as the check reads it. */
export interface LedgerRecord {
  seq: number;
  recordType: LedgerRecordType;
  recordId: string;
  /** ISO 8601 in UTC, to the microsecond, as stored (`2026-11-27T09:00:00.123456Z`). */
  recordedAt: string;
  contentHash: string;
  previousHash: string;
  chainHash: string;
}

/** Why the check stopped at a record (or a closure). */
export const BREAK_REASONS = ['content_changed', 'chain_broken', 'missing_record', 'unchained_record'] as const;
export type BreakReason = (typeof BREAK_REASONS)[number];

/** The first place the chain no longer holds. */
export interface LedgerBreak {
  /** The record's number in the chain; a closure's head; null for a source row that was never chained. */
  seq: number | null;
  /** `CLOSURE` when a closure no longer agrees with the chain or with itself. */
  recordType: LedgerRecordType | 'CLOSURE' | null;
  /** The invoice, credit note or payment row (or the closure); null for a chain position left empty. */
  recordId: string | null;
  /** The invoice's or credit note's number, a payment's receipt number, a closure's period; null when unknown. */
  number: string | null;
  reason: BreakReason;
  message: string;
}
