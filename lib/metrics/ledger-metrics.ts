import { Counter, type Registry } from 'prom-client';

/**
 * The daily ledger job's metrics on the worker's registry (issue 32 §6): checks by outcome, breaks
 * by reason (a fixed vocabulary: domain/ledger/record-types.ts), closures made by kind. Alert on
 * any increase of ledger_integrity_breaks_total (docs/ledger-integrity.md, runbook).
 */
export function createLedgerMetrics(registry: Registry) {
  const checks = new Counter({
    name: 'ledger_integrity_checks_total',
    help: "Studios' ledgers checked by the daily job, by outcome",
    labelNames: ['result'],
    registers: [registry],
  });
  const breaks = new Counter({
    name: 'ledger_integrity_breaks_total',
    help: 'Ledgers the daily job found broken, by the reason of their first break',
    labelNames: ['reason'],
    registers: [registry],
  });
  const closures = new Counter({
    name: 'ledger_closures_total',
    help: 'Ledger closures made by the daily job, by period kind',
    labelNames: ['period_kind'],
    registers: [registry],
  });
  return {
    checked(ok: boolean, reason?: string) {
      checks.inc({ result: ok ? 'ok' : 'broken' });
      if (!ok) breaks.inc({ reason: reason ?? 'unknown' });
    },
    closed(periodKind: string) {
      closures.inc({ period_kind: periodKind });
    },
  };
}

export type LedgerMetrics = ReturnType<typeof createLedgerMetrics>;
