import { QueryTypes, Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { firstOf, verifyClosures } from '../../domain/ledger/closures';
import { type LedgerSource } from '../../domain/ledger/record-content';
import { type LedgerBreak, type LedgerRecord } from '../../domain/ledger/record-types';
import { ChainWalker, unchainedBreak } from '../../domain/ledger/verify-chain';
import { listAllLedgerClosures } from './ledger-closures';
import { findUnchainedSources, isoUtc, loadLedgerSources, refKind } from './ledger-sources';

/** What the integrity check of one studio's ledger found (GET /api/ledger/integrity). */
export interface LedgerIntegrity {
  ok: boolean;
  recordsChecked: number;
  head: { seq: number; hash: string } | null;
  closuresChecked: number;
  firstBreak: LedgerBreak | null;
}

/** Records read per round trip: a page of records, then their rows. */
const PAGE = 1000;

/** A page of the studio's chain after `afterSeq`, in seq order. */
export async function readLedgerRecords(
  sequelize: Sequelize,
  ownerId: string,
  afterSeq: number,
  limit: number,
  transaction?: Transaction,
): Promise<LedgerRecord[]> {
  const rows = await sequelize.query<LedgerRecord & { seq: string }>(
    `SELECT seq, record_type AS "recordType", record_id AS "recordId", ${isoUtc('recorded_at')} AS "recordedAt",
            content_hash AS "contentHash", previous_hash AS "previousHash", chain_hash AS "chainHash"
     FROM ledger_records WHERE owner_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    { bind: [ownerId, afterSeq, limit], type: QueryTypes.SELECT, transaction },
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/**
 * The studio's chain after `afterSeq` (up to `upToSeq` when given), a page of `pageSize` records at
 * a time in seq order, each with its live row (null when it is gone).
 */
export async function* ledgerPages(
  sequelize: Sequelize,
  ownerId: string,
  range: { afterSeq: number; upToSeq?: number },
  transaction?: Transaction,
  pageSize = PAGE,
): AsyncGenerator<{ record: LedgerRecord; source: LedgerSource | null }[]> {
  const last = range.upToSeq ?? Infinity;
  for (let after = range.afterSeq; after < last; ) {
    const records = await readLedgerRecords(sequelize, ownerId, after, Math.min(pageSize, last - after), transaction);
    if (records.length === 0) return;
    const sources = await loadLedgerSources(
      sequelize,
      ownerId,
      records.map((r) => ({ kind: refKind(r.recordType), id: r.recordId })),
      transaction,
    );
    yield records.map((record) => ({ record, source: sources.get(record.recordId) ?? null }));
    after = records[records.length - 1].seq;
    if (records.length < pageSize) return;
  }
}

/**
 * Checks one studio's ledger (issue 32 §6): its chain page by page, each record's content hash
 * recomputed from the live rows (the invoice and its lines, the credit note, the payments-ledger
 * row and its receipt), then its closures against the chain, then whether a row of the studio was
 * left out of the chain; answers the first break. One read-only snapshot (REPEATABLE READ), so a
 * document issued meanwhile is either wholly in what is read or wholly out of it.
 */
export async function checkLedgerIntegrity(
  sequelize: Sequelize,
  ownerId: string,
  pageSize = PAGE,
): Promise<LedgerIntegrity> {
  return sequelize.transaction(
    { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true },
    async (transaction) => {
      const walker = new ChainWalker(ownerId);
      for await (const page of ledgerPages(sequelize, ownerId, { afterSeq: 0 }, transaction, pageSize))
        for (const { record, source } of page) walker.push(record, source);
      const closures = await listAllLedgerClosures(sequelize, ownerId, transaction);
      let firstBreak = firstOf(walker.firstBreak, verifyClosures(ownerId, closures, walker));
      if (!firstBreak) {
        const [unchained] = await findUnchainedSources(sequelize, ownerId, 1, transaction);
        if (unchained) firstBreak = unchainedBreak(unchained);
      }
      return {
        ok: firstBreak === null,
        recordsChecked: walker.count,
        head: walker.head,
        closuresChecked: closures.length,
        firstBreak,
      };
    },
  );
}
