import { type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { type Client, WorkflowFailedError } from '@temporalio/client';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type TaskRunMetadata } from '../../domain/automations/task-run-metadata';
import { type claimTaskRun } from '../../db/commands/claim-task-run';
import { type finishTaskRun } from '../../db/commands/finish-task-run';
import {
  type loadTaskRunContext,
  type sessionPeople,
  type sessionRecipient,
  type TaskRunContext,
} from '../../db/queries/session-automation-task';
import { type assignedMembers } from '../../db/queries/session-assignments';
import { clientLocale } from '../../domain/accounts/client-locale';
import { failureMessage } from '../../domain/failure-message';
import { sessionMessageVariables } from '../../domain/automations/session-message-variables';
import { taskDueAt, type TaskTiming } from '../../domain/automations/task-timing';
import { type SmsProvider } from '../../lib/sms/sms-provider';
import { type Bound, type StartJob } from '../db-deps';
import {
  sendTaskEmail,
  sendTaskSms,
  type TaskMessage,
  type TaskMessageDb,
  TaskRejected,
  taskEmailTemplateId,
} from '../automations/task-messages';
import { SESSION_INFO_INVITE_JOB, type SessionInfoInviteResult } from '../../workflows/session-info/contract';
import { type SessionAutomationActivities } from '../../workflows/automations/contract';

/** The task run, its session and recipient (db/queries/session-automation-task.ts), its claim and end, and the messages' reads. */
export interface SessionTaskDb extends TaskMessageDb {
  loadTaskRunContext: Bound<typeof loadTaskRunContext>;
  sessionRecipient: Bound<typeof sessionRecipient>;
  sessionPeople: Bound<typeof sessionPeople>;
  assignedMembers: Bound<typeof assignedMembers>;
  claimTaskRun: Bound<typeof claimTaskRun>;
  finishTaskRun: Bound<typeof finishTaskRun>;
}

export interface SessionTaskDeps extends SessionTaskDb {
  logger: Logger;
  /** Starts the session-info invitation job (SEND_SESSION_INFO_INVITE). */
  startJob: StartJob;
  sms: SmsProvider;
  mailer: Transporter;
  mailFrom: string;
  /** Waits for the invitation job's result. */
  temporal: Client;
  /** Reads the studio's logo, inlined at the head of task emails. */
  s3: S3Client;
  bucket: string;
}

/** How long a due moment may be ahead of this worker's clock and still count as due (timer vs clock). */
const DUE_TOLERANCE_MS = 1_000;

/** The session's message to its recipient (the main contact, else the first session contact with a phone or email), in their language. */
async function sessionMessage(
  deps: SessionTaskDeps,
  { run, task, session, owner }: TaskRunContext,
  field: 'phone_number' | 'email',
): Promise<TaskMessage> {
  const contact = await deps.sessionRecipient(session, field);
  const locale = clientLocale(contact, owner);
  return {
    runId: run.id,
    messageIdPrefix: 'task-run',
    task,
    ownerId: owner.id,
    contact,
    locale,
    variables: sessionMessageVariables({
      session,
      contact,
      // The client reads the shoot's time on their own clock when the studio knows it (a booking records it).
      owner: { locale, timeZone: contact?.time_zone ?? owner.time_zone },
      people: await deps.sessionPeople(session),
    }),
    metadata: { workflow_id: run.workflow_id, workflow_task_id: task.id, session_id: session.id },
    noRecipient: 'neither the session contact nor any session contact has one',
  };
}

/**
 * The session's messages to the members assigned in the task's role (issue 44 §2: "email the
 * second shooter the call sheet"): one to each, at their notification address, in their language
 * and with the shoot's time on their clock; the variables still name the client and the session.
 * None assigned: one message with no recipient, which the send refuses with the reason. Members
 * have no phone number here: an SMS task so addressed fails with the reason.
 */
async function membersMessages(
  deps: SessionTaskDeps,
  { run, task, session, owner }: TaskRunContext,
  role: NonNullable<TaskRunContext['task']['assignment_role']>,
): Promise<TaskMessage[]> {
  const members = await deps.assignedMembers(owner.id, session.id, role);
  const client = await deps.sessionRecipient(session, 'email');
  const people = await deps.sessionPeople(session);
  const metadata = {
    workflow_id: run.workflow_id,
    workflow_task_id: task.id,
    session_id: session.id,
    assignment_role: role,
  };
  const message = (member: (typeof members)[number] | null): TaskMessage => {
    const locale = member?.locale ?? owner.locale;
    return {
      runId: run.id,
      // One Message-ID per member and run: a retried send is the same message to the same person.
      messageIdPrefix: member ? `task-run-${member.user_id}` : 'task-run',
      task,
      ownerId: owner.id,
      contact: member ? { id: null, email: member.email, phone_number: null, country: null } : null,
      locale,
      variables: sessionMessageVariables({
        session,
        contact: client,
        owner: { locale, timeZone: member?.time_zone ?? owner.time_zone },
        people,
      }),
      metadata,
      noRecipient: `no member is assigned to the session as ${role}`,
    };
  };
  return members.length ? members.map(message) : [message(null)];
}

