import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { startJobs } from '../lib/jobs/start-jobs';
import { withTimeout } from '../lib/with-timeout';
import { EVALUATE_TRIGGERS_JOB } from '../workflows/workflow-triggers/contract';
import { signalRescheduledSession } from './signal-rescheduled-session';

export interface OutboxRelayOptions {
  sequelize: Sequelize;
  temporal: Client;
  namespace: string;
  logger: Logger;
  /** Pause between passes when the outbox is empty. */
  intervalMs?: number;
  batchSize?: number;
  /** Events of a pass handed to Temporal at once (after the first, which goes alone). */
  startConcurrency?: number;
}

/** The relay's defaults (bench/triggers.ts starts its baseline's workflows with the same concurrency). */
export const OUTBOX_RELAY_DEFAULTS = { intervalMs: 500, batchSize: 50, startConcurrency: 10 } as const;

/**
 * Moves domain events from the outbox to Temporal: one trigger-evaluation job per event, its
 * workflow id from the event id (a redelivered event meets the same job). Runs in the workers that
 * poll the automation queue; several relays share the work (FOR UPDATE SKIP LOCKED).
 * - The request that wrote the event never waits for this, and never fails because of it.
 * - Temporal is asked first; while it is down the events wait in the outbox and are started
 *   when it comes back (a start that fails even so is in the dead-letter queue, for replay).
 * - A pass records its evaluation jobs in one statement and starts their workflows, the first
 *   alone, then `startConcurrency` at a time, in id order; after a failed start it tries no
 *   further one (those events wait for the next pass). So an outage beginning mid-pass
 *   dead-letters at most the starts then in flight.
 * - An event whose owner has no active trigger for it is marked dispatched without a job.
 * - SESSION_RESCHEDULED (internal) is a signal to the session's workflows, not an evaluation.
 */
export function startOutboxRelay(options: OutboxRelayOptions): { stop: () => Promise<void> } {
  const { sequelize, temporal, logger } = options;
  const { intervalMs, batchSize, startConcurrency } = { ...OUTBOX_RELAY_DEFAULTS, ...options };
  let stopped = false;
  let wake: (() => void) | undefined;

  const temporalUp = () =>
    withTimeout(temporal.workflowService.getSystemInfo({}), 2_000, 'Temporal').then(
      () => true,
      () => false,
    );

  /** One batch; returns how many events it moved. */
  const pass = async (): Promise<number> =>
    sequelize.transaction(async (transaction) => {
      const events = await sequelize.query<{ id: string; event_type: string; owner_id: string; entity_id: string; payload: Record<string, unknown>; request_id: string | null; has_trigger: boolean }>(
        `SELECT e.id::text, e.event_type, e.owner_id, e.entity_id, e.payload, e.request_id,
                EXISTS (SELECT 1 FROM workflow_triggers t WHERE t.owner_id = e.owner_id AND t.trigger_event = e.event_type AND t.is_active) AS has_trigger
           FROM outbox_events e WHERE e.dispatched_at IS NULL ORDER BY e.id LIMIT $1 FOR UPDATE OF e SKIP LOCKED`,
        { bind: [batchSize], type: QueryTypes.SELECT, transaction },
      );
      // Dispatched events are marked together, in the same transaction, once the pass is done.
      const dispatched: string[] = [];
      const undispatched = async (event: (typeof events)[number], message: string) => {
        await sequelize.query('UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1', { bind: [event.id, message.slice(0, 2_000)], transaction });
        logger.warn({ eventId: event.id, err: message }, 'outbox event not dispatched; retried on the next pass');
      };
      // Evaluations: their job runs and workflows started together (lib/jobs/start-jobs.ts).
      const evaluated = events.filter((e) => e.event_type !== 'SESSION_RESCHEDULED' && e.has_trigger);
      const starts = await startJobs(
        sequelize,
        temporal,
        EVALUATE_TRIGGERS_JOB,
        evaluated.map((e) => ({ key: e.id, payload: { eventId: e.id }, meta: { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined } })),
        { concurrency: startConcurrency },
      );
      let failed = false;
      for (const [i, start] of starts.entries()) {
        if (start.outcome === 'started' || start.outcome === 'existing') dispatched.push(evaluated[i].id);
        else if (start.outcome === 'failed') {
          failed = true;
          await undispatched(evaluated[i], `The job system is not available (${start.error.message}); the job run ${start.jobRunId} is in the dead-letter queue`);
        }
      }
      // Signals, and events no trigger waits for, in id order; nothing more once Temporal failed.
      for (const event of events) {
        if (failed) break;
        if (event.event_type !== 'SESSION_RESCHEDULED') {
          if (!event.has_trigger) dispatched.push(event.id);
          continue;
        }
        try {
          await signalRescheduledSession({ sequelize, temporal }, event, transaction);
          dispatched.push(event.id);
        } catch (err) {
          failed = true;
          await undispatched(event, (err as Error).message);
        }
      }
      if (dispatched.length) {
        await sequelize.query('UPDATE outbox_events SET dispatched_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])', { bind: [dispatched], transaction });
      }
      return events.length;
    });

  // Logged once per outage, both ways: ops see why events wait, and when they flow again.
  let paused = false;
  const loop = (async () => {
    while (!stopped) {
      let moved = 0;
      try {
        const up = await temporalUp();
        if (up === paused) {
          paused = !up;
          if (paused) logger.warn('outbox relay paused: Temporal is unreachable; events wait in the outbox');
          else logger.info('outbox relay resumed: Temporal is reachable again');
        }
        if (up) moved = await pass();
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'outbox relay pass failed');
      }
      // A full batch: go on at once; otherwise wait (or until stopped).
      if (moved < batchSize && !stopped) await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, intervalMs)));
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
