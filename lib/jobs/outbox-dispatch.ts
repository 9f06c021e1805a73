import { type OutboxBatch } from '../../db/commands/outbox-events';
import { EVALUATE_TRIGGERS_JOB } from '../../workflows/workflow-triggers/contract';
import { OUTBOX_PROCESSORS, outboxProcessorFor } from './outbox-processors';
import { eventJobMeta, type OutboxDispatchDeps } from './outbox-processors/processor';
import { startJobs } from './start-jobs';

/**
 * The outbox relay's dispatch rule for one batch (db/commands/outbox-events.ts holds the batch
 * and its statements); answers the ids of the events dispatched. What an event type does beyond
 * its triggers is its processor's (lib/jobs/outbox-processors/, one module per concern).
 * - One trigger-evaluation job per event whose owner has an active trigger for it, its workflow
 *   id from the event id (a redelivered event meets the same job); the job runs are recorded in
 *   one statement and their workflows started the first alone, then `startConcurrency` at a time,
 *   in id order; after a failed start no further one is tried (those events wait for the next
 *   pass), so an outage beginning mid-pass dead-letters at most the starts then in flight.
 * - An event whose owner has no active trigger for it is dispatched without a job; so is an event
 *   of a type no processor handles, once its evaluation (if any) is started.
 * - Then each processor starts its events' jobs; an event whose start failed is left for the next
 *   pass whole (its evaluation is found existing then).
 * - Then, in id order, each event is delivered by its processor (signals); a signals-only event
 *   (SESSION_RESCHEDULED) is dispatched once delivered. Nothing more once Temporal failed.
 */
export async function dispatchOutboxEvents(deps: OutboxDispatchDeps, batch: OutboxBatch): Promise<string[]> {
  const { sequelize, temporal, logger, startConcurrency } = deps;
  const { events } = batch;
  const dispatched: string[] = [];
  const undispatched = async (eventId: string, message: string) => {
    await batch.markUndispatched(eventId, message);
    logger.warn({ eventId, err: message }, 'outbox event not dispatched; retried on the next pass');
  };
  // Evaluations: their job runs and workflows started together (lib/jobs/start-jobs.ts).
  const evaluated = events.filter((e) => e.has_trigger && !outboxProcessorFor(e.event_type)?.signalsOnly);
  const starts = await startJobs(
    sequelize,
    temporal,
    EVALUATE_TRIGGERS_JOB,
    evaluated.map((e) => ({ key: e.id, payload: { eventId: e.id }, meta: eventJobMeta(e) })),
    { concurrency: startConcurrency },
  );
  // Each processor's jobs; a start that fails leaves its event for the next pass (its job is found existing then).
  const startsFailed = new Map<string, string>();
  for (const processor of OUTBOX_PROCESSORS) {
    const mine = events.filter((e) => processor.eventTypes.some((t) => t === e.event_type));
    if (!processor.start || mine.length === 0) continue;
    for (const [eventId, message] of await processor.start(deps, mine)) startsFailed.set(eventId, message);
  }
  let failed = startsFailed.size > 0;
  for (const [eventId, message] of startsFailed) await undispatched(eventId, message);
  for (const [i, start] of starts.entries()) {
    if (startsFailed.has(evaluated[i].id)) continue; // retried whole on the next pass (its evaluation is found existing)
    if (start.outcome === 'started' || start.outcome === 'existing') dispatched.push(evaluated[i].id);
    else if (start.outcome === 'failed') {
      failed = true;
      await undispatched(
        evaluated[i].id,
        `The job system is not available (${start.error.message}); the job run ${start.jobRunId} is in the dead-letter queue`,
      );
    }
  }
  // Signals, and events no trigger waits for, in id order; nothing more once Temporal failed.
  for (const event of events) {
    if (failed) break;
    if (startsFailed.has(event.id)) continue;
    const processor = outboxProcessorFor(event.event_type);
    try {
      await processor?.deliver?.(deps, event, batch);
      if (processor?.signalsOnly || !event.has_trigger) dispatched.push(event.id);
    } catch (err) {
      failed = true;
      await undispatched(event.id, (err as Error).message);
    }
  }
  return dispatched;
}
