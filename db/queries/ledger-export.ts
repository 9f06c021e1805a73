import { Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type LedgerClosure } from '../../domain/ledger/closures';
import { type LedgerRecord } from '../../domain/ledger/record-types';
import { listAllLedgerClosures } from './ledger-closures';
import { readLedgerRecords } from './ledger-integrity';

/** Records read per round trip while an export is written. */
const PAGE = 1000;

/**
 * Reads a studio's whole chain for its export (issue 40 §18) in one read-only snapshot, so its
 * closures never name a head past the records read: the records a page at a time in seq order
 * (a long chain is never held whole), then every closure in closure order.
 */
export async function readLedgerExport(
  sequelize: Sequelize,
  ownerId: string,
  sink: { records(page: LedgerRecord[]): void; closures(all: LedgerClosure[]): void },
): Promise<void> {
  await sequelize.transaction(
    { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true },
    async (transaction) => {
      for (let after = 0; ; ) {
        const page = await readLedgerRecords(sequelize, ownerId, after, PAGE, transaction);
        sink.records(page);
        if (page.length < PAGE) break;
        after = page[page.length - 1].seq;
      }
      sink.closures(await listAllLedgerClosures(sequelize, ownerId, transaction));
    },
  );
}
