import { Context } from '@temporalio/activity';
import { type S3Client } from '@aws-sdk/client-s3';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type recordInvoiceReminder } from '../../db/commands/record-invoice-reminder';
import { type loadClientFace } from '../../db/queries/client-face';
import { type findReminderDecision, type reminderBehind } from '../../db/queries/invoice-reminders';
import { studioHeadHtml } from '../../domain/accounts/studio-head';
import { formatDay, formatMoney } from '../../domain/invoicing/document-html';
import { toHundredths } from '../../domain/invoicing/money';
import { daysBetween } from '../../domain/invoicing/calendar-date';
import { reminderPlanOf } from '../../domain/invoicing/reminder-decision';
import { reminderMessage } from '../../domain/invoicing/reminder-message';
import { smsNumber, smsRegion } from '../../domain/sms/sms-number';
import { signDownloadLink } from '../../lib/s3-links';
import { type SmsProvider } from '../../lib/sms/sms-provider';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type InvoiceRemindersActivities } from '../../workflows/invoicing/contract';
import { type Bound } from '../db-deps';
import { type PortalLinkDb, type PortalLinkSettings, portalDocumentLink } from '../client-portal/portal-document-link';

/** The reminder's decision and record (db/queries and db/commands invoice-reminders.ts). */
export interface InvoiceReminderDb extends PortalLinkDb {
  findReminderDecision: Bound<typeof findReminderDecision>;
  reminderBehind: Bound<typeof reminderBehind>;
  loadClientFace: Bound<typeof loadClientFace>;
  recordInvoiceReminder: Bound<typeof recordInvoiceReminder>;
}

export interface InvoiceReminderDeps extends InvoiceReminderDb, PortalLinkSettings {
  logger: Logger;
  mailer: Transporter;
  mailFrom: string;
  sms: SmsProvider;
  /** The studio's logo, read for the email's head. */
  s3: S3Client;
  /** Signs the invoice link put in the reminder (S3_PUBLIC_ENDPOINT). */
  publicS3: S3Client;
  bucket: string;
  /** Lifetime of the mailed link (EXPORT_EMAIL_LINK_TTL_SECONDS). */
  linkTtlSeconds: number;
}

/** A reminder whose email keeps failing is recorded FAILED at this attempt (about ten minutes of retries) and the next step goes on. */
export const REMINDER_SEND_ATTEMPTS = 6;

/** The reminder key: one email per invoice, due date, step and occurrence (email_tracking's idempotency key). */
const reminderKey = (invoiceId: string, d: { dueDate: string; stepIndex: number; occurrence: number }) =>
  `invoice-reminder:${invoiceId}:${d.dueDate}:${d.stepIndex}:${d.occurrence}`;

type ReminderFacts = NonNullable<Awaited<ReturnType<InvoiceReminderDb['findReminderDecision']>>['facts']>;
type ClientFace = Awaited<ReturnType<InvoiceReminderDb['loadClientFace']>>;
type ReminderText = ReturnType<typeof reminderMessage>;

/** Without a client account possible, the link is the invoice's pdf, signed for the mail's lifetime; none without a pdf. */
async function pdfLink(
  deps: InvoiceReminderDeps,
  pdfKey: string | null | undefined,
  number: string | null,
): Promise<string> {
  if (!pdfKey) return '';
  return signDownloadLink(deps.publicS3, deps.bucket, pdfKey, deps.linkTtlSeconds, `${number ?? 'invoice'}.pdf`);
}

/** The reminder's email, under the studio's head (its name and logo) when the client's face is known. */
async function mailReminder(
  deps: InvoiceReminderDeps,
  face: ClientFace,
  { to, message, messageId }: { to: string; message: ReminderText; messageId: string },
): Promise<void> {
  const head = face
    ? studioHeadHtml({ studioName: face.studioName ?? '', logoDataUri: await readLogoDataUri(deps, face.logoKey) })
    : '';
  await deps.mailer.sendMail({
    from: deps.mailFrom,
    to,
    subject: message.subject,
    text: message.text,
    html: `${head}${message.html}`,
    messageId,
  });
}

/**
 * The reminder's SMS to the contact's phone, read in the contact's or the studio's region. Its
 * status, and why it did not go, shown with the reminder (the email went: the reminder counts).
 */
