import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { nextRecord } from '../../domain/ledger/chain-hash';
import { type LedgerRecord } from '../../domain/ledger/record-types';
import { isoUtc, type LedgerRef, loadLedgerSources } from '../queries/ledger-sources';

/** The lock of a studio's chain, for the parameter or column `owner` (its owner's id); lockLedger says what it serialises. */
export const ledgerLockOf = (owner: string) => `pg_advisory_xact_lock(hashtext('ledger_records'), hashtext(${owner}))`;

/**
 * The lock of a studio's chain, held to the end of the transaction: appends and closures of one
 * studio queue on it, so seqs are gapless and each record follows the head it read. Two-key
 * advisory locks do not meet the single-key ones used elsewhere.
 */
export async function lockLedger(sequelize: Sequelize, ownerId: string, transaction: Transaction): Promise<void> {
  await sequelize.query(`SELECT ${ledgerLockOf('$1')}`, {
    bind: [ownerId],
    type: QueryTypes.SELECT,
    transaction,
  });
}

/** The studio's last record, for the parameter or column `owner` (its owner's id). */
export const ledgerHeadOf = (owner: string) =>
  `SELECT seq, chain_hash FROM ledger_records WHERE owner_id = ${owner} ORDER BY seq DESC LIMIT 1`;

/** The studio's head (null: an empty chain) and the database's clock, read under the lock. */
export async function ledgerHead(
  sequelize: Sequelize,
  ownerId: string,
  transaction: Transaction,
): Promise<{ head: { seq: number; hash: string } | null; now: string }> {
  const [row] = await sequelize.query<{ now: string; seq: string | null; chain_hash: string | null }>(
    `SELECT ${isoUtc('clock_timestamp()')} AS now, h.seq, h.chain_hash
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (${ledgerHeadOf('$1')}) h ON true`,
    { bind: [ownerId], type: QueryTypes.SELECT, transaction },
  );
  return { head: row.seq === null ? null : { seq: Number(row.seq), hash: row.chain_hash! }, now: row.now };
}

/** Writes one record of the studio's chain as made (domain/ledger/chain-hash.ts), under its lock. */
async function insertLedgerRecord(
  sequelize: Sequelize,
  ownerId: string,
  record: LedgerRecord,
  transaction: Transaction,
): Promise<void> {
  await sequelize.query(INSERT_RECORD, { bind: recordValues(ownerId, record), transaction });
}

/** A record of the studio's chain written as made: INSERT_RECORD with recordValues. */
export const INSERT_RECORD = `INSERT INTO ledger_records (owner_id, seq, record_type, record_id, recorded_at, content_hash, previous_hash, chain_hash)
VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8)`;

export const recordValues = (ownerId: string, record: LedgerRecord) => [
  ownerId,
  record.seq,
  record.recordType,
  record.recordId,
  record.recordedAt,
  record.contentHash,
  record.previousHash,
  record.chainHash,
];

/** When each appended record is recorded: now (the database's clock), or at its row's own instant (the backfill). */
export type RecordedAt = 'now' | { at: (ref: LedgerRef) => string };

/**
 * Appends the records of `refs` (in that order) to the studio's chain, in the caller's transaction:
 * under the studio's lock, each is given the next seq, its content hash read from its row as the
 * transaction sees it, the head's chain hash and its own (domain/ledger/chain-hash.ts). A row
 * already in the chain is skipped, so a retried write appends nothing twice. The issue of an
 * invoice or a credit note and every write to the payments ledger call this, in their own
 * transaction (issue 32 §6).
 */
export async function appendLedgerRecords(
  sequelize: Sequelize,
  ownerId: string,
  refs: readonly LedgerRef[],
  transaction: Transaction,
  recordedAt: RecordedAt = 'now',
): Promise<LedgerRecord[]> {
  if (refs.length === 0) return [];
  await lockLedger(sequelize, ownerId, transaction);
  const chained = await sequelize.query<{ record_id: string }>(
    'SELECT record_id FROM ledger_records WHERE record_id = ANY($1::uuid[])',
    { bind: [refs.map((r) => r.id)], type: QueryTypes.SELECT, transaction },
  );
  const skip = new Set(chained.map((c) => c.record_id));
  const wanted = refs.filter((r) => !skip.has(r.id));
  if (wanted.length === 0) return [];
  const sources = await loadLedgerSources(sequelize, ownerId, wanted, transaction);
  let { head, now } = await ledgerHead(sequelize, ownerId, transaction);
  const appended: LedgerRecord[] = [];
  for (const ref of wanted) {
    const source = sources.get(ref.id);
    // A bug, not a user's mistake: the caller chains a row it has just written.
    if (!source) throw new Error(`No ${ref.kind} ${ref.id} of this studio to chain`);
    const record = nextRecord(ownerId, head, source, recordedAt === 'now' ? now : recordedAt.at(ref));
    await insertLedgerRecord(sequelize, ownerId, record, transaction);
    appended.push(record);
    head = { seq: record.seq, hash: record.chainHash };
    now = record.recordedAt;
  }
  return appended;
}

/** Appends one record: the one call the issuing and payment commands make. */
export async function appendLedgerRecord(
  sequelize: Sequelize,
  ownerId: string,
  ref: LedgerRef,
  transaction: Transaction,
): Promise<LedgerRecord | null> {
  return (await appendLedgerRecords(sequelize, ownerId, [ref], transaction))[0] ?? null;
}
