#!/usr/bin/env node
// Verifies a studio's exported ledger chain (GET /api/ledger/export) without the service's code:
// plain Node.js (node:crypto, node:fs), written from the recipe in docs/ledger-integrity.md
// ("Recomputing the hashes"), so an auditor can read it whole. It checks each record's chain hash
// and its link to the record before, each closure's hash, its link to the previous closure, and
// that the chain at its head is the head it kept. Content hashes cover the documents' rows, which
// the export does not carry: they are checked by GET /api/ledger/integrity against the database.
//
//   node scripts/verify-ledger-chain.mjs ledger.json [--head <seq>:<hash>]...
//
// --head: a head kept outside the service (a closure's head_seq and head_hash written down when it
// was made); the chain must still have that hash at that seq. Exit code 0 when everything holds,
// 1 with the first break on stderr, 2 for a file that is not an export.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const GENESIS = '0'.repeat(64);

/** JSON with keys sorted at every depth (UTF-16 code unit order), no white space, null for absent. */
function canonical(value) {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

export function chainHashOf(ownerId, r) {
  return sha256(
    canonical({
      v: 1,
      owner_id: ownerId,
      seq: r.seq,
      record_type: r.record_type,
      record_id: r.record_id,
      recorded_at: r.recorded_at,
      content_hash: r.content_hash,
      previous_hash: r.previous_hash,
    }),
  );
}

export function closureHashOf(ownerId, c) {
  return sha256(
    canonical({
      v: 1,
      owner_id: ownerId,
      closure_seq: c.closure_seq,
      period_kind: c.period_kind,
      period_start: c.period_start,
      period_end: c.period_end,
      time_zone: c.time_zone,
      first_seq: c.first_seq,
      head_seq: c.head_seq,
      head_hash: c.head_hash,
      record_count: c.record_count,
      totals: c.totals,
      closed_at: c.closed_at,
      previous_closure_hash: c.previous_closure_hash,
    }),
  );
}

/** The first break of an export, or null: `{ where, message }`. */
export function verifyExport(file, keptHeads = []) {
  const { owner_id: ownerId, records, closures } = file;
  const hashAt = new Map();
  let previous = GENESIS;
  for (const [i, r] of records.entries()) {
    const where = `record ${r.seq}`;
    if (r.seq !== i + 1)
      return { where, message: `expected record ${i + 1} here: a record is missing or out of order` };
    if (r.previous_hash !== previous)
      return { where, message: 'its previous_hash is not the chain hash of the record before it' };
    if (chainHashOf(ownerId, r) !== r.chain_hash)
      return { where, message: 'its chain_hash is not the hash of its fields: the record was changed' };
    hashAt.set(r.seq, r.chain_hash);
    previous = r.chain_hash;
  }
  let previousClosure = GENESIS;
  for (const [i, c] of closures.entries()) {
    const where = `closure ${c.closure_seq} (${c.period_kind} ${c.period_start})`;
    if (c.closure_seq !== i + 1) return { where, message: `expected closure ${i + 1} here` };
    if (c.previous_closure_hash !== previousClosure)
      return { where, message: 'its previous_closure_hash is not the hash of the closure before it' };
    if (closureHashOf(ownerId, c) !== c.closure_hash)
      return { where, message: 'its closure_hash is not the hash of its fields: the closure was changed' };
    if ((c.head_seq === 0 ? GENESIS : hashAt.get(c.head_seq)) !== c.head_hash)
      return { where, message: `the chain at record ${c.head_seq} is not the head it kept: the chain was rewritten` };
    previousClosure = c.closure_hash;
  }
  for (const { seq, hash } of keptHeads)
    if ((seq === 0 ? GENESIS : hashAt.get(seq)) !== hash)
      return { where: `record ${seq}`, message: 'the chain at this record is not the head kept outside the service' };
  return null;
}

function main(argv) {
  const [path, ...rest] = argv;
  if (!path) {
    console.error('usage: node scripts/verify-ledger-chain.mjs ledger.json [--head <seq>:<hash>]...');
    return 2;
  }
  const heads = [];
  for (let i = 0; i < rest.length; i++) {
    const m = rest[i] === '--head' ? /^(\d+):([0-9a-f]{64})$/.exec(rest[i + 1] ?? '') : null;
    if (!m) {
      console.error(`not understood: ${rest[i]} (expected --head <seq>:<64 hex>)`);
      return 2;
    }
    heads.push({ seq: Number(m[1]), hash: m[2] });
    i++;
  }
  let file;
  try {
    file = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    console.error(`cannot read ${path}: ${err.message}`);
    return 2;
  }
  if (file?.format !== 'studio-ledger-chain/1' || !Array.isArray(file.records) || !Array.isArray(file.closures)) {
    console.error(`${path} is not a ledger export (format studio-ledger-chain/1)`);
    return 2;
  }
  const broken = verifyExport(file, heads);
  if (broken) {
    console.error(`BROKEN at ${broken.where}: ${broken.message}`);
    return 1;
  }
  const head = file.records.at(-1);
  console.log(
    `OK: ${file.records.length} records and ${file.closures.length} closures hold; head ${head ? `${head.seq} ${head.chain_hash}` : `0 ${GENESIS}`}`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
