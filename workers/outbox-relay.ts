import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { claimOutboxBatch } from '../db/commands/claim-outbox-batch';
import { type OutboxEventRow } from '../db/commands/outbox-events';
import { endOutboxClaim } from '../db/commands/end-outbox-claim';
import { markOutboxEventUndispatched } from '../db/commands/mark-outbox-event-undispatched';
import { listPendingSessionAutomationIds } from '../db/queries/session-automation-task-runs';
import { dispatchOutboxEvents } from '../lib/jobs/outbox-dispatch';
import { withTimeout } from '../lib/with-timeout';

export interface OutboxRelayOptions {
  sequelize: Sequelize;
  temporal: Client;
  namespace: string;
  logger: Logger;
  /** Pause between passes when the outbox is empty. */
  intervalMs?: number;
  /**
   * Pause after a pass that moved events but less than a batch: events are still coming, and the
   * next ones should not wait the idle pause (at 50 events/s it was most of an event's latency).
   */
  busyIntervalMs?: number;

  batchSize?: number;
  /** Events of a pass handed to Temporal at once (after the first, which goes alone). */
  startConcurrency?: number;
  /** Told of each event once it is dispatched: the studio app hears of its clients' steps (Socket.IO). */
  announce?: (events: OutboxEventRow[]) => void;
}

/** The relay's defaults (bench/triggers.ts starts its baseline's workflows with the same concurrency). */
export const OUTBOX_RELAY_DEFAULTS = {
  intervalMs: 500,
  busyIntervalMs: 50,
  batchSize: 50,
  startConcurrency: 10,
} as const;

/**
 * Moves domain events from the outbox to Temporal, in passes: the claim and its statements are
 * db/commands/outbox-events.ts, the dispatch rule lib/jobs/outbox-dispatch.ts; this loop claims,
 * dispatches and ends the claim, and paces the passes. Runs in the workers that poll the
 * automation queue; several relays share the work (each claims its own batch).
 * - The request that wrote the event never waits for this, and never fails because of it.
 * - Temporal is asked first; while it is down the events wait in the outbox and are started
 *   when it comes back (a start that fails even so is in the dead-letter queue, for replay).
 */
export function startOutboxRelay(options: OutboxRelayOptions): { stop: () => Promise<void> } {
  const { sequelize, temporal, logger } = options;
  const { intervalMs, busyIntervalMs, batchSize, startConcurrency } = {
    ...OUTBOX_RELAY_DEFAULTS,
    ...options,
  };
  let stopped = false;
  let wake: (() => void) | undefined;

  const temporalUp = () =>
    withTimeout(temporal.workflowService.getSystemInfo({}), 2_000, 'Temporal').then(
      () => true,
      () => false,
    );

  /**
   * One batch; returns how many events it took. No transaction is open while the batch's jobs
   * and signals go to Temporal: the claim is one statement before, its end one statement after
   * (also when the dispatch throws, so the events are free for the next pass at once).
   */
  const pass = async (): Promise<number> => {
    const events = await claimOutboxBatch(sequelize, batchSize);
    if (events.length === 0) return 0;
    let dispatched: string[] = [];
    try {
      dispatched = await dispatchOutboxEvents(
        { sequelize, temporal, logger, startConcurrency },
        {
          events,
          markUndispatched: (eventId, message) => markOutboxEventUndispatched(sequelize, eventId, message),
          pendingSessionAutomationIds: (sessionId) => listPendingSessionAutomationIds(sequelize, sessionId),
        },
      );
    } finally {
      await endOutboxClaim(
        sequelize,
        events.map((e) => e.id),
        dispatched,
      );
    }
    // Told after the claim ends: a slow or failing listener never holds the outbox.
    if (options.announce) {
      const done = new Set(dispatched);
      try {
        options.announce(events.filter((e) => done.has(e.id)));
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'outbox relay could not announce a pass');
      }
    }
    return events.length;
  };

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
      // A full batch: go on at once; some events: a short pause; none: the idle pause (or until stopped).
      if (moved < batchSize && !stopped) {
        const pause = moved > 0 ? busyIntervalMs : intervalMs;
        await new Promise<void>((resolve) => ((wake = resolve), setTimeout(resolve, pause)));
      }
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
