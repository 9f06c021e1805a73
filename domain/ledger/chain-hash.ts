import { canonicalJson } from './canonical-json';
import { contentHash, type LedgerSource, sha256Hex, sourceRecordType } from './record-content';
import { GENESIS_HASH, type LedgerRecord } from './record-types';

/** A record's place in its studio's chain: what its chain hash covers besides its content. */
export type ChainLink = Omit<LedgerRecord, 'chainHash'>;

/**
 * A record's chain hash: SHA-256 of the canonical JSON of the studio, its seq, type, source row,
 * the instant it was recorded, its content hash and the previous record's chain hash. A record
 * moved to another studio or place, renumbered, re-dated, or whose content or predecessor changed
 * no longer has its stored chain hash, and the next record no longer follows it.
 */
export function chainHash(ownerId: string, link: ChainLink): string {
  return sha256Hex(
    canonicalJson({
      v: 1,
      owner_id: ownerId,
      seq: link.seq,
      record_type: link.recordType,
      record_id: link.recordId,
      recorded_at: link.recordedAt,
      content_hash: link.contentHash,
      previous_hash: link.previousHash,
    }),
  );
}

/**
 * The record that appends `source` after `head` (null: the chain is empty), recorded at
 * `recordedAt` (ISO 8601 UTC as stored): seq one more, its content hash, the head's chain hash
 * as its previous hash, and its own chain hash.
 */
export function nextRecord(
  ownerId: string,
  head: { seq: number; hash: string } | null,
  source: LedgerSource,
  recordedAt: string,
): LedgerRecord {
  const link: ChainLink = {
    seq: (head?.seq ?? 0) + 1,
    recordType: sourceRecordType(source),
    recordId: source.row.id,
    recordedAt,
    contentHash: contentHash(source),
    previousHash: head?.hash ?? GENESIS_HASH,
  };
  return { ...link, chainHash: chainHash(ownerId, link) };
}
