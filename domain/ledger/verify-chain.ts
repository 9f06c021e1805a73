import { chainHash } from './chain-hash';
import { type Contribution, contributionOf } from './closure-totals';
import { contentHash, type LedgerSource, sourceNumber, sourceRecordType } from './record-content';
import { GENESIS_HASH, type LedgerBreak, type LedgerRecord, type LedgerRecordType } from './record-types';

/** A source row that should be in the chain and is not (an issued document or payment row nobody chained). */
export interface UnchainedSource {
  recordType: LedgerRecordType;
  recordId: string;
  number: string | null;
}

const label = (type: LedgerRecordType | null, number: string | null) =>
  `${type === 'INVOICE_ISSUED' ? 'invoice' : type === 'CREDIT_NOTE_ISSUED' ? 'credit note' : type ? type.toLowerCase() : 'record'}${number ? ` ${number}` : ''}`;

/**
 * Walks one studio's chain in seq order, a page at a time (db/queries/ledger-integrity.ts streams
 * it), and keeps the first break: a position left empty, a record that does not follow the one
 * before it, a record whose source row is gone or no longer hashes to its content hash, or whose
 * own chain hash no longer covers it. It keeps what the closures are checked against: each
 * record's chain hash and its share of the totals, up to the first break.
 */
export class ChainWalker {
  private previous = GENESIS_HASH;
  private broken: LedgerBreak | null = null;
  /** Chain hash of each intact record, index seq − 1. */
  private readonly hashes: string[] = [];
  /** Share of the closures' totals of each intact record, index seq − 1. */
  private readonly shares: Contribution[] = [];
  /** Records read, intact or not. */
  count = 0;
  /** The last record read: the chain's head. */
  head: { seq: number; hash: string } | null = null;

  constructor(private readonly ownerId: string) {}

  /** The next record in seq order and its live source row (null when the row is gone). */
  push(record: LedgerRecord, source: LedgerSource | null): void {
    this.count += 1;
    this.head = { seq: record.seq, hash: record.chainHash };
    if (this.broken) return;
    this.broken = this.check(record, source);
    if (this.broken) return;
    this.hashes.push(record.chainHash);
    this.shares.push(contributionOf(source!));
    this.previous = record.chainHash;
  }

  private check(record: LedgerRecord, source: LedgerSource | null): LedgerBreak | null {
    const expected = this.hashes.length + 1;
    const at = (reason: LedgerBreak['reason'], message: string, seq = record.seq): LedgerBreak => ({
      seq,
      recordType: record.recordType,
      recordId: record.recordId,
      number: source ? sourceNumber(source) : null,
      reason,
      message,
    });
    if (record.seq > expected)
      return {
        seq: expected,
        recordType: null,
        recordId: null,
        number: null,
        reason: 'missing_record',
        message: `Record ${expected} of the chain is missing: the chain goes from ${expected - 1} to ${record.seq}`,
      };
    if (record.seq < expected) return at('chain_broken', `Record ${record.seq} appears twice or out of order`);
    if (record.previousHash !== this.previous)
      return at(
        'chain_broken',
        `Record ${record.seq} (${label(record.recordType, source && sourceNumber(source))}) does not follow record ${record.seq - 1}: the previous hash it stores is not that record's chain hash`,
      );
    if (!source)
      return at(
        'missing_record',
        `The ${label(record.recordType, null)} of record ${record.seq} (${record.recordId}) is no longer in the database${record.recordType === 'INVOICE_ISSUED' ? ' as an issued invoice' : ''}`,
      );
    if (sourceRecordType(source) !== record.recordType || contentHash(source) !== record.contentHash)
      return at(
        'content_changed',
        `The ${label(record.recordType, sourceNumber(source))} of record ${record.seq} was changed after it was recorded: its content no longer has the hash the chain keeps`,
      );
    if (chainHash(this.ownerId, record) !== record.chainHash)
      return at(
        'chain_broken',
        `Record ${record.seq} (${label(record.recordType, sourceNumber(source))}) was changed in the chain itself: its chain hash no longer covers what it stores`,
      );
    return null;
  }

  /** The first break of the records read so far, or null. */
  get firstBreak(): LedgerBreak | null {
    return this.broken;
  }

  /** The number of intact records from the start: every seq up to it checked out. */
  get intactUpTo(): number {
    return this.hashes.length;
  }

  /** The chain hash of intact record `seq` (undefined past the intact part). */
  chainHashAt(seq: number): string | undefined {
    return this.hashes[seq - 1];
  }

  /** The totals' shares of intact records `from` to `to`, both included. */
  sharesOf(from: number, to: number): Contribution[] {
    return this.shares.slice(from - 1, to);
  }
}

/** A source row nobody chained, as a break: named by what it is, with no seq. */
export function unchainedBreak(source: UnchainedSource): LedgerBreak {
  return {
    seq: null,
    recordType: source.recordType,
    recordId: source.recordId,
    number: source.number,
    reason: 'unchained_record',
    message: `The ${label(source.recordType, source.number)} (${source.recordId}) is in the database but not in the chain: it was written around the service`,
  };
}

/**
 * The first break of a whole chain (records in seq order, each with its live source, and the
 * source rows that are not in the chain), or null when it holds: what the walker finds, else the
 * first unchained row.
 */
export function verifyChain(
  ownerId: string,
  records: readonly LedgerRecord[],
  sourceOf: (record: LedgerRecord) => LedgerSource | null,
  unchained: readonly UnchainedSource[] = [],
): LedgerBreak | null {
  const walker = new ChainWalker(ownerId);
  for (const record of records) walker.push(record, sourceOf(record));
  return walker.firstBreak ?? (unchained.length > 0 ? unchainedBreak(unchained[0]) : null);
}
