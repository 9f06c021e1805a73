import { type Logger } from 'pino';
import { type closeEndedLedgerPeriods } from '../../db/commands/close-ended-ledger-periods';
import { type checkLedgerIntegrity } from '../../db/queries/ledger-integrity';
import { type pageLedgerOwners } from '../../db/queries/ledger-owners';
import { type LedgerMetrics } from '../../lib/metrics/ledger-metrics';
import { type LedgerBreakReport, type LedgerDailyActivities } from '../../workflows/ledger/contract';
import { type Bound } from '../db-deps';

/** The daily ledger job's data access, the handle bound by the worker. */
export interface LedgerDailyDb {
  pageLedgerOwners: Bound<typeof pageLedgerOwners>;
  closeEndedLedgerPeriods: Bound<typeof closeEndedLedgerPeriods>;
  checkLedgerIntegrity: Bound<typeof checkLedgerIntegrity>;
}

export interface LedgerDailyDeps extends LedgerDailyDb {
  logger: Logger;
  metrics?: LedgerMetrics;
  /** The clock (a test's fixed instant). */
  now?: () => Date;
}

/**
 * The daily ledger job's activity: for each studio of the batch, its ended periods closed, then
 * its ledger checked. A break is logged at error level with what it names, counted
 * (ledger_integrity_breaks_total) and returned for the job's job_runs result.
 */
export function createLedgerDailyActivities(deps: LedgerDailyDeps): LedgerDailyActivities {
  return {
    async runLedgerDailyBatch({ afterOwnerId, limit }) {
      const owners = await deps.pageLedgerOwners(afterOwnerId, limit);
      const breaks: LedgerBreakReport[] = [];
      let closures = 0;
      for (const ownerId of owners) {
        const made = await deps.closeEndedLedgerPeriods(ownerId, deps.now?.() ?? new Date());
        closures += made.length;
        for (const c of made) deps.metrics?.closed(c.periodKind);
        const result = await deps.checkLedgerIntegrity(ownerId);
        deps.metrics?.checked(result.ok, result.firstBreak?.reason);
        if (result.firstBreak) {
          const { seq, recordType, recordId, number, reason, message } = result.firstBreak;
          breaks.push({ ownerId, seq, recordType, recordId, number, reason });
          deps.logger.error(
            { ownerId, seq, recordType, recordId, number, reason, recordsChecked: result.recordsChecked },
            `ledger integrity break: ${message}`,
          );
        }
      }
      deps.logger.info({ studios: owners.length, closures, breaks: breaks.length }, 'ledger daily batch finished');
      return { studios: owners.length, closures, breaks, lastOwnerId: owners.at(-1) ?? null };
    },
  };
}
