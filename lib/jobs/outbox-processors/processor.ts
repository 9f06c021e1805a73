import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type OutboxBatch, type OutboxEventRow } from '../../../db/commands/outbox-events';
import { type OutboxEventType } from '../../../domain/events/domain-event';

/** What a processor may reach: the one Sequelize, the Temporal client, the relay's logger and pace. */
export interface OutboxDispatchDeps {
  sequelize: Sequelize;
  temporal: Client;
  logger: Logger;
  /** Evaluations handed to Temporal at once (after the first, which goes alone). */
  startConcurrency: number;
}

/** An event whose job could not be started, with why: it stays in the outbox for the next pass. */
export type StartFailure = readonly [eventId: string, message: string];

/**
 * One concern's handling of the outbox events it declares (outline's `queues/processors`): the
 * dispatcher (lib/jobs/outbox-dispatch.ts) looks each event up in the registry (./index.ts) and
 * calls the steps its processor has, in this order within a pass:
 * 1. the trigger evaluations of every event (the dispatcher's own, unless `signalsOnly`);
 * 2. `start`: the jobs its events start, the batch's events of its types at once;
 * 3. `deliver`: in id order, each event not left for the next pass, until one throws.
 */
export interface OutboxProcessor {
  /** The concern, as the registry's test names it. */
  concern: string;
  /** The outbox event types it handles; an event type has one processor at most. */
  eventTypes: readonly OutboxEventType[];
  /**
   * Its events are signals to running workflows, never trigger evaluations: none is started for
   * them, and an event is dispatched once `deliver` has run.
   */
  signalsOnly?: boolean;
  /**
   * Starts the jobs of its events (given in id order, only when the batch has some); answers the
   * events whose start failed and that wait for the next pass.
   */
  start?(deps: OutboxDispatchDeps, events: OutboxEventRow[]): Promise<StartFailure[]>;
  /**
   * Delivers one event (a signal), after every start of the pass. A throw leaves the event for the
   * next pass and ends the pass: nothing more goes to Temporal.
   */
  deliver?(deps: OutboxDispatchDeps, event: OutboxEventRow, batch: OutboxBatch): Promise<void>;
}

/** The bookkeeping fields of a job an event starts: its owner, entity and request. */
export function eventJobMeta(e: OutboxEventRow) {
  return { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined };
}