/** Sends each message in turn; the run's metadata names every recipient. */
async function sendEach(
  messages: TaskMessage[],
  send: (m: TaskMessage) => Promise<TaskRunMetadata>,
): Promise<TaskRunMetadata> {
  const sent: TaskRunMetadata[] = [];
  for (const m of messages) sent.push(await send(m));
  if (sent.length === 1) return sent[0];
  return { ...sent[0], recipient_email: sent.map((r) => r.recipient_email).join(', ') };
}

/** The same job the session-info endpoint starts, keyed by this run: a retry finds the one it started. */
async function sendInvite(
  deps: SessionTaskDeps,
  { run, task, session, owner }: TaskRunContext,
  jobRunId: string,
): Promise<TaskRunMetadata> {
  const emailTemplateId = taskEmailTemplateId(task);
  const key = `task-run:${run.id}`;
  const job = await deps.startJob(
    SESSION_INFO_INVITE_JOB,
    key,
    { ownerId: owner.id, sessionId: session.id, emailTemplateId, requestKey: key },
    { userId: owner.id, entityId: session.id, requestId: jobRunId },
  );
  try {
    const result = (await deps.temporal.workflow.getHandle(job.workflow_id).result()) as SessionInfoInviteResult;
    return {
      invite_job_run_id: job.id,
      recipient_email: result.to,
      workflow_id: run.workflow_id,
      workflow_task_id: task.id,
      session_id: session.id,
    };
  } catch (err) {
    if (err instanceof WorkflowFailedError)
      throw new TaskRejected(`The session-info invitation failed: ${failureMessage(err)}`);
    throw err;
  }
}

/**
 * Runs one session automation task when it is due: AUTOMATIC_SMS, AUTOMATIC_EMAIL (the issue's
 * SEND_EMAIL) or SEND_SESSION_INFO_INVITE. A run already finished is answered as it is (a retried
 * activity does nothing twice); an error worth retrying is thrown with the run left RUNNING.
 */
export function createSessionTaskRunner(deps: SessionTaskDeps): Pick<SessionAutomationActivities, 'runWorkflowTask'> {
  const finish = async (
    run: TaskRunContext['run'],
    status: 'COMPLETED' | 'FAILED',
    metadata: TaskRunMetadata,
    error?: string,
  ) => {
    await deps.finishTaskRun(run, status, metadata, error);
    deps.logger.info({ taskRunId: run.id, sessionId: run.session_id, status, error }, 'Workflow task finished');
    return { status, error };
  };

  const recipients = async (context: TaskRunContext, field: 'phone_number' | 'email') => {
    const role = context.task.assignment_role;
    return role ? membersMessages(deps, context, role) : [await sessionMessage(deps, context, field)];
  };
  const sendSms = async (context: TaskRunContext) =>
    sendEach(await recipients(context, 'phone_number'), (m) => sendTaskSms(deps, m));
  const sendEmail = async (context: TaskRunContext) =>
    sendEach(await recipients(context, 'email'), (m) => sendTaskEmail(deps, m));

  return {
    async runWorkflowTask({ jobRunId, taskRunId, appliedAt, sessionStart }) {
      const context = await deps.loadTaskRunContext(taskRunId);
      if (!context) return { status: 'SKIPPED', error: 'The task or the session no longer exists' };
      const { run, task, session } = context;
      if (run.status !== 'PENDING' && run.status !== 'RUNNING') return { status: run.status };

      // The session's start as it is now: a change whose signal never arrived moves the task again.
      const currentStart = session.start_date?.getTime() ?? null;
      if (currentStart !== sessionStart) {
        const due = taskDueAt(
          { timing: task.timing as TaskTiming, offsetMinutes: task.offset_minutes },
          { appliedAt, sessionStart: currentStart },
        );
        if (due === null || due > Date.now() + DUE_TOLERANCE_MS)
          return { status: 'RESCHEDULED', sessionStart: currentStart };
      }

      if (task.task_type === 'MANUAL')
        return { status: 'SKIPPED', error: 'MANUAL tasks are done by the studio, not run' };
      if (!(await deps.claimTaskRun(run.id)))
        return { status: 'SKIPPED', error: 'The task run was finished elsewhere' };
      try {
        Context.current().heartbeat();
        const metadata =
          task.task_type === 'AUTOMATIC_SMS'
            ? await sendSms(context)
            : task.task_type === 'AUTOMATIC_EMAIL'
              ? await sendEmail(context)
              : await sendInvite(deps, context, jobRunId);
        return await finish(run, 'COMPLETED', metadata);
      } catch (err) {
        if (err instanceof TaskRejected) return finish(run, 'FAILED', err.metadata, err.message);
        throw err;
      }
    },
  };
}
