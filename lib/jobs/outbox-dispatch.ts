import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type OutboxBatch, type OutboxEventRow } from '../../db/commands/outbox-events';
import { EVALUATE_TRIGGERS_JOB } from '../../workflows/workflow-triggers/contract';
import {
  DOCUMENT_PDF_JOB,
  INVOICE_REMINDERS_JOB,
  keptInvoicePdfKey,
  SCHEDULE_CHANGED_JOB,
} from '../../workflows/invoicing/contract';
import { listOwedInvoiceIds } from '../../db/queries/invoice-reminders';
import { PAYMENT_RECEIPT_JOB } from '../../workflows/payments/contract';
import { E_INVOICE_CASHED_JOB, E_INVOICE_TRANSMIT_JOB, transmissionKey } from '../../workflows/e-invoicing/contract';
import { listCashablePayments, listTransmittableInvoices } from '../../db/queries/platform-transmissions';
import { signalInvoiceReminders } from './invoice-reminders-signal';
import {
  SESSION_RESCHEDULED_SIGNAL,
  SESSION_AUTOMATION_JOB,
  type SessionRescheduled,
} from '../../workflows/automations/contract';
import { startJob } from './start-job';
import { startJobs } from './start-jobs';

export interface OutboxDispatchDeps {
  sequelize: Sequelize;
  temporal: Client;
  logger: Logger;
  /** Evaluations handed to Temporal at once (after the first, which goes alone). */
  startConcurrency: number;
}

