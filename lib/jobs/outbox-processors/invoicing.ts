import { type OutboxEventRow } from '../../../db/commands/outbox-events';
import { listPlatformInvoices } from '../../../db/queries/platform-transmissions';
import { transmittedBuyer } from '../../../domain/addons/fr-e-invoicing/flow-statuses';
import { E_INVOICE_TRANSMIT_JOB, transmissionKey } from '../../../workflows/e-invoicing/contract';
import { DOCUMENT_PDF_JOB, INVOICE_REMINDERS_JOB, keptInvoicePdfKey } from '../../../workflows/invoicing/contract';
import { signalInvoiceReminders } from '../invoice-reminders-signal';
import { startJobs } from '../start-jobs';
import { eventJobMeta, type OutboxProcessor, type StartFailure } from './processor';

/** An invoice just issued: the change from DRAFT to ISSUED. */
const justIssued = (e: OutboxEventRow) => e.payload.previous_status === 'DRAFT' && e.payload.status === 'ISSUED';

/**
 * An invoice's status changed (INVOICE_STATUS_CHANGED).
 * - Just issued: its kept pdf (issue 20 §3) and its reminders (issue 21 §2) start; so does its
 *   transmission (issue 32 §2), keyed by the invoice, when it was issued to a company (a SIREN) by a
 *   studio with an e-invoicing platform.
 * - Any other change (a payment, a credit note, a cancel, overdue) wakes its reminders.
 */
export const invoicingProcessor: OutboxProcessor = {
  concern: 'invoicing',
  eventTypes: ['INVOICE_STATUS_CHANGED'],
  async start({ sequelize, temporal, logger, startConcurrency }, events) {
    const issued = events.filter(justIssued);
    // Its kept pdf, started here, off the issue request, under the key downloads meet
    // (services/invoicing/kept-pdf.ts). A start that fails is only logged: the first download renders it then.
    if (issued.length > 0) {
      const pdfs = await startJobs(
        sequelize,
        temporal,
        DOCUMENT_PDF_JOB,
        issued.map((e) => ({
          key: keptInvoicePdfKey(e.entity_id),
          payload: { kind: 'invoice' as const, documentId: e.entity_id, ownerId: e.owner_id },
          meta: eventJobMeta(e),
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
        meta: eventJobMeta(e),
      })),
      { concurrency: startConcurrency },
    );
    // B2B invoices of studios with a platform: sent to it.
    const platformInvoices = await listPlatformInvoices(
      sequelize,
      issued.map((e) => e.entity_id),
    );
    const transmittable = new Set(platformInvoices.filter((i) => transmittedBuyer(i.buyer_siren)).map((i) => i.id));
    const transmitted = issued.filter((e) => transmittable.has(e.entity_id));
    const transmissions = await startJobs(
      sequelize,
      temporal,
      E_INVOICE_TRANSMIT_JOB,
      transmitted.map((e) => ({
        key: transmissionKey('invoice', e.entity_id),
        payload: { kind: 'invoice' as const, documentId: e.entity_id, ownerId: e.owner_id },
        meta: eventJobMeta(e),
      })),
      { concurrency: startConcurrency },
    );
    // An event whose two starts failed is retried with the transmission's message.
    return [
      ...reminders.flatMap((start, i): StartFailure[] =>
        start.outcome === 'failed'
          ? [[issued[i].id, `The reminders of the invoice could not be started (${start.error.message})`]]
          : [],
      ),
      ...transmissions.flatMap((start, i): StartFailure[] =>
        start.outcome === 'failed'
          ? [[transmitted[i].id, `The e-invoice transmission could not be started (${start.error.message})`]]
          : [],
      ),
    ];
  },
  async deliver({ temporal, logger }, event) {
    if (!justIssued(event)) await signalInvoiceReminders(temporal, [event.entity_id], logger);
  },
};
