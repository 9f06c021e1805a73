import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type recordScheduleNotice } from '../../db/commands/schedule-notices';
import { type scheduleNoticeSent } from '../../db/queries/schedule-notices';
import { type findEmailTemplate } from '../../db/queries/email-templates';
import { type listScheduledDocuments } from '../../db/queries/scheduled-documents';
import { type findSession } from '../../db/queries/sessions';
import { type findStudio } from '../../db/queries/studios';
import { clientLocale } from '../../domain/accounts/client-locale';
import { renderVariables } from '../../domain/emails/render-variables';
import { scheduleProblems } from '../../domain/invoicing/payment-schedule';
import { scheduleNoticeKey, scheduleNoticeLines } from '../../domain/invoicing/schedule-notice';
import { installmentInputs, scheduleContextOf } from '../../domain/invoicing/stored-schedule';
import { toHundredths } from '../../domain/invoicing/money';
import { type ScheduleChangedActivities } from '../../workflows/invoicing/contract';
import { type Bound } from '../db-deps';

/** The session's documents and the notices' records (db/commands/schedule-notices.ts). */
export interface ScheduleChangedDb {
  findStudio: Bound<typeof findStudio>;
  findSession: Bound<typeof findSession>;
  listScheduledDocuments: Bound<typeof listScheduledDocuments>;
  scheduleNoticeSent: Bound<typeof scheduleNoticeSent>;
  findEmailTemplate: Bound<typeof findEmailTemplate>;
  recordScheduleNotice: Bound<typeof recordScheduleNotice>;
}

export interface ScheduleChangedDeps extends ScheduleChangedDb {
  logger: Logger;
  mailer: Transporter;
  mailFrom: string;
}

/**
 * The notices of one session move (issue 21 §1): for each document of the session the client has
 * received with a schedule that follows the start, the unpaid installments whose due date moved
 * (domain/invoicing/schedule-notice.ts), mailed to the document's client in its language with the
 * template `payment-schedule-changed`. One email per document and move: each is recorded in
 * email_tracking under its key, and a retried activity skips those already sent.
 */
export function createScheduleChangedActivities(deps: ScheduleChangedDeps): ScheduleChangedActivities {
  return {
    async notifyPaymentScheduleChanged({ jobRunId, payload }) {
      const [owner, session, documents] = await Promise.all([
        deps.findStudio(payload.ownerId),
        deps.findSession(payload.ownerId, payload.sessionId),
        deps.listScheduledDocuments(payload.ownerId, payload.sessionId),
      ]);
      let sent = 0;
      for (const doc of documents) {
        if (!doc.contact_email) continue;
        const key = scheduleNoticeKey(payload.eventId, doc.id);
        if (await deps.scheduleNoticeSent(key)) continue;
        const before = scheduleContextOf(
          doc,
          payload.previousStart ? new Date(payload.previousStart) : null,
          owner.time_zone,
        );
        const after = scheduleContextOf(doc, payload.newStart ? new Date(payload.newStart) : null, owner.time_zone);
        const inputs = installmentInputs(doc.payment_schedule);
        // A schedule that no longer computes (the session lost its date) has no new dates to tell.
        if (scheduleProblems(inputs, before).length || scheduleProblems(inputs, after).length) continue;
        const locale = clientLocale({ locale: doc.contact_locale }, owner);
        const lines = scheduleNoticeLines(
          doc.payment_schedule,
          before,
          after,
          toHundredths(doc.amount_paid),
          locale,
          doc.currency,
        );
        if (lines.length === 0) continue;
        const template = await deps.findEmailTemplate(payload.ownerId, locale, 'payment-schedule-changed');
        if (!template)
          throw new Error('The system template payment-schedule-changed is missing: run the seed (npm run migrate)');
        const variables = {
          'contact.first_name': doc.contact_first_name ?? '',
          'session.title': session.title,
          'document.title': doc.title,
          'document.number': doc.number ?? '',
          changes: lines.join('\n'),
        };
        const subject = renderVariables(template.subject, variables, 'text');
        const messageId = `<${key.replace(/:/g, '-')}@studio.local>`;
        await deps.mailer.sendMail({
          from: deps.mailFrom,
          to: doc.contact_email,
          subject,
          text: renderVariables(template.body_text ?? lines.join('\n'), variables, 'text'),
          html: renderVariables(template.body_html, variables, 'html'),
          messageId,
        });
        await deps.recordScheduleNotice({
          ownerId: payload.ownerId,
          kind: doc.kind,
          documentId: doc.id,
          recipient: doc.contact_email,
          subject,
          messageId,
          key,
          jobRunId,
        });
        sent++;
      }
      deps.logger.info({ jobRunId, sessionId: payload.sessionId, sent }, 'Payment schedule notices sent');
      return { sent };
    },
  };
}