/**
 * The outbox relay's dispatch rule for one batch (db/commands/outbox-events.ts holds the batch
 * and its statements); answers the ids of the events dispatched.
 * - One trigger-evaluation job per event whose owner has an active trigger for it, its workflow
 *   id from the event id (a redelivered event meets the same job); the job runs are recorded in
 *   one statement and their workflows started the first alone, then `startConcurrency` at a time,
 *   in id order; after a failed start no further one is tried (those events wait for the next
 *   pass), so an outage beginning mid-pass dead-letters at most the starts then in flight.
 * - An event whose owner has no active trigger for it is dispatched without a job.
 * - SESSION_RESCHEDULED (internal) is a signal to the session's workflows, not an evaluation;
 *   with payment schedules it also wakes the reminders of the session's invoices still owed.
 * - An invoice just issued starts its kept pdf and its reminders (issue 21 §2); any other
 *   INVOICE_STATUS_CHANGED (a payment, a credit note, a cancel, overdue) wakes its reminders.
 * - A payment received (PAYMENT_RECEIVED) starts its receipt's job, keyed by the ledger row
 *   (issue 31 §3); a start that fails leaves the event for the next pass, as the reminders' do.
 * - An invoice just issued to a company (a SIREN) by a studio with an e-invoicing platform starts
 *   its transmission (issue 32 §2), keyed by the invoice; a payment of a transmitted invoice starts
 *   its cashed status (Encaissée), keyed by the payment, unless the studio opted for VAT on debits.
 *   A failed start waits for the next pass.
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
  const evaluated = events.filter((e) => e.event_type !== 'SESSION_RESCHEDULED' && e.has_trigger);
  const starts = await startJobs(
    sequelize,
    temporal,
    EVALUATE_TRIGGERS_JOB,
    evaluated.map((e) => ({
      key: e.id,
      payload: { eventId: e.id },
      meta: { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined },
    })),
    { concurrency: startConcurrency },
  );
  // An invoice just issued gets its kept pdf rendered (issue 20 §3): started here, off the issue
  // request, under the key downloads meet (api/invoicing/kept-pdf.ts). A start that fails is only
  // logged: the first download renders it then.
  const issued = events.filter(
    (e) =>
      e.event_type === 'INVOICE_STATUS_CHANGED' &&
      e.payload.previous_status === 'DRAFT' &&
      e.payload.status === 'ISSUED',
  );
  if (issued.length > 0) {
    const pdfs = await startJobs(
      sequelize,
      temporal,
      DOCUMENT_PDF_JOB,
      issued.map((e) => ({
        key: keptInvoicePdfKey(e.entity_id),
        payload: { kind: 'invoice' as const, documentId: e.entity_id, ownerId: e.owner_id },
        meta: { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined },
      })),
      { concurrency: startConcurrency },
    );
    for (const [i, start] of pdfs.entries())
      if (start.outcome === 'failed')
        logger.warn(
          { invoiceId: issued[i].entity_id, err: start.error.message },
          'kept pdf not started; the first download renders it',
        );
  }
  // Its reminders, one workflow per invoice: a start that fails leaves the event for the next pass.
  const reminders = await startJobs(
    sequelize,
    temporal,
    INVOICE_REMINDERS_JOB,
    issued.map((e) => ({
      key: e.entity_id,
      payload: { invoiceId: e.entity_id, ownerId: e.owner_id },
      meta: { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined },
    })),
    { concurrency: startConcurrency },
  );
  // A payment's jobs are keyed by its ledger row: a redelivered event meets the same job.
  const paymentJobStart = (e: OutboxEventRow) => ({
    key: e.payload.payment_id as string,
    payload: { paymentId: e.payload.payment_id as string, ownerId: e.owner_id },
    meta: { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined },
  });
  // A payment's receipt (issue 31 §3).
  const paid = events.filter((e) => e.event_type === 'PAYMENT_RECEIVED' && typeof e.payload.payment_id === 'string');
  const receipts = await startJobs(sequelize, temporal, PAYMENT_RECEIPT_JOB, paid.map(paymentJobStart), {
    concurrency: startConcurrency,
  });
  // B2B invoices of studios with a platform: sent to it (issue 32 §2).
  const transmittable = new Set(
    await listTransmittableInvoices(
      sequelize,
      issued.map((e) => e.entity_id),
    ),
  );
  const transmitted = issued.filter((e) => transmittable.has(e.entity_id));
  const transmissions = await startJobs(
    sequelize,
    temporal,
    E_INVOICE_TRANSMIT_JOB,
    transmitted.map((e) => ({
      key: transmissionKey('invoice', e.entity_id),
      payload: { kind: 'invoice' as const, documentId: e.entity_id, ownerId: e.owner_id },
      meta: { userId: e.owner_id, entityId: e.entity_id, requestId: e.request_id ?? undefined },
    })),
    { concurrency: startConcurrency },
  );
  // Payments of transmitted invoices: their cashed status (VAT on receipts, the default for services).
  const cashable = new Set(
    await listCashablePayments(
      sequelize,
      paid.map((e) => e.payload.payment_id as string),
    ),
  );
  const cashed = paid.filter((e) => cashable.has(e.payload.payment_id as string));
  const cashings = await startJobs(sequelize, temporal, E_INVOICE_CASHED_JOB, cashed.map(paymentJobStart), {
    concurrency: startConcurrency,
  });
  // A start that fails leaves its event for the next pass (its job is found existing then).
  const startsFailed = new Map([
    ...reminders.flatMap((start, i) =>
      start.outcome === 'failed'
        ? [[issued[i].id, `The reminders of the invoice could not be started (${start.error.message})`] as const]
        : [],
    ),
    ...receipts.flatMap((start, i) =>
      start.outcome === 'failed'
        ? [[paid[i].id, `The receipt of the payment could not be started (${start.error.message})`] as const]
        : [],
    ),
    ...cashings.flatMap((start, i) =>
      start.outcome === 'failed'
        ? [[cashed[i].id, `The cashed status could not be started (${start.error.message})`] as const]
        : [],
    ),
    ...transmissions.flatMap((start, i) =>
      start.outcome === 'failed'
        ? [[transmitted[i].id, `The e-invoice transmission could not be started (${start.error.message})`] as const]
        : [],
    ),
  ]);
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
    if (event.event_type !== 'SESSION_RESCHEDULED') {
      if (
        event.event_type === 'INVOICE_STATUS_CHANGED' &&
        !(event.payload.previous_status === 'DRAFT' && event.payload.status === 'ISSUED')
      )
        await signalInvoiceReminders(temporal, [event.entity_id], logger);
      if (!event.has_trigger) dispatched.push(event.id);
      continue;
    }
    try {
      await signalRescheduledSession(temporal, event, await batch.pendingSessionAutomationIds(event.entity_id));
      // Payment schedules that follow the start: their clients are told the new due dates, once per move.
      if (event.payload.schedules === true) {
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
          { userId: event.owner_id, entityId: event.entity_id, requestId: event.request_id ?? undefined },
        );
        // Their reminders' timers follow the new due dates.
        await signalInvoiceReminders(
          temporal,
          await listOwedInvoiceIds(sequelize, event.owner_id, { sessionId: event.entity_id }),
          logger,
        );
      }
      dispatched.push(event.id);
    } catch (err) {
      failed = true;
      await undispatched(event.id, (err as Error).message);
    }
  }
  return dispatched;
}

/**
 * Delivers a SESSION_RESCHEDULED event: the new start date goes to every session workflow of the
 * session that still has tasks waiting (`workflowIds`). A workflow that has ended meanwhile is not an error.
 */
export async function signalRescheduledSession(
  temporal: Client,
  event: { entity_id: string; payload: Record<string, unknown> },
  workflowIds: string[],
): Promise<void> {
  const signal: SessionRescheduled = {
    startDate: typeof event.payload.start_date === 'string' ? event.payload.start_date : null,
  };
  for (const workflowId of workflowIds) {
    try {
      await temporal.workflow
        .getHandle(SESSION_AUTOMATION_JOB.workflowId({ sessionId: event.entity_id, workflowId }))
        .signal(SESSION_RESCHEDULED_SIGNAL, signal);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
}
