import { type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { claimTaskRun, finishTaskRun, type TaskRunMetadata } from '../../db/commands/session-workflow-task-runs';
import { loadClientFace } from '../../db/queries/client-face';
import { findEmailTemplate } from '../../db/queries/email-templates';
import { findTaskSmsTemplate, loadTaskRunContext, sessionPeople, sessionRecipient, type TaskRunContext } from '../../db/queries/session-workflow-task';
import { clientLocale } from '../../domain/accounts/client-locale';
import { studioHeadHtml } from '../../domain/accounts/studio-head';
import { renderVariables } from '../../domain/emails/render-variables';
import { failureMessage } from '../../domain/failure-message';
import { sessionMessageVariables } from '../../domain/workflows/session-message-variables';
import { resolveSmsText } from '../../domain/workflows/sms-text';
import { taskDueAt, type TaskTiming } from '../../domain/workflows/task-timing';
import { startJob } from '../../lib/jobs/start-job';
import { type SmsProvider, SmsRejectedError } from '../../lib/sms/sms-provider';
import { readLogoDataUri } from '../../lib/studio-logo';
import { SESSION_INFO_INVITE_JOB, type SessionInfoInviteResult } from '../../workflows/session-info/contract';
import { type SessionWorkflowActivities } from '../../workflows/session-workflows/contract';

export interface WorkflowTaskDeps {
  logger: Logger;
  sms: SmsProvider;
  mailer: Transporter;
  mailFrom: string;
  temporal: Client;
  /** Reads the studio's logo, inlined at the head of task emails. */
  s3: S3Client;
  bucket: string;
}

/** A reason no retry can fix (no phone number, no template, the provider refused): the task is FAILED with it. */
class TaskRejected extends Error {}

/** The task's email template: its own column, else the one its first action's config names. */
const taskEmailTemplateId = (task: TaskRunContext['task']): string | null => {
  const configured = task.actions[0]?.config.email_template_id;
  return task.email_template_id ?? (typeof configured === 'string' ? configured : null);
};

/** How long a due moment may be ahead of this worker's clock and still count as due (timer vs clock). */
const DUE_TOLERANCE_MS = 1_000;

/**
 * Runs one session workflow task when it is due: AUTOMATIC_SMS, AUTOMATIC_EMAIL (the issue's
 * SEND_EMAIL) or SEND_SESSION_INFO_INVITE. A run already finished is answered as it is (a retried
 * activity does nothing twice); an error worth retrying is thrown with the run left RUNNING.
 */
export function createWorkflowTaskRunner(deps: WorkflowTaskDeps): Pick<SessionWorkflowActivities, 'runWorkflowTask'> {
  const finish = async (run: TaskRunContext['run'], status: 'COMPLETED' | 'FAILED', metadata: TaskRunMetadata, error?: string) => {
    await finishTaskRun(run, status, metadata, error);
    deps.logger.info({ taskRunId: run.id, sessionId: run.session_id, status, error }, 'Workflow task finished');
    return { status, error };
  };

  const sendSms = async ({ run, task, session, owner }: TaskRunContext): Promise<TaskRunMetadata> => {
    const config = task.actions[0]?.config ?? {};
    // The recipient first: the message is in their language (else the studio's).
    const contact = await sessionRecipient(session, 'phone_number');
    const locale = clientLocale(contact, owner);
    const template = await findTaskSmsTemplate(owner.id, locale, task.sms_template_id, config.sms_template_business_key);
    const { text, source } = resolveSmsText({ template: template?.message, configMessage: config.message, action: task.action, description: task.description }, locale);
    const metadata: TaskRunMetadata = { provider: deps.sms.name, sms_template_id: template?.id ?? null, message_source: source, workflow_id: run.workflow_id, workflow_task_id: task.id, session_id: session.id };
    if (!contact?.phone_number) throw Object.assign(new TaskRejected('No phone number: neither the session contact nor any session contact has one'), { metadata });
    const body = renderVariables(text, sessionMessageVariables({ session, contact, owner: { locale, timeZone: owner.time_zone }, people: await sessionPeople(session) }), 'text');
    try {
      const sent = await deps.sms.send({ to: contact.phone_number, body, reference: run.id });
      return { ...metadata, provider: sent.provider, recipient_phone: contact.phone_number, provider_message_id: sent.providerMessageId };
    } catch (err) {
      if (err instanceof SmsRejectedError) throw Object.assign(new TaskRejected(err.message), { metadata: { ...metadata, recipient_phone: contact.phone_number } });
      throw err;
    }
  };

  const sendEmail = async ({ run, task, session, owner }: TaskRunContext): Promise<TaskRunMetadata> => {
    const config = task.actions[0]?.config ?? {};
    const templateId = taskEmailTemplateId(task);
    const businessKey = typeof config.email_template_business_key === 'string' ? config.email_template_business_key : '';
    // The recipient first: the template is the one in their language (else the studio's).
    const contact = await sessionRecipient(session, 'email');
    const locale = clientLocale(contact, owner);
    const template = templateId || businessKey ? await findEmailTemplate(owner.id, locale, businessKey, templateId) : null;
    const message = typeof config.message === 'string' && config.message.trim() ? config.message : null;
    if (!template && !message) throw new TaskRejected('No email template and no message: name an email template or give the action a message');
    if (!contact?.email) throw new TaskRejected('No email address: neither the session contact nor any session contact has one');
    const variables = sessionMessageVariables({ session, contact, owner: { locale, timeZone: owner.time_zone }, people: await sessionPeople(session) });
    const subject = renderVariables(template?.subject ?? (typeof config.subject === 'string' && config.subject ? config.subject : task.name), variables, 'text');
    const text = renderVariables(template?.body_text ?? message ?? '', variables, 'text');
    // The studio's name and logo head the html, above the template's body or the action's message.
    const face = await loadClientFace(owner.id, contact.id);
    const head = face ? studioHeadHtml({ studioName: face.studioName, logoDataUri: await readLogoDataUri(deps, face.logoKey) }) : '';
    const html = `${head}${template ? renderVariables(template.body_html, variables, 'html') : `<p style="white-space:pre-line">${renderVariables('{{m}}', { m: text }, 'html')}</p>`}`;
    // The run's id as the message id: a retried send is recognisable as the same message.
    await deps.mailer.sendMail({ from: deps.mailFrom, to: contact.email, subject, text, html, messageId: `<task-run-${run.id}@studio.local>` });
    return { email_template_id: template?.id ?? null, recipient_email: contact.email, workflow_id: run.workflow_id, workflow_task_id: task.id, session_id: session.id };
  };

  // The same job the session-info endpoint starts, keyed by this run: a retry finds the one it started.
  const sendInvite = async ({ run, task, session, owner }: TaskRunContext, jobRunId: string): Promise<TaskRunMetadata> => {
    const emailTemplateId = taskEmailTemplateId(task);
    const key = `task-run:${run.id}`;
    const job = await startJob(deps.temporal, SESSION_INFO_INVITE_JOB, key, { ownerId: owner.id, sessionId: session.id, emailTemplateId, requestKey: key }, { userId: owner.id, entityId: session.id, requestId: jobRunId });
    try {
      const result = (await deps.temporal.workflow.getHandle(job.workflow_id).result()) as SessionInfoInviteResult;
      return { invite_job_run_id: job.id, recipient_email: result.to, workflow_id: run.workflow_id, workflow_task_id: task.id, session_id: session.id };
    } catch (err) {
      if (err instanceof WorkflowFailedError) throw new TaskRejected(`The session-info invitation failed: ${failureMessage(err)}`);
      throw err;
    }
  };

  return {
    async runWorkflowTask({ jobRunId, taskRunId, appliedAt, sessionStart }) {
      const context = await loadTaskRunContext(taskRunId);
      if (!context) return { status: 'SKIPPED', error: 'The task or the session no longer exists' };
      const { run, task, session } = context;
      if (run.status !== 'PENDING' && run.status !== 'RUNNING') return { status: run.status };

      // The session's start as it is now: a change whose signal never arrived moves the task again.
      const currentStart = session.start_date?.getTime() ?? null;
      if (currentStart !== sessionStart) {
        const due = taskDueAt({ timing: task.timing as TaskTiming, offsetMinutes: task.offset_minutes }, { appliedAt, sessionStart: currentStart });
        if (due === null || due > Date.now() + DUE_TOLERANCE_MS) return { status: 'RESCHEDULED', sessionStart: currentStart };
      }

      if (task.task_type === 'MANUAL') return { status: 'SKIPPED', error: 'MANUAL tasks are done by the studio, not run' };
      if (!(await claimTaskRun(run.id))) return { status: 'SKIPPED', error: 'The task run was finished elsewhere' };
      try {
        Context.current().heartbeat();
        const metadata =
          task.task_type === 'AUTOMATIC_SMS' ? await sendSms(context) : task.task_type === 'AUTOMATIC_EMAIL' ? await sendEmail(context) : await sendInvite(context, jobRunId);
        return await finish(run, 'COMPLETED', metadata);
      } catch (err) {
        if (err instanceof TaskRejected) return finish(run, 'FAILED', (err as TaskRejected & { metadata?: TaskRunMetadata }).metadata ?? {}, err.message);
        throw err;
      }
    },
  };
}
