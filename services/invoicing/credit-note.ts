import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type CreditNoteInput, issueCreditNote } from '../../db/commands/issue-credit-note';
import { findDocument } from '../../db/queries/invoicing';
import { creditNoteTransmittable } from '../e-invoicing/credit-note-transmittable';
import { type InvoiceRow } from '../../db/rows';
import { signalInvoiceReminders } from '../../lib/jobs/invoice-reminders-signal';
import { startJob } from '../../lib/jobs/start-job';
import { E_INVOICE_TRANSMIT_JOB, transmissionKey } from '../../workflows/e-invoicing/contract';
import { type KeptPdfDeps, startKeptPdf } from './kept-pdf';

/** What issuing a credit note needs beyond the database: Temporal (reminders, the pdf, the platform) and a logger. */
export type CreditNoteDeps = Omit<KeptPdfDeps, 'sequelize'> & { logger: Logger };

/** The studio user issuing: the owner of the invoice, and the org its jobs run under. */
type Issuer = { id: string; orgId: string };

/**
 * Issues a credit note (avoir) on an invoice (issue 20 §4), then, once committed: the invoice's
 * reminders look again at what is owed, the kept pdf's render starts, and a credit note of a B2B
 * e-invoice is transmitted to the platform the same way (issue 32 §2). None of the three fails the
 * issue: a start Temporal refuses is dead-lettered.
 */
export async function issueCreditNoteOf(
  sequelize: Sequelize,
  deps: CreditNoteDeps,
  user: Issuer,
  invoiceId: string,
  input: CreditNoteInput,
  requestId?: string,
) {
  const { creditNote, refundDueCents } = await issueCreditNote(sequelize, user.orgId, invoiceId, input, requestId);
  const invoice = (await findDocument(sequelize, 'invoice', invoiceId, user.orgId)) as InvoiceRow;
  await signalInvoiceReminders(deps.temporal, [invoiceId], deps.logger);
  await startKeptPdf({ ...deps, sequelize }, { kind: 'credit_note', id: creditNote.id }, user, requestId);
  if (await creditNoteTransmittable(sequelize, creditNote.id))
    await startJob(
      sequelize,
      deps.temporal,
      E_INVOICE_TRANSMIT_JOB,
      transmissionKey('credit_note', creditNote.id),
      { kind: 'credit_note', documentId: creditNote.id, ownerId: user.orgId },
      { orgId: user.orgId, userId: user.id, entityId: creditNote.id, requestId },
    ).catch(() => undefined);
  return { creditNote, refundDueCents, invoice };
}
