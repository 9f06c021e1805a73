import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { listOwedInvoiceIds } from '../../../db/queries/invoice-reminders';
import {
  SESSION_AUTOMATION_JOB,
  SESSION_RESCHEDULED_SIGNAL,
  type SessionRescheduled,
} from '../../../workflows/automations/contract';
import { SCHEDULE_CHANGED_JOB } from '../../../workflows/invoicing/contract';
import { signalInvoiceReminders } from '../invoice-reminders-signal';
import { startJob } from '../start-job';
import { eventJobMeta, type OutboxProcessor } from './processor';

/**
 * A session moved (SESSION_RESCHEDULED, internal): a signal to the session's automations, not a
 * trigger evaluation. With payment schedules that follow the start, their clients are told the new
 * due dates (once per move) and the reminders of the session's invoices still owed are woken.
 */
export const sessionsProcessor: OutboxProcessor = {
  concern: 'sessions',
  eventTypes: ['SESSION_RESCHEDULED'],
  signalsOnly: true,
  async deliver({ sequelize, temporal, logger }, event, batch) {
    await signalRescheduledSession(temporal, event, await batch.pendingSessionAutomationIds(event.entity_id));
    if (event.payload.schedules !== true) return;
    await startJob(
      sequelize,
      temporal,
      SCHEDULE_CHANGED_JOB,
      event.id,
      {
        eventId: event.id,
        sessionId: event.entity_id,
        ownerId: event.owner_id,
        previousStart: (event.payload.previous_start_date as string | null) ?? null,
        newStart: (event.payload.start_date as string | null) ?? null,
      },
      eventJobMeta(event),
    );
    // Their reminders' timers follow the new due dates.
    await signalInvoiceReminders(
      temporal,
      await listOwedInvoiceIds(sequelize, event.owner_id, { sessionId: event.entity_id }),
      logger,
    );
  },
};

/**
 * Delivers a SESSION_RESCHEDULED event: the new start date goes to every session automation run of
 * the session that still has tasks waiting (`automationIds`). A workflow that has ended meanwhile
 * is not an error.
 */
export async function signalRescheduledSession(
  temporal: Client,
  event: { entity_id: string; payload: Record<string, unknown> },
  automationIds: string[],
): Promise<void> {
  const signal: SessionRescheduled = {
    startDate: typeof event.payload.start_date === 'string' ? event.payload.start_date : null,
  };
  for (const automationId of automationIds) {
    try {
      await temporal.workflow
        .getHandle(SESSION_AUTOMATION_JOB.workflowId({ sessionId: event.entity_id, automationId }))
        .signal(SESSION_RESCHEDULED_SIGNAL, signal);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
}
