import { type S3Client } from '@aws-sdk/client-s3';
import { type Transporter } from 'nodemailer';
import { type TaskRunMetadata } from '../../domain/automations/task-run-metadata';
import { type ContactRow } from '../../db/rows';
import { type loadClientFace } from '../../db/queries/client-face';
import { type findStudioRegionSources } from '../../db/queries/company-profile';
import { type findEmailTemplate } from '../../db/queries/email-templates';
import { type findTaskSmsTemplate, type TaskRunContext } from '../../db/queries/session-automation-task';
import { type UserLocale, type WordLocale } from '../../domain/accounts/users';
import { studioHeadHtml } from '../../domain/accounts/studio-head';
import { renderVariables } from '../../domain/emails/render-variables';
import { smsNumber, smsRegion } from '../../domain/sms/sms-number';
import { resolveSmsText, SMS_FALLBACK } from '../../domain/automations/sms-text';
import { type SmsProvider, SmsRejectedError } from '../../lib/sms/sms-provider';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type Bound } from '../db-deps';

/** The templates and the studio's face a task's message reads (db/queries/). */
export interface TaskMessageDb {
  findTaskSmsTemplate: Bound<typeof findTaskSmsTemplate>;
  findStudioRegionSources: Bound<typeof findStudioRegionSources>;
  findEmailTemplate: Bound<typeof findEmailTemplate>;
  loadClientFace: Bound<typeof loadClientFace>;
}

/** What sending a task's message needs from the worker. */
export interface TaskMessageDeps extends TaskMessageDb {
  sms: SmsProvider;
  mailer: Transporter;
  mailFrom: string;
  /** Reads the studio's logo, inlined at the head of task emails. */
  s3: S3Client;
  bucket: string;
}

/** A reason no retry can fix (no phone number, no template, the provider refused): the task is FAILED with it. */
export class TaskRejected extends Error {
  constructor(
    message: string,
    readonly metadata: TaskRunMetadata = {},
  ) {
    super(message);
  }
}

/** A task with its actions in display order. */
export type MessageTask = TaskRunContext['task'];

/**
 * One task's message (AUTOMATIC_SMS or AUTOMATIC_EMAIL) to one contact, the same for a session's
 * automation and a contact's, quote's or invoice's: the caller chose the recipient, its language
 * and the variables; the text comes from the task (template, action config, ...).
 */
export interface TaskMessage {
  /** The task run: the SMS reference and the email's Message-ID (a retried send is the same message). */
  runId: string;
  messageIdPrefix: string;
  task: MessageTask;
  ownerId: string;
  /** The recipient; null when there is none. Its id is null for the studio's own members (a task addressed to a role on the session). */
  contact: (Pick<ContactRow, 'email' | 'phone_number' | 'country'> & { id: string | null }) | null;
  locale: UserLocale;
  variables: Record<string, string>;
  /** What the run is for (automation, task, session or entity), kept in the run's metadata. */
  metadata: TaskRunMetadata;
  /** The end of "No phone number: …" / "No email address: …" when the recipient has none. */
  noRecipient: string;
  smsFallback?: Record<WordLocale, string>;
}

/** The task's email template: its own column, else the one its first action's config names. */
export const taskEmailTemplateId = (task: MessageTask): string | null => {
  const configured = task.actions[0]?.config.email_template_id;
  return task.email_template_id ?? (typeof configured === 'string' ? configured : null);
};

/** Sends an AUTOMATIC_SMS task's text (spec: template, config message, action, description, fallback); answers the run's metadata. */
export async function sendTaskSms(deps: TaskMessageDeps, m: TaskMessage): Promise<TaskRunMetadata> {
  const { task, contact, locale } = m;
  const config = task.actions[0]?.config ?? {};
  const template = await deps.findTaskSmsTemplate(
    m.ownerId,
    locale,
    task.sms_template_id,
    config.sms_template_business_key,
  );
  const { text, source } = resolveSmsText(
    { template: template?.message, configMessage: config.message, action: task.action, description: task.description },
    locale,
    m.smsFallback ?? SMS_FALLBACK,
  );
  const metadata: TaskRunMetadata = {
    provider: deps.sms.name,
    sms_template_id: template?.id ?? null,
    message_source: source,
    ...m.metadata,
  };
  if (!contact?.phone_number) throw new TaskRejected(`No phone number: ${m.noRecipient}`, metadata);
  const body = renderVariables(text, m.variables, 'text');
  const to = smsNumber(
    contact.phone_number,
    smsRegion({ contactCountry: contact.country, ...(await deps.findStudioRegionSources(m.ownerId)) }),
  );
  if (!to.ok) throw new TaskRejected(to.reason, { ...metadata, recipient_phone: contact.phone_number });
  try {
    const sent = await deps.sms.send({ to: to.number, body, reference: m.runId });
    return {
      ...metadata,
      provider: sent.provider,
      recipient_phone: to.number,
      provider_message_id: sent.providerMessageId,
    };
  } catch (err) {
    if (err instanceof SmsRejectedError)
      throw new TaskRejected(err.message, { ...metadata, recipient_phone: to.number });
    throw err;
  }
}

/** Mails an AUTOMATIC_EMAIL task: the studio's template (in the reader's language) or the action's message, under the studio's name and logo. */
export async function sendTaskEmail(deps: TaskMessageDeps, m: TaskMessage): Promise<TaskRunMetadata> {
  const { task, contact, locale, variables } = m;
  const config = task.actions[0]?.config ?? {};
  const templateId = taskEmailTemplateId(task);
  const businessKey = typeof config.email_template_business_key === 'string' ? config.email_template_business_key : '';
  const template =
    templateId || businessKey ? await deps.findEmailTemplate(m.ownerId, locale, businessKey, templateId) : null;
  const message = typeof config.message === 'string' && config.message.trim() ? config.message : null;
  if (!template && !message)
    throw new TaskRejected('No email template and no message: name an email template or give the action a message');
  if (!contact?.email) throw new TaskRejected(`No email address: ${m.noRecipient}`);
  const subject = renderVariables(
    template?.subject ?? (typeof config.subject === 'string' && config.subject ? config.subject : task.name),
    variables,
    'text',
  );
  const text = renderVariables(template?.body_text ?? message ?? '', variables, 'text');
  // The studio's name and logo head the html, above the template's body or the action's message.
  const face = await deps.loadClientFace(m.ownerId, contact.id);
  const head = face
    ? studioHeadHtml({ studioName: face.studioName, logoDataUri: await readLogoDataUri(deps, face.logoKey) })
    : '';
  const html = `${head}${template ? renderVariables(template.body_html, variables, 'html') : `<p style="white-space:pre-line">${renderVariables('{{m}}', { m: text }, 'html')}</p>`}`;
  await deps.mailer.sendMail({
    from: deps.mailFrom,
    to: contact.email,
    subject,
    text,
    html,
    messageId: `<${m.messageIdPrefix}-${m.runId}@studio.local>`,
  });
  return { email_template_id: template?.id ?? null, recipient_email: contact.email, ...m.metadata };
}
