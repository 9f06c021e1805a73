/** How one task of an automation run ended (RESCHEDULED, a session's, is not an end). */
export type FinishedTaskOutcome = { status: 'COMPLETED' | 'FAILED' | 'SKIPPED'; error?: string };

/** What an automation run did, for a session or for a contact, quote or invoice: its workflow's result. */
export interface AutomationSummary {
  completed: number;
  failed: number;
  skipped: number;
}

/** Counts one finished task in the run's summary. */
export function countOutcome(summary: AutomationSummary, outcome: FinishedTaskOutcome): void {
  if (outcome.status === 'COMPLETED') summary.completed += 1;
  else if (outcome.status === 'FAILED') summary.failed += 1;
  else summary.skipped += 1;
}