async function smsReminder(
  deps: InvoiceReminderDeps,
  facts: ReminderFacts,
  { body, key, jobRunId, invoiceId }: { body: string; key: string; jobRunId: string; invoiceId: string },
): Promise<{ smsStatus: 'SENT' | 'FAILED' | 'NO_PHONE'; smsError: string | null }> {
  const to = facts.contact_phone
    ? smsNumber(
        facts.contact_phone,
        smsRegion({
          contactCountry: facts.contact_country,
          studioCountry: facts.studio_country,
          studioLocale: facts.studio_locale,
        }),
      )
    : null;
  if (!to) return { smsStatus: 'NO_PHONE', smsError: null };
  if (!to.ok) return { smsStatus: 'FAILED', smsError: to.reason };
  try {
    await deps.sms.send({ to: to.number, body, reference: key });
    return { smsStatus: 'SENT', smsError: null };
  } catch (err) {
    deps.logger.warn({ jobRunId, invoiceId, err: (err as Error).message }, 'Payment reminder SMS failed');
    return { smsStatus: 'FAILED', smsError: `SMS: ${(err as Error).message}` };
  }
}

/** Plans and sends payment reminders (issue 21 §2; the workflow is workflows/invoicing/invoice-reminders.ts). */
export function createInvoiceReminderActivities(deps: InvoiceReminderDeps): InvoiceRemindersActivities {
  return {
    async planInvoiceReminder({ invoiceId, ownerId, now }) {
      return reminderPlanOf((await deps.findReminderDecision(ownerId, invoiceId, new Date(now))).decision);
    },

    async sendInvoiceReminder({ jobRunId, invoiceId, ownerId, now, pdfKey }) {
      const { decision, facts } = await deps.findReminderDecision(ownerId, invoiceId, new Date(now));
      // Only what is due at the workflow's clock goes: a payment or pause since the plan sends nothing.
      if (decision.kind !== 'send' || decision.reminder.at.getTime() > now || !facts?.contact_email)
        return { status: 'not_due' };
      const { reminder, dueDate } = decision;
      const done = { status: 'sent' as const, dueDate, stepIndex: reminder.stepIndex, occurrence: reminder.occurrence };
      const key = reminderKey(invoiceId, { dueDate, ...reminder });
      if (await deps.reminderBehind(invoiceId, { dueDate, ...reminder })) return done;

      const face = await deps.loadClientFace(ownerId, facts.contact_id);
      const locale = face?.locale ?? 'fr-FR';
      const studioName = face?.studioName ?? '';
      // The client's portal page of the invoice, where they pay (issue 31 §1); without a client account possible, its pdf.
      const portal = await portalDocumentLink(deps, {
        ownerId,
        contactId: facts.contact_id,
        kind: 'invoice',
        documentId: invoiceId,
      });
      const link = portal ? portal.url : await pdfLink(deps, pdfKey, facts.number);
      const variables = {
        'contact.first_name': facts.contact_first_name ?? '',
        'invoice.number': facts.number ?? '',
        amount_due: formatMoney(toHundredths(facts.balance_due), locale, facts.currency),
        due_date: formatDay(dueDate, locale),
        payment_link: link,
        'studio.name': studioName,
      };
      const message = reminderMessage(
        locale,
        daysBetween(dueDate, reminder.scheduledDate),
        facts.steps[reminder.stepIndex]?.wording,
        variables,
      );
      const messageId = `<${key.replace(/:/g, '-')}@studio.local>`;
      const record = {
        ownerId,
        invoiceId,
        dueDate,
        stepIndex: reminder.stepIndex,
        occurrence: reminder.occurrence,
        scheduledDate: reminder.scheduledDate,
        channels: reminder.channels,
      };
      const email = { recipient: facts.contact_email, subject: message.subject, messageId, key, jobRunId };
      try {
        await mailReminder(deps, face, { to: facts.contact_email, message, messageId });
      } catch (err) {
        // Retried by Temporal; at the last attempt the reminder is recorded FAILED and the next one goes on.
        if (Context.current().info.attempt < REMINDER_SEND_ATTEMPTS) throw err;
        await deps.recordInvoiceReminder({
          ...record,
          status: 'FAILED',
          smsStatus: null,
          error: (err as Error).message,
          email: { ...email, messageId: null },
        });
        deps.logger.warn({ jobRunId, invoiceId, err: (err as Error).message }, 'Payment reminder failed for good');
        return { status: 'failed' };
      }
      const { smsStatus, smsError } = reminder.channels.includes('sms')
        ? await smsReminder(deps, facts, { body: message.sms, key, jobRunId, invoiceId })
        : { smsStatus: null, smsError: null };
      await deps.recordInvoiceReminder({ ...record, status: 'SENT', smsStatus, error: smsError, email });
      deps.logger.info(
        { jobRunId, invoiceId, stepIndex: reminder.stepIndex, occurrence: reminder.occurrence, sms: smsStatus },
        'Payment reminder sent',
      );
      return done;
    },
  };
}
