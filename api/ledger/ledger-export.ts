import { type Response } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { readLedgerExport } from '../../db/queries/ledger-export';
import { presentLedgerClosure } from './presenter';

/**
 * Writes the studio's chain as one JSON file (issue 40 §18): `format`, `owner_id` (part of every
 * hash), every record in seq order with the fields its chain hash covers and its hashes, then every
 * closure as the API shows it. What a studio keeps outside the service and checks with
 * scripts/verify-ledger-chain.mjs, without the service's code (docs/ledger-integrity.md).
 */
export async function writeLedgerExport(sequelize: Sequelize, ownerId: string, res: Response): Promise<void> {
  res.status(200).type('application/json').attachment(`ledger-${ownerId}.json`);
  res.write(`{"format":"studio-ledger-chain/1","owner_id":${JSON.stringify(ownerId)},"records":[`);
  let first = true;
  await readLedgerExport(sequelize, ownerId, {
    records(page) {
      for (const r of page) {
        const record = {
          seq: r.seq,
          record_type: r.recordType,
          record_id: r.recordId,
          recorded_at: r.recordedAt,
          content_hash: r.contentHash,
          previous_hash: r.previousHash,
          chain_hash: r.chainHash,
        };
        res.write(`${first ? '' : ','}${JSON.stringify(record)}`);
        first = false;
      }
    },
    closures(all) {
      res.write(`],"closures":${JSON.stringify(all.map(presentLedgerClosure))}}`);
    },
  });
  res.end();
}
