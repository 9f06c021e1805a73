import { Context } from '@temporalio/activity';
import { DomainError } from '../../domain/errors';
import { type CleanupJobType, type CleanupSummary } from '../../workflows/cleanup/contract';
import { type CleanupDeps } from './deps';
import { type DeleteOutcome } from './object-store';

/** Counts of one pass, updated as it goes so the metrics move with the work. */
export class PassTally {
  scanned = 0;
  deleted = 0;
  keptPermanent = 0;

  constructor(
    private readonly deps: CleanupDeps,
    private readonly jobType: CleanupJobType,
  ) {}

  /** Records a page looked at, and tells Temporal the activity is alive (its heartbeat timeout). */
  scan(count: number): void {
    this.scanned += count;
    this.deps.metrics?.scanned(this.jobType, count);
    heartbeat({ scanned: this.scanned, deleted: this.deleted });
  }

  removed(count: number): void {
    this.deleted += count;
    this.deps.metrics?.deleted(this.jobType, count);
  }

  /** Keys S3 refused to delete: counted and logged, the pass goes on (the next run retries them). */
  refused(outcome: DeleteOutcome): void {
    for (const { key, code } of outcome.failed) {
      this.deps.metrics?.error(this.jobType, `s3_${code}`);
      this.deps.logger.warn({ jobType: this.jobType, key, code }, 'cleanup could not delete an object');
    }
  }
}

function heartbeat(details: unknown) {
  try {
    Context.current().heartbeat(details);
  } catch {
    // Outside an activity (a direct call in a test): nothing to report to.
  }
}

/**
 * Runs one cleanup pass with its metrics (duration, outcome, error type) and its closing log
 * line. `minAgeSeconds` is the pass's threshold, reported in the summary.
 */
export async function runCleanupPass(
  deps: CleanupDeps,
  jobType: CleanupJobType,
  minAgeSeconds: number,
  body: (tally: PassTally) => Promise<void>,
): Promise<CleanupSummary> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  const tally = new PassTally(deps, jobType);
  try {
    await body(tally);
  } catch (err) {
    deps.metrics?.finished(jobType, 'failed', seconds());
    deps.metrics?.error(jobType, err instanceof DomainError ? err.code : (err as Error).name || 'Error');
    throw err;
  }
  deps.metrics?.finished(jobType, 'completed', seconds());
  const summary: CleanupSummary = {
    jobType,
    scanned: tally.scanned,
    deleted: tally.deleted,
    keptPermanent: tally.keptPermanent,
    minAgeSeconds,
  };
  deps.logger.info({ ...summary }, 'cleanup pass finished');
  return summary;
}

/** The payload's threshold when given (never negative), else the job's default. */
export function minAge(payload: { minAgeSeconds?: number }, fallbackSeconds: number): number {
  return typeof payload.minAgeSeconds === 'number' && Number.isFinite(payload.minAgeSeconds)
    ? Math.max(0, payload.minAgeSeconds)
    : fallbackSeconds;
}
