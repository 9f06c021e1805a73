import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type LedgerRecord } from '../../domain/ledger/record-types';
import { findUnchainedSources, type LedgerRef, refKind } from '../queries/ledger-sources';
import { appendLedgerRecords, lockLedger } from './append-ledger-record';

/**
 * Chains the issued documents and payments-ledger rows of the studio that no record stands for
 * yet, in the order they were issued or recorded: every one for the migration's backfill
 * (`recordedAt: 'source'`, each at its row's own instant); those of `invoiceIds` only for a write
 * that makes many rows in one statement (an invoice import, recorded now), so that a row someone
 * wrote around the service is never chained by chance. Never the integrity check: such a row is
 * what it reports.
 */
export async function appendUnchainedLedgerRecords(
  sequelize: Sequelize,
  ownerId: string,
  transaction: Transaction,
  options: { recordedAt: 'now' | 'source'; invoiceIds?: readonly string[] } = { recordedAt: 'now' },
): Promise<LedgerRecord[]> {
  await lockLedger(sequelize, ownerId, transaction);
  const rows = await findUnchainedSources(sequelize, ownerId, null, transaction, options.invoiceIds ?? null);
  const at = new Map(rows.map((r) => [r.recordId, r.at]));
  return appendLedgerRecords(
    sequelize,
    ownerId,
    rows.map((r) => ({ kind: refKind(r.recordType), id: r.recordId })),
    transaction,
    options.recordedAt === 'now' ? 'now' : { at: (ref: LedgerRef) => at.get(ref.id)! },
  );
}
